import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import {
  RECEIVING_LINES,
  RECEIVINGS,
} from '../../../../src/domain/entities/stock/receivings.entity.ts';
import {
  RECEIVING_TRANSITIONS,
  receivingMachine,
} from '../../../../src/machines/workflows/receiving.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Tx } from '../../../db/client.ts';
import { products, stockLots } from '../../../db/schema/inventory.ts';
import { receivingLines, receivings, stockMovements } from '../../../db/schema/stock.ts';
import { postMovements } from '../../../db/stock/post-movements.ts';
import { ruleError } from '../../api-error.ts';
import type { EntityRow } from '../../entity/entity-binding.ts';
import { registerDocumentRoutes } from './document-routes.ts';
import type { EventContext } from './document-spec.ts';
import {
  binLabel,
  createdLabels,
  locationLabel,
  parameterLabel,
  productLabels,
} from './stock-labels.ts';
import { checkBinsAt } from './stock-checks.ts';

// Receivings RC- (domain.md §2). Posting creates or reuses each line's lot and writes
// `receipt` movements for the accepted quantity (qty − rejected); reversing writes the exact
// opposite (`receipt_reversal`) and leaves the lots alone. No purchase orders exist yet, so
// the over-receipt check against the PO's open quantity is not made.

async function lotFor(
  tx: Tx,
  line: EntityRow,
  index: number,
  doc: EntityRow,
  tracked: Map<number, { sku: string; tracked: boolean }>,
) {
  const productId = Number(line.product_id);
  const lotNo = (line.lot_no as string | null)?.trim() || null;
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
      receivedAt: new Date(`${String(doc.received_date)}T12:00:00Z`),
      expiryDate: (line.expiry_date as string | null) ?? null,
    })
    .onConflictDoNothing();
  const [lot] = await tx
    .select({ id: stockLots.id })
    .from(stockLots)
    .where(and(eq(stockLots.productId, productId), eq(stockLots.lotNo, lotNo)));
  return lot?.id ?? null;
}

async function post({ tx, actor, doc, lines }: EventContext) {
  const productRows = await tx
    .select({ id: products.id, sku: products.sku, tracked: products.isLotTracked })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((l) => Number(l.product_id)),
      ),
    );
  const tracked = new Map(productRows.map((p) => [p.id, { sku: p.sku, tracked: p.tracked }]));
  const moves = [];
  for (const [index, line] of lines.entries()) {
    const lotId = await lotFor(tx, line, index, doc, tracked);
    await tx.update(receivingLines).set({ lotId }).where(eq(receivingLines.id, line.id));
    const accepted = Math.round((Number(line.qty) - Number(line.qty_rejected ?? 0)) * 1000) / 1000;
    moves.push({
      productId: Number(line.product_id),
      locationId: Number(doc.location_id),
      lotId,
      binId: (line.bin_id as number | null) ?? null,
      qty: accepted,
      unitCost: Number(line.unit_cost ?? 0),
      movementType: 'receipt' as const,
      sourceType: 'receivings' as const,
      sourceId: doc.id,
      sourceLineId: line.id,
      line: index,
    });
  }
  return { posting: await postMovements(tx, moves, { actorId: actor.id }) };
}

async function reverse({ tx, actor, doc, reason }: EventContext) {
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
  return { posting };
}

export function registerReceivingRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerDocumentRoutes(app, deps, {
    header: {
      entity: RECEIVINGS,
      table: receivings,
      computed: {
        location_name: locationLabel(receivings.locationId),
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
    },
    effects: { post, reverse },
    announce: { post: 'receiving.posted' },
  });
}
