import { sql } from 'drizzle-orm';
import { receiptStatusOf } from '../../../src/domain/entities/purchase/purchase-order-figures.ts';
import { formatAmount } from '../../../src/domain/formats/number.format.ts';
import { ApiError } from '../../errors/api-error.ts';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { numberSetting } from '../setting-value.ts';
import { logTransition } from '../transition-log.ts';

// A purchase order line's `qty_received` is a cache of the receipts posted against it
// (inventory receivings and lab receivings, docs/domain/purchase.md §5), written here and only
// here, in the receipt's own transaction (docs/domain/README.md §13 invariants 2, 11, 12). The
// orders are locked before their lines, in id order, the same order the purchase order routes lock
// them, so two receipts of one line queue instead of both reading the same open quantity, and a
// receipt never deadlocks with a close or a cancel of its order.
//
// **decision**: only `sent` and `partially_received` orders take goods. A draft, an order waiting
// for approval, an approved order not yet sent (the supplier has not seen it), an order on hold, a
// received, closed or cancelled one is refused. A negative quantity gives back what a reversed
// receipt had brought; it is taken in every status but leaves a closed order closed.

/** One receipt line against a purchase order line; qty < 0 takes a reversed receipt back. */
export type PurchaseReceiptLine = { purchaseOrderLineId: number; qty: number };

/** How a receipt came: the document that brought (or took back) the goods, for the order's story. */
export type ReceiptSource = {
  readonly through: 'Inventory receiving' | 'Lab receiving';
  readonly number: string;
};

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

/** Several receipt lines may bring one PO line: the check and the cache take their sum. */
function summed(lines: readonly PurchaseReceiptLine[]): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const line of lines) {
    if (line.qty === 0) continue;
    wanted.set(
      line.purchaseOrderLineId,
      round3((wanted.get(line.purchaseOrderLineId) ?? 0) + line.qty),
    );
  }
  return wanted;
}

const idListOf = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The orders and lines `wanted` touches, locked (`for update`) when the receipt is written. */
async function readTouched(tx: Tx, ids: readonly number[], lock: boolean) {
  const idList = idListOf(ids);
  const orders = await queryRows<LockedOrder>(
    tx,
    sql`select po.id, po.number, po.status from purchase_orders po
         where po.id in (select pl.purchase_order_id from purchase_order_lines pl
                          where pl.id in (${idList}))
         order by po.id ${lock ? sql`for update` : sql``}`,
  );
  const lines = await queryRows<LockedLine>(
    tx,
    sql`select pl.id, pl.purchase_order_id, p.sku, pl.qty, pl.qty_received, pl.qty_billed,
               pl.qty_cancelled,
               (select count(*) from purchase_order_lines o
                 where o.purchase_order_id = pl.purchase_order_id and o.id <= pl.id)::int as line_no
          from purchase_order_lines pl join products p on p.id = pl.product_id
         where pl.id in (${idList})
         order by pl.id ${lock ? sql`for update of pl` : sql``}`,
  );
  return {
    orderOf: new Map(orders.map((o) => [Number(o.id), o])),
    byId: new Map(lines.map((l) => [Number(l.id), l])),
  };
}

const lineName = (order: LockedOrder | undefined, line: LockedLine) =>
  `${order?.number ?? 'PO'} line ${line.line_no} (${line.sku})`;

/**
 * Refuses (422 under the first input line's `qty`) an order that does not take goods and a
 * quantity over open × (1 + `purchase.over_receipt_pct`/100); a negative quantity only up to
 * what was received.
 */
