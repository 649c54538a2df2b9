import { sql } from 'drizzle-orm';
import { receiptStatusOf } from '../../../src/domain/entities/purchase/purchase-order-figures.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { numberSetting } from '../setting-value.ts';
import { logTransition } from '../stock/transition-log.ts';

// A purchase order line's `qty_received` is a cache of the receipts posted against it
// (inventory receivings and lab receivings, domain.md §5), written here and only here, in the
// receipt's own transaction (domain.md §13 invariants 2, 11, 12). The orders are locked
// before their lines, in id order, the same order the purchase order routes lock them, so two
// receipts of one line queue instead of both reading the same open quantity, and a receipt
// never deadlocks with a close or a cancel of its order.
//
// **decision** (issue 16): only `sent` and `partially_received` orders take goods. A draft,
// an order waiting for approval, an approved order not yet sent (the supplier has not seen
// it), an order on hold, a received, closed or cancelled one is refused. A negative quantity
// gives back what a reversed receipt had brought; it is taken in every status but leaves a
// closed order closed.

/** One receipt line against a purchase order line; qty < 0 takes a reversed receipt back. */
export type PurchaseReceiptLine = { purchaseOrderLineId: number; qty: number };

/** What may be received past a line's open quantity when the setting is missing. */
export const DEFAULT_OVER_RECEIPT_PCT = 0;

export const RECEIVABLE_PO_STATUSES = ['sent', 'partially_received'] as const;

/** Statuses that follow the receipts by themselves; the others keep their status. */
const RECEIPT_DRIVEN = ['sent', 'partially_received', 'received'] as const;

type LockedOrder = { id: number; number: string; status: string };
type LockedLine = {
  id: number;
  purchase_order_id: number;
  sku: string;
  line_no: number;
  qty: string;
  qty_received: string;
  qty_billed: string;
  qty_cancelled: string;
};

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The error of the first input line that names `poLineId`, under `lines.{i}.qty`. */
function lineError(input: readonly PurchaseReceiptLine[], poLineId: number, message: string) {
  const index = input.findIndex((l) => l.purchaseOrderLineId === poLineId);
  return new ApiError('validation_error', { [`lines.${Math.max(0, index)}.qty`]: message }, 422);
}

function statusAfter(current: string, receipt: ReturnType<typeof receiptStatusOf>): string {
  if (!(RECEIPT_DRIVEN as readonly string[]).includes(current)) return current;
  return receipt === 'not_received' ? 'sent' : receipt;
}

/**
 * Adds `lines` to their purchase order lines' received quantity, refusing an order that does
 * not take goods and a quantity over open × (1 + `purchase.over_receipt_pct`/100), then
 * rewrites each touched order's receipt status and moves sent → partially_received → received
 * (one status_transitions row each, version bumped by the row stamp). Returns the touched
 * orders' ids, for the caller to announce once committed (announce-purchase-receipts.ts).
 */
export async function applyPurchaseReceipt(
  tx: Tx,
  actor: { readonly id: number },
  lines: readonly PurchaseReceiptLine[],
): Promise<number[]> {
  // Several receipt lines may bring one PO line: the check and the cache take their sum.
  const wanted = new Map<number, number>();
  for (const line of lines) {
    if (line.qty === 0) continue;
    wanted.set(
      line.purchaseOrderLineId,
      round3((wanted.get(line.purchaseOrderLineId) ?? 0) + line.qty),
    );
  }
  if (wanted.size === 0) return [];
  const ids = [...wanted.keys()];
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const orders = await queryRows<LockedOrder>(
    tx,
    sql`select po.id, po.number, po.status from purchase_orders po
         where po.id in (select pl.purchase_order_id from purchase_order_lines pl
                          where pl.id in (${idList}))
         order by po.id for update`,
  );
  const locked = await queryRows<LockedLine>(
    tx,
    sql`select pl.id, pl.purchase_order_id, p.sku, pl.qty, pl.qty_received, pl.qty_billed,
               pl.qty_cancelled,
               (select count(*) from purchase_order_lines o
                 where o.purchase_order_id = pl.purchase_order_id and o.id <= pl.id)::int as line_no
          from purchase_order_lines pl join products p on p.id = pl.product_id
         where pl.id in (${idList})
         order by pl.id for update of pl`,
  );
  const byId = new Map(locked.map((l) => [Number(l.id), l]));
  const orderOf = new Map(orders.map((o) => [Number(o.id), o]));
  const pct = await numberSetting(tx, 'purchase.over_receipt_pct', DEFAULT_OVER_RECEIPT_PCT);

  for (const [poLineId, qty] of wanted) {
    const line = byId.get(poLineId);
    if (!line) throw lineError(lines, poLineId, 'This purchase order line does not exist');
    const order = orderOf.get(Number(line.purchase_order_id));
    const where = `${order?.number ?? 'PO'} line ${line.line_no} (${line.sku})`;
    const received = Number(line.qty_received);
    if (qty < 0) {
      if (received + qty < -0.0005) {
        throw lineError(lines, poLineId, `${where}: only ${received} was received`);
      }
      continue;
    }
    if (!order || !(RECEIVABLE_PO_STATUSES as readonly string[]).includes(order.status)) {
      throw lineError(
        lines,
        poLineId,
        `${order?.number ?? 'The purchase order'} is ${order?.status.replaceAll('_', ' ') ?? 'missing'}: it takes no goods (sent or partially received orders do)`,
      );
    }
    const open = Math.max(0, round3(Number(line.qty) - received - Number(line.qty_cancelled)));
    const limit = round3(open * (1 + pct / 100));
    if (qty > limit + 0.0005) {
      throw lineError(
        lines,
        poLineId,
        `Over-receipt on ${where}: ${qty} received, ${open} open, at most ${limit} with the ${pct}% tolerance`,
      );
    }
  }

  for (const [poLineId, qty] of wanted) {
    await tx.execute(
      sql`update purchase_order_lines set qty_received = qty_received + ${qty}
           where id = ${poLineId}`,
    );
  }

  const touched = [...new Set(locked.map((l) => Number(l.purchase_order_id)))].sort(
    (a, b) => a - b,
  );
  for (const orderId of touched) {
    const order = orderOf.get(orderId);
    if (!order) continue;
    const quantities = (
      await queryRows<LockedLine>(
        tx,
        sql`select qty, qty_received, qty_billed, qty_cancelled from purchase_order_lines
             where purchase_order_id = ${orderId}`,
      )
    ).map((l) => ({
      qty: Number(l.qty),
      qty_received: Number(l.qty_received),
      qty_billed: Number(l.qty_billed),
      qty_cancelled: Number(l.qty_cancelled),
    }));
    const receipt = receiptStatusOf(quantities);
    const status = statusAfter(order.status, receipt);
    await tx.execute(
      sql`update purchase_orders set receipt_status = ${receipt}, status = ${status},
             updated_by = ${actor.id}
           where id = ${orderId}`,
    );
    if (status !== order.status) {
      await logTransition(tx, {
        entityType: 'purchase_orders',
        entityId: orderId,
        from: order.status,
        to: status,
        // A reversed receipt moves the order back; its timeline says which it was.
        event: [...wanted.values()].some((q) => q < 0) ? 'reverse_receipt' : 'receive',
        reason: null,
        actorId: actor.id,
      });
    }
  }
  return touched;
}
