import { useContext, useEffect, useMemo, useState } from 'react';
import { errorText } from '../../../api/error-text.ts';
import { createOrdersFromLowStock, fetchLowStockSuggestions } from '../../../api/purchase.api.ts';
import {
  bySupplier,
  type LowStockSuggestion,
} from '../../../domain/entities/purchase/low-stock-suggestions.ts';
import { entityApi } from '../../../api/entity.api.ts';
import {
  PURCHASE_ORDERS,
  purchaseOrderDoc,
  type PurchaseOrderDoc,
} from '../../../domain/entities/purchase/purchase-orders.entity.ts';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';

// The low-stock suggestions while the dialog is open: read once, grouped by supplier, all
// suppliers chosen at first, each quantity the suggestion until the buyer types another; the
// ship-to starts where the last purchase order went. `create` drafts one order per chosen
// supplier with the quantities as they stand.

export type LowStockOrders = {
  loading: boolean;
  error: string | null;
  groups: ReturnType<typeof bySupplier>;
  /** Low-stock products no active supplier sells: nothing to order them from yet. */
  unsourced: LowStockSuggestion[];
  chosen: ReadonlySet<number>;
  toggle: (supplierId: number) => void;
  /** What a product's line will order: the buyer's quantity, else the suggestion. */
  qtyOf: (line: LowStockSuggestion) => number;
  setQty: (productId: number, qty: number) => void;
  /** Where the last purchase order went; null until read, or when there is none. */
  lastShipTo: number | null;
  busy: boolean;
  create: (shipTo: number) => Promise<PurchaseOrderDoc[] | null>;
};

export function useLowStockOrders(): LowStockOrders {
  const request = useContext(EntityRequestContext);
  const [rows, setRows] = useState<LowStockSuggestion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState<ReadonlyMap<number, number>>(new Map());
  const [lastShipTo, setLastShipTo] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    entityApi(PURCHASE_ORDERS, request)
      .list({ sort: { field: 'id', direction: 'desc' }, per_page: 1 })
      .then(
        (page) => {
          const [last] = page.rows;
          const shipTo = last ? purchaseOrderDoc(last).ship_to_location_id : 0;
          if (live && shipTo > 0) setLastShipTo(shipTo);
        },
        // No default then: the buyer picks one, as before.
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [request]);

  useEffect(() => {
    let live = true;
    fetchLowStockSuggestions(request).then(
      (answer) => {
        if (!live) return;
        setRows(answer);
        setChosen(new Set(bySupplier(answer).map((g) => g.supplier_id)));
      },
      (failure: unknown) => live && setError(errorText(failure)),
    );
    return () => {
      live = false;
    };
  }, [request]);

  const groups = useMemo(() => bySupplier(rows ?? []), [rows]);
  const unsourced = useMemo(
    () => (rows ?? []).filter((r) => r.supplier_id === null && r.suggested > 0),
    [rows],
  );

  return {
    loading: rows === null && error === null,
    error,
    groups,
    unsourced,
    chosen,
    toggle: (supplierId) =>
      setChosen((current) => {
        const next = new Set(current);
        if (!next.delete(supplierId)) next.add(supplierId);
        return next;
      }),
    qtyOf: (line) => typed.get(line.product_id) ?? line.order_qty,
    setQty: (productId, qty) => setTyped((current) => new Map(current).set(productId, qty)),
    lastShipTo,
    busy,
    create: async (shipTo) => {
      setBusy(true);
      try {
        const picked = groups.filter((g) => chosen.has(g.supplier_id));
        const quantities = Object.fromEntries(
          picked
            .flatMap((g) => g.lines)
            .flatMap((l) => {
              const qty = typed.get(l.product_id);
              return qty === undefined ? [] : [[String(l.product_id), qty]];
            }),
        );
        const drafts = await createOrdersFromLowStock(
          request,
          picked.map((g) => g.supplier_id),
          shipTo,
          quantities,
        );
        return drafts.map(purchaseOrderDoc);
      } catch (failure) {
        setError(errorText(failure));
        return null;
      } finally {
        setBusy(false);
      }
    },
  };
}
