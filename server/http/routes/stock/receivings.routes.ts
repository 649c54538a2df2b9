import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  RECEIVING_LINES,
  RECEIVINGS,
  receivingDoc,
  type ReceivingLineRow,
  type ReceivingRow,
} from '../../../../src/domain/entities/stock/receivings.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import {
  RECEIVING_TRANSITIONS,
  receivingMachine,
} from '../../../../src/machines/workflows/receiving.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { products, stockLots } from '../../../db/schema/inventory.ts';
import { purchaseOrders, suppliers } from '../../../db/schema/purchase.ts';
import { receivingLines, receivings, stockMovements } from '../../../db/schema/stock.ts';
import { postMovements } from '../../../db/stock/post-movements.ts';
import { ruleError } from '../../../errors/api-error.ts';
import { refLabel } from '../../entity/entity-binding.ts';
import { registerDocumentRoutes } from '../../entity/document-routes.ts';
import {
  binLabel,
  createdLabels,
  locationLabel,
  parameterLabel,
  productLabels,
} from '../../entity/shared-field-labels.ts';
import { checkBinsAt } from './stock-checks.ts';
import type { EventContext } from '../../../db/document-event.ts';
import { announcingPostings } from './posting-effects.ts';
import type { PostingOutcome } from '../../../db/stock/posting-outcome.ts';

// Receivings RC- (docs/domain/inventory.md §2). Posting creates or reuses each line's lot and
// writes `receipt` movements for the accepted quantity (qty − rejected); reversing writes the exact
// opposite (`receipt_reversal`) and leaves the lots alone. A receiving against a purchase
// order also writes the accepted quantity to its lines' received cache, in the same
// transaction, refused past the over-receipt tolerance (po-receipt-cache.ts); the rejected
// part goes back to the supplier and stays open on the order.

const accepted = (line: ReceivingLineRow) =>
  Math.round(((line.qty ?? 0) - (line.qty_rejected ?? 0)) * 1000) / 1000;

/** The lines as the lines binding reads them, numerics already numbers. */
const linesOf = (lines: EventContext['lines']): ReceivingLineRow[] =>
  lines.map((l) => rowOf(RECEIVING_LINES, l));

/** What each line brings to its purchase order line (reversed: takes back), if any. */
const receiptLines = (lines: ReceivingLineRow[], sign: 1 | -1) =>
  lines.flatMap((l) =>
    l.purchase_order_line_id == null
      ? []
      : [{ purchaseOrderLineId: l.purchase_order_line_id, qty: sign * accepted(l) }],
  );

/** A line's accepted quantity against its purchase order line (negative: taken back). */
export type ReceiptLine = { purchaseOrderLineId: number; qty: number };

/** How a receiving names itself on its purchase order's timeline. */
export type ReceivingSource = { through: 'Inventory receiving'; number: string };

/**
 * What purchase does when a receiving against its order posts or is reversed, handed in by the
 * server's stock registrar: the order lines' received figures move in the same transaction
 * (refused past the over-receipt tolerance), and what it returns is told after commit.
 */
export type ReceivingHooks = {
  received: (
    tx: Tx,
    actor: { readonly id: number },
    lines: readonly ReceiptLine[],
    source: ReceivingSource,
  ) => Promise<() => Promise<void>>;
};

/** The receiving as its purchase order's timeline names it. */
const receiptOf = (doc: ReceivingRow): ReceivingSource => ({
  through: 'Inventory receiving',
  number: doc.number ?? '',
});

/**
 * A receiving against an order names the order's supplier, and each line against it names
 * one of its lines with the same product; lines without a PO line are extras (samples).
 */
async function checkAgainstOrder(
  tx: Tx,
  header: Record<string, unknown>,
  lines: Record<string, unknown>[],
) {
  const orderId = header.purchase_order_id == null ? null : Number(header.purchase_order_id);
  if (orderId === null) {
    const index = lines.findIndex((l) => l.purchase_order_line_id != null);
    if (index >= 0) {
      throw ruleError('purchase_order_id', 'Choose the purchase order these lines come against');
    }
    return;
  }
  const [order] = await tx
    .select({ supplierId: purchaseOrders.supplierId, number: purchaseOrders.number })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, orderId));
  if (!order) return; // assertRefs already answered `exists`
  if (header.supplier_id != null && Number(header.supplier_id) !== order.supplierId) {
    throw ruleError('purchase_order_id', `${order.number} is another supplier's order`);
  }
  const poLines = await queryRows<{ id: number; product_id: number }>(
    tx,
    sql`select id::int as id, product_id::int as product_id from purchase_order_lines
         where purchase_order_id = ${orderId}`,
  );
  const productOf = new Map(poLines.map((l) => [l.id, l.product_id]));
  lines.forEach((line, index) => {
    if (line.purchase_order_line_id == null) return;
    const product = productOf.get(Number(line.purchase_order_line_id));
    if (product === undefined) {
      throw ruleError(`lines.${index}.purchase_order_line_id`, `Not a line of ${order.number}`);
    }
    if (product !== Number(line.product_id)) {
      throw ruleError(
        `lines.${index}.product_id`,
        `The product is not the one ordered on this line of ${order.number}`,
      );
    }
  });
}