async function refuseWhatDoesNotFit(
  tx: Tx,
  input: readonly PurchaseReceiptLine[],
  wanted: ReadonlyMap<number, number>,
  { orderOf, byId }: Awaited<ReturnType<typeof readTouched>>,
): Promise<void> {
  const pct = await numberSetting(tx, 'purchase.over_receipt_pct', DEFAULT_OVER_RECEIPT_PCT);
  for (const [poLineId, qty] of wanted) {
    const line = byId.get(poLineId);
    if (!line) throw lineError(input, poLineId, 'This purchase order line does not exist');
    const order = orderOf.get(Number(line.purchase_order_id));
    const where = lineName(order, line);
    const received = Number(line.qty_received);
    if (qty < 0) {
      if (received + qty < -0.0005) {
        throw lineError(input, poLineId, `${where}: only ${received} was received`);
      }
      continue;
    }
    if (!order || !(RECEIVABLE_PO_STATUSES as readonly string[]).includes(order.status)) {
      throw lineError(
        input,
        poLineId,
        `${order?.number ?? 'The purchase order'} is ${order?.status.replaceAll('_', ' ') ?? 'missing'}: it takes no goods (sent or partially received orders do)`,
      );
    }
    const open = Math.max(0, round3(Number(line.qty) - received - Number(line.qty_cancelled)));
    const limit = round3(open * (1 + pct / 100));
    if (qty > limit + 0.0005) {
      throw lineError(
        input,
        poLineId,
        `Over-receipt on ${where}: ${qty} received, ${open} open, at most ${limit} with the ${pct}% tolerance`,
      );
    }
  }
}

/**
 * The refusals `applyPurchaseReceipt` would make, read now without writing or locking: a
 * document that receives later (a lab receiving's draft and its receipt of the goods) is told
 * early; the posting checks again under its locks, which decides.
 */
export async function checkPurchaseReceipt(
  tx: Tx,
  lines: readonly PurchaseReceiptLine[],
): Promise<void> {
  const wanted = summed(lines);
  if (wanted.size === 0) return;
  await refuseWhatDoesNotFit(tx, lines, wanted, await readTouched(tx, [...wanted.keys()], false));
}

/** What the order's timeline keeps of a receipt: which document, through where, how much. */
function receiptPayload(
  source: ReceiptSource,
  orderId: number,
  wanted: ReadonlyMap<number, number>,
  byId: ReadonlyMap<number, LockedLine>,
) {
  const quantities = [...wanted]
    .map(([id, qty]) => ({ line: byId.get(id), qty }))
    .filter(
      (l): l is { line: LockedLine; qty: number } => Number(l.line?.purchase_order_id) === orderId,
    )
    .sort((a, b) => a.line.line_no - b.line.line_no)
    .map(({ line, qty }) => `line ${line.line_no} ${line.sku} ${formatAmount(qty)}`);
  return {
    receipt: source.number,
    received_through: source.through,
    quantities: quantities.join(', '),
  };
}

/**
 * Adds `lines` to their purchase order lines' received quantity, refusing what does not fit
 * (refuseWhatDoesNotFit), then rewrites each touched order's receipt status and moves sent →
 * partially_received → received. Each touched order gets one status_transitions row naming
 * the receipt (`source`) and its quantities, whether or not its status moved, so the order's
 * timeline tells every receipt (version bumped by the row stamp). Returns the touched orders'
 * ids, for the caller to announce once committed (announce-purchase-receipts.ts).
 */
export async function applyPurchaseReceipt(
  tx: Tx,
  actor: { readonly id: number },
  lines: readonly PurchaseReceiptLine[],
  source: ReceiptSource,
): Promise<number[]> {
  const wanted = summed(lines);
  if (wanted.size === 0) return [];
  const touchedRows = await readTouched(tx, [...wanted.keys()], true);
  await refuseWhatDoesNotFit(tx, lines, wanted, touchedRows);
  const { orderOf, byId } = touchedRows;
  const locked = [...byId.values()];

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
    const reversed = [...wanted.values()].some((q) => q < 0);
    await logTransition(tx, {
      entityType: 'purchase_orders',
      entityId: orderId,
      from: order.status,
      to: status,
      // A reversed receipt moves the order back; its timeline says which it was.
      event: reversed ? 'reverse_receipt' : 'receive',
      reason: null,
      payload: receiptPayload(source, orderId, wanted, byId),
      actorId: actor.id,
    });
  }
  return touched;
}
