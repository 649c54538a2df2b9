import { and, eq, sql } from 'drizzle-orm';
import {
  CORRECTION_FIELD_PHASE,
  type CorrectionField,
  type OrderCounter,
} from '../../../src/domain/entities/production/correction-values.ts';
import {
  conservationProblem,
  producingCounter,
  type OrderCounts,
} from '../../../src/domain/entities/production/order-conservation.ts';
import { phasesOfFlow } from '../../../src/machines/workflows/production-order.machine.ts';
import { ruleError } from '../../errors/api-error.ts';
import type { Tx } from '../client.ts';
import { locationOfType } from '../location-of-type.ts';
import { queryRows } from '../query-rows.ts';
import {
  productionOrderIngredients,
  productionOrderOperations,
  productionOrders,
} from '../schema/production-orders.ts';
import { numberSetting } from '../setting-value.ts';
import { postMovements, type StockPosting } from '../stock/post-movements.ts';
import type { MovementInput } from '../stock/movement-input.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// What applying a production order correction writes (docs/domain/production.md §3.2), in the
// event's transaction: the order's count (or the ingredient's consumption) and its operation's, and
// `correction` movements that make the ledger tell the corrected story: more or less bulk
// made or bottled, more or fewer finished units, more or less of an ingredient used. The order's
// units must still add up afterwards (order-conservation.ts), which the machine checks first.

export const ORDER_COUNTERS: readonly OrderCounter[] = [
  'actual_batch_ml',
  'bottled_units',
  'bottling_waste_units',
  'labeled_units',
  'label_waste_units',
  'stamped_units',
  'stamping_waste_units',
  'transferred_units',
];

/** The operation count a counter is mirrored in. */
const OPERATION_COUNT: Partial<Record<OrderCounter, 'qtyGood' | 'qtyWaste'>> = {
  bottled_units: 'qtyGood',
  bottling_waste_units: 'qtyWaste',
  labeled_units: 'qtyGood',
  label_waste_units: 'qtyWaste',
  stamped_units: 'qtyGood',
  stamping_waste_units: 'qtyWaste',
};

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export const isCounter = (field: CorrectionField): field is OrderCounter =>
  field !== 'ingredient_consumed';

/** The order's counts as its row reads. */
export function countsOf(order: EntityRow): OrderCounts {
  return Object.fromEntries(ORDER_COUNTERS.map((c) => [c, Number(order[c] ?? 0)])) as OrderCounts;
}

/** What the field reads on the order now (an ingredient: its consumed quantity). */
export async function currentValue(
  tx: Tx,
  order: EntityRow,
  field: CorrectionField,
  productId: number | null,
): Promise<number> {
  if (isCounter(field)) return Number(order[field] ?? 0);
  const [ingredient] = await tx
    .select({ consumed: productionOrderIngredients.consumedQty })
    .from(productionOrderIngredients)
    .where(
      and(
        eq(productionOrderIngredients.productionOrderId, order.id),
        eq(productionOrderIngredients.productId, Number(productId)),
      ),
    );
  if (!ingredient) throw ruleError('product_id', 'This product is not an ingredient of the order');
  return Number(ingredient.consumed);
}

/** The operation of the order whose count the field belongs to (its phase's first step). */
export async function operationOf(tx: Tx, orderId: number, field: CorrectionField) {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select o.id::int as id from production_order_operations o
          join phases p on p.id = o.phase_id
         where o.production_order_id = ${orderId} and p.code = ${CORRECTION_FIELD_PHASE[field]}
         order by o.seq limit 1`,
  );
  return row?.id ?? null;
}

/**
 * Why applying would leave the order wrong, or null: the count moved since the request (apply
 * the difference to what was seen, not to what is there now), or the units would not add up.
 */
export async function applyProblem(
  tx: Tx,
  order: EntityRow,
  correction: EntityRow,
): Promise<string | null> {
  const field = correction.field as CorrectionField;
  const now = await currentValue(
    tx,
    order,
    field,
    (correction.product_id as number | null) ?? null,
  );
  const old = Number(correction.old_value);
  if (Math.abs(now - old) > 1e-6) {
    return `The order's ${field.replaceAll('_', ' ')} is now ${now}, not the ${old} this correction was requested on: reject it and request again`;
  }
  if (!isCounter(field)) return null;
  return conservationProblem({
    counts: { ...countsOf(order), [field]: Number(correction.new_value) },
    phases: phasesOfFlow(order.flow_phases),
    volumeMl: Number(order.volume_ml ?? 0),
    bulkTolerancePct: await numberSetting(tx, 'production.bulk_tolerance_pct', 0),
  });
}

/**
 * Why the order's stamp counts are not its corrections' to change, or null: a stamping order
 * counted them, and correcting them there (stamping-correction-effects.ts) keeps its reels
 * reconciled and updates the order too; correcting them here would leave the two apart.
 */
export async function stampCountsOwner(
  tx: Tx,
  orderId: number,
  field: CorrectionField,
): Promise<string | null> {
  if (field !== 'stamped_units' && field !== 'stamping_waste_units') return null;
  const [stamping] = await queryRows<{ number: string }>(
    tx,
    sql`select number from product_stamping_orders
         where production_order_id = ${orderId} and status <> 'cancelled'
         order by id limit 1`,
  );
  return stamping
    ? `Stamping order ${stamping.number} counted these stamps: request a stamping order correction there, so its reels still reconcile`
    : null;
}

type LedgerFacts = {
  floor: number;
  bulkProductId: number | null;
  finishedLotId: number | null;
  /** The order produced its bulk lot (batching finished). */
  bulkMade: boolean;
  /** The order produced its finished units already. */
  finishedMade: boolean;
};