async function lotFor(
  tx: Tx,
  line: ReceivingLineRow,
  index: number,
  doc: ReceivingRow,
  tracked: Map<number, { sku: string; tracked: boolean }>,
) {
  const productId = line.product_id ?? 0;
  const lotNo = line.lot_no?.trim() || null;
  const product = tracked.get(productId);
  if (!lotNo) {
    if (product?.tracked)
      throw ruleError(`lines.${index}.lot_no`, `Lot is required for ${product.sku}`);
    return null;
  }
  await tx
    .insert(stockLots)
    .values({
      productId,
      lotNo,
      source: 'receipt',
      receivedAt: new Date(`${doc.received_date}T12:00:00Z`),
      expiryDate: line.expiry_date,
    })
    .onConflictDoNothing();
  const [lot] = await tx
    .select({ id: stockLots.id })
    .from(stockLots)
    .where(and(eq(stockLots.productId, productId), eq(stockLots.lotNo, lotNo)));
  return lot?.id ?? null;
}

async function post(
  hooks: ReceivingHooks,
  { tx, actor, doc: row, lines: rows }: EventContext,
): Promise<PostingOutcome> {
  const doc = receivingDoc(row);
  const lines = linesOf(rows);
  const productRows = await tx
    .select({ id: products.id, sku: products.sku, tracked: products.isLotTracked })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((l) => l.product_id ?? 0),
      ),
    );
  const tracked = new Map(productRows.map((p) => [p.id, { sku: p.sku, tracked: p.tracked }]));
  const moves = [];
  for (const [index, line] of lines.entries()) {
    const lotId = await lotFor(tx, line, index, doc, tracked);
    await tx.update(receivingLines).set({ lotId }).where(eq(receivingLines.id, line.id));
    moves.push({
      productId: line.product_id ?? 0,
      locationId: doc.location_id,
      lotId,
      binId: line.bin_id,
      qty: accepted(line),
      unitCost: line.unit_cost ?? 0,
      movementType: 'receipt' as const,
      sourceType: 'receivings' as const,
      sourceId: doc.id,
      sourceLineId: line.id,
      line: index,
    });
  }
  const posting = await postMovements(tx, moves, { actorId: actor.id });
  const afterCommit = await hooks.received(tx, actor, receiptLines(lines, 1), receiptOf(doc));
  return { posting, afterCommit };
}

async function reverse(
  hooks: ReceivingHooks,
  { tx, actor, doc: row, lines, reason }: EventContext,
): Promise<PostingOutcome> {
  const doc = receivingDoc(row);
  const receipts = await tx
    .select()
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.sourceType, 'receivings'),
        eq(stockMovements.sourceId, doc.id),
        eq(stockMovements.movementType, 'receipt'),
      ),
    )
    .orderBy(stockMovements.id);
  const posting = await postMovements(
    tx,
    receipts.map((m, index) => ({
      productId: m.productId,
      locationId: m.locationId,
      lotId: m.lotId,
      binId: m.binId,
      qty: -Number(m.qty),
      unitCost: m.unitCost === null ? null : Number(m.unitCost),
      movementType: 'receipt_reversal' as const,
      sourceType: 'receivings',
      sourceId: doc.id,
      sourceLineId: m.sourceLineId,
      reversalOfId: m.id,
      note: reason,
      line: index,
    })),
    { actorId: actor.id },
  );
  const afterCommit = await hooks.received(
    tx,
    actor,
    receiptLines(linesOf(lines), -1),
    receiptOf(doc),
  );
  return { posting, afterCommit };
}

export function registerReceivingRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hooks: ReceivingHooks,
): void {
  registerDocumentRoutes(app, deps, {
    header: {
      entity: RECEIVINGS,
      table: receivings,
      computed: {
        location_name: locationLabel(receivings.locationId),
        supplier_name: refLabel(receivings.supplierId, suppliers),
        purchase_order_number: refLabel(receivings.purchaseOrderId, purchaseOrders, 'number'),
        ...createdLabels(receivings.createdBy),
      },
    },
    lines: {
      entity: RECEIVING_LINES,
      table: receivingLines,
      computed: {
        ...productLabels(receivingLines.productId),
        reject_reason_name: parameterLabel(receivingLines.rejectReasonId),
        bin_code: binLabel(receivingLines.binId),
      },
    },
    linesKey: { key: 'receivingId', column: receivingLines.receivingId },
    docType: 'receiving',
    workflow: { machine: receivingMachine, table: RECEIVING_TRANSITIONS },
    checkDraft: async (tx, header, lines) => {
      lines.forEach((line, index) => {
        if (Number(line.qty_rejected ?? 0) > Number(line.qty)) {
          throw ruleError(
            `lines.${index}.qty_rejected`,
            'Rejected cannot exceed the quantity received',
          );
        }
      });
      await checkBinsAt(
        tx,
        Number(header.location_id),
        lines.map((l) => l.bin_id),
      );
      await checkAgainstOrder(tx, header, lines);
    },
    effects: announcingPostings(deps, {
      post: (ctx) => post(hooks, ctx),
      reverse: (ctx) => reverse(hooks, ctx),
    }),
    announce: { post: 'receiving.posted' },
  });
}
