import { useContext, useEffect, useMemo, useState } from 'react';
import type { EntityRow } from '../../../api/entity.api.ts';
import { errorText } from '../../../api/error-text.ts';
import { createOrdersFromLowStock, fetchLowStockSuggestions } from '../../../api/purchase.api.ts';
import {
  bySupplier,
  type LowStockSuggestion,
} from '../../../domain/entities/purchase/low-stock-suggestions.ts';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';

// The low-stock suggestions while the dialog is open: read once, grouped by supplier, all
// suppliers chosen at first; `create` drafts one order per chosen supplier.

export type LowStockOrders = {
  loading: boolean;
  error: string | null;
  groups: ReturnType<typeof bySupplier>;
  /** Low-stock products no active supplier sells: nothing to order them from yet. */
  unsourced: LowStockSuggestion[];
  chosen: ReadonlySet<number>;
  toggle: (supplierId: number) => void;
  busy: boolean;
  create: (shipTo: number) => Promise<EntityRow[] | null>;
};

export function useLowStockOrders(): LowStockOrders {
  const request = useContext(EntityRequestContext);
  const [rows, setRows] = useState<LowStockSuggestion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);

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
    busy,
    create: async (shipTo) => {
      setBusy(true);
      try {
        return await createOrdersFromLowStock(
          request,
          groups.filter((g) => chosen.has(g.supplier_id)).map((g) => g.supplier_id),
          shipTo,
        );
      } catch (failure) {
        setError(errorText(failure));
        return null;
      } finally {
        setBusy(false);
      }
    },
  };
}