async function ledgerFacts(tx: Tx, order: EntityRow): Promise<LedgerFacts> {
  const [row] = await queryRows<{
    bulk_product_id: number | null;
    finished_lot_id: number | null;
    bulk_made: boolean;
    finished_made: boolean;
  }>(
    tx,
    sql`select (select r.product_id::int from recipes r where r.id = ${Number(order.recipe_id)}) as bulk_product_id,
               (select l.id::int from stock_lots l
                 where l.product_id = ${Number(order.product_id)} and l.lot_no = ${String(order.number)}) as finished_lot_id,
               exists (select 1 from stock_movements m
                        where m.source_type = 'production_orders' and m.source_id = ${order.id}
                          and m.movement_type = 'produce' and m.lot_id = ${Number(order.batch_lot_id)}) as bulk_made,
               exists (select 1 from stock_movements m
                        where m.source_type = 'production_orders' and m.source_id = ${order.id}
                          and m.movement_type = 'produce' and m.product_id = ${Number(order.product_id)}) as finished_made`,
  );
  return {
    floor: await locationOfType(tx, 'production'),
    bulkProductId: row?.bulk_product_id ?? null,
    finishedLotId: row?.finished_lot_id ?? null,
    bulkMade: row?.bulk_made ?? false,
    finishedMade: row?.finished_made ?? false,
  };
}

/** The compensating movements of a counter's change by `delta`. */
function counterMoves(
  order: EntityRow,
  field: OrderCounter,
  delta: number,
  facts: LedgerFacts,
): Omit<MovementInput, 'movementType' | 'sourceType' | 'sourceId' | 'note'>[] {
  const moves: Omit<MovementInput, 'movementType' | 'sourceType' | 'sourceId' | 'note'>[] = [];
  const bulk = (qty: number) => {
    if (!facts.bulkMade || facts.bulkProductId === null) return;
    moves.push({
      productId: facts.bulkProductId,
      lotId: Number(order.batch_lot_id),
      locationId: facts.floor,
      qty: Math.round(qty * 100) / 100,
    });
  };
  // More batch made, or more of it bottled (good or wasted).
  if (field === 'actual_batch_ml') bulk(delta);
  if (field === 'bottled_units' || field === 'bottling_waste_units') {
    bulk(-delta * Number(order.volume_ml ?? 0));
  }
  // The counter that made the finished units made more or fewer of them.
  if (field === producingCounter(phasesOfFlow(order.flow_phases)) && facts.finishedMade) {
    moves.push({
      productId: Number(order.product_id),
      lotId: facts.finishedLotId,
      locationId: facts.floor,
      qty: delta,
    });
  }
  return moves;
}

/** More (delta > 0) or less of an ingredient used: from or back to the lot it was picked from. */
async function ingredientMoves(tx: Tx, orderId: number, productId: number, delta: number) {
  const [pick] = await queryRows<{
    lot_id: number | null;
    location_id: number;
    bin_id: number | null;
  }>(
    tx,
    sql`select lot_id::int as lot_id, location_id::int as location_id, bin_id::int as bin_id
          from batching_picks where production_order_id = ${orderId} and product_id = ${productId}
         order by (picked_qty > 0) desc, id limit 1`,
  );
  if (!pick) throw ruleError('product_id', 'The ingredient was never picked for this order');
  return [
    {
      productId,
      lotId: pick.lot_id,
      locationId: pick.location_id,
      binId: pick.bin_id,
      qty: -delta,
    },
  ];
}

export type AppliedCorrection = { posting: StockPosting; operations: number[] };

/** Writes the corrected value, its operation's count and the compensating movements. */
export async function applyCorrection(
  tx: Tx,
  order: EntityRow,
  correction: EntityRow,
  actorId: number,
): Promise<AppliedCorrection> {
  const field = correction.field as CorrectionField;
  const oldValue = Number(correction.old_value);
  const newValue = Number(correction.new_value);
  const delta = round3(newValue - oldValue);
  const productId = (correction.product_id as number | null) ?? null;
  const moves = isCounter(field)
    ? counterMoves(order, field, delta, await ledgerFacts(tx, order))
    : await ingredientMoves(tx, order.id, Number(productId), delta);
  const posting = await postMovements(
    tx,
    moves.map((m, line) => ({
      ...m,
      movementType: 'correction',
      sourceType: 'production_order_corrections',
      sourceId: correction.id,
      note: `${String(correction.number)} ${String(order.number)}: ${field} ${oldValue} → ${newValue}`,
      line,
    })),
    { actorId },
  );
  const operations: number[] = [];
  if (isCounter(field)) {
    const key = field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    await tx
      .update(productionOrders)
      .set({ [key]: field === 'actual_batch_ml' ? String(newValue) : newValue, updatedBy: actorId })
      .where(eq(productionOrders.id, order.id));
    const count = OPERATION_COUNT[field];
    const operationId = (correction.production_order_operation_id as number | null) ?? null;
    if (count && operationId !== null) {
      await tx
        .update(productionOrderOperations)
        .set({ [count]: newValue, updatedBy: actorId })
        .where(eq(productionOrderOperations.id, operationId));
      operations.push(operationId);
    }
  } else {
    await tx
      .update(productionOrderIngredients)
      .set({ consumedQty: String(newValue), updatedBy: actorId })
      .where(
        and(
          eq(productionOrderIngredients.productionOrderId, order.id),
          eq(productionOrderIngredients.productId, Number(productId)),
        ),
      );
  }
  return { posting, operations };
}
