import { and, eq, sql } from 'drizzle-orm';
import {
  REEL_CORRECTION_FIELDS,
  type StampingCorrectionField,
} from '../../../src/domain/entities/production/stamping-order-values.ts';
import { ruleError } from '../../errors/api-error.ts';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { productionOrders } from '../schema/production-orders.ts';
import { productStampingOrders, stampingOrderReels } from '../schema/stamping-orders.ts';
import { postReelMovements } from '../stamp-reels/reel-ledger.ts';
import { postMovements, type StockPosting } from '../stock/post-movements.ts';
import type { MovementInput } from '../stock/movement-input.ts';
import { reelLines } from './stamping-effects.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// What applying a stamping order correction writes (docs/domain/production.md §3.2), in the event's
// transaction. A stamp counter of a reel moves by Δ and the reel's `returned` by −Δ, so the
// line still reads issued = applied + wasted + damaged + returned; the reel's ledger follows
// (Δ > 0: an apply/waste/damage row of −Δ; Δ < 0: an `adjust` of +|Δ| back onto the reel), so
// remaining = Σ movements. Stamped units and wasted bottles move the stock with `correction`
// rows (a restamp: the unstamped and stamped SKUs; a production order: its finished units)
// and, for a production order, its own counters, whose conservation the CHECK holds too.

const REEL_MOVE = { applied: 'apply', wasted: 'waste', damaged: 'damage' } as const;

export const isReelField = (field: StampingCorrectionField) =>
  REEL_CORRECTION_FIELDS.includes(field);

/** What the field reads now: the reel line's count, or the order's. */
export async function currentStampingValue(
  tx: Tx,
  order: EntityRow,
  field: StampingCorrectionField,
  reelId: number | null,
): Promise<number> {
  if (!isReelField(field)) return Number(order[field] ?? 0);
  const line = (await reelLines(tx, order.id)).find((l) => l.reel_id === reelId);
  if (!line) throw ruleError('reel_id', 'This reel was not issued to the stamping order');
  return line[field as 'applied'];
}

/** Why applying would leave the reels, the order or its production order wrong, or null. */
export async function stampingApplyProblem(
  tx: Tx,
  order: EntityRow,
  correction: EntityRow,
): Promise<string | null> {
  const field = correction.field as StampingCorrectionField;
  const reelId = (correction.reel_id as number | null) ?? null;
  const now = await currentStampingValue(tx, order, field, reelId);
  const old = Number(correction.old_value);
  if (now !== old) {
    return `The order's ${field.replaceAll('_', ' ')} is now ${now}, not the ${old} this correction was requested on: reject it and request again`;
  }
  const delta = Number(correction.new_value) - old;
  if (isReelField(field)) {
    const line = (await reelLines(tx, order.id)).find((l) => l.reel_id === reelId)!;
    if (line.returned - delta < 0) {
      return `Reel ${line.reel_no} had ${line.returned} stamps returned: ${field} can grow by at most that`;
    }
    return null;
  }
  if (order.production_order_id == null) return null;
  const [mo] = await queryRows<{ labeled: number; stamped: number; waste: number }>(
    tx,
    sql`select labeled_units as labeled, stamped_units as stamped, stamping_waste_units as waste
          from production_orders where id = ${Number(order.production_order_id)} for update`,
  );
  const stamped = Number(mo?.stamped) + (field === 'stamped_units' ? delta : 0);
  const waste = Number(mo?.waste) + (field === 'wasted_bottles' ? delta : 0);
  if (stamped < 0 || waste < 0 || stamped + waste > Number(mo?.labeled)) {
    return `The production order would stamp ${stamped} and waste ${waste} of ${Number(mo?.labeled)} labeled units`;
  }
  return null;
}

/** Writes the corrected count and its compensating reel and stock movements. */
export async function applyStampingCorrection(
  tx: Tx,
  order: EntityRow,
  correction: EntityRow,
  actorId: number,
): Promise<{ posting: StockPosting | null; reelId: number | null }> {
  const field = correction.field as StampingCorrectionField;
  const delta = Number(correction.new_value) - Number(correction.old_value);
  const note = `${String(correction.number)}: ${field} ${delta > 0 ? '+' : ''}${delta}`;
  if (isReelField(field)) {
    const reelId = Number(correction.reel_id);
    const count = field as keyof typeof REEL_MOVE;
    await tx
      .update(stampingOrderReels)
      .set({
        [count]: Number(correction.new_value),
        returned: sql`${stampingOrderReels.returned} - ${delta}`,
        updatedBy: actorId,
      })
      .where(
        and(
          eq(stampingOrderReels.stampingOrderId, order.id),
          eq(stampingOrderReels.reelId, reelId),
        ),
      );
    const base = { reelId, stampingOrderId: order.id, approvedBy: actorId, note };
    const remaining = await postReelMovements(
      tx,
      [
        delta > 0
          ? { ...base, type: REEL_MOVE[count], qty: -delta }
          : { ...base, type: 'adjust', qty: -delta },
      ],
      actorId,
    );
    // A reel emptied by the correction is depleted; one given stamps back is available again.
    const left = remaining.get(reelId) ?? 0;
    await tx.execute(sql`update stamp_reels set status = case
        when ${left} = 0 and status = 'available' then 'depleted'
        when ${left} > 0 and status = 'depleted' then 'available' else status end
       where id = ${reelId}`);
    await tx.execute(sql`update product_stamping_orders o set
        applied_stamps = t.applied, wasted_stamps = t.wasted, damaged_stamps = t.damaged,
        returned_stamps = t.returned, updated_by = ${actorId}
      from (select sum(applied)::int as applied, sum(wasted)::int as wasted,
                   sum(damaged)::int as damaged, sum(returned)::int as returned
              from stamping_order_reels where stamping_order_id = ${order.id}) t
     where o.id = ${order.id}`);
    return { posting: null, reelId };
  }
  const column = field === 'stamped_units' ? 'stampedUnits' : 'wastedBottles';
  await tx
    .update(productStampingOrders)
    .set({ [column]: Number(correction.new_value), updatedBy: actorId })
    .where(eq(productStampingOrders.id, order.id));
  const source = {
    sourceType: 'product_stamping_order_corrections' as const,
    sourceId: correction.id,
    movementType: 'correction' as const,
    note,
  };
  const moves: MovementInput[] = [];
  if (order.production_order_id == null) {
    const at = {
      locationId: Number(order.location_id),
      binId: (order.bin_id as number | null) ?? null,
      ...source,
    };
    // More stamped: more unstamped consumed and more stamped made; more wasted: more scrapped.
    moves.push({
      ...at,
      productId: Number(order.source_product_id),
      lotId: (order.lot_id as number | null) ?? null,
      qty: -delta,
    });
    if (field === 'stamped_units') {
      moves.push({
        ...at,
        productId: Number(order.product_id),
        lotId: await stampedLot(tx, order),
        qty: delta,
      });
    }
  } else {
    const moId = Number(order.production_order_id);
    await tx
      .update(productionOrders)
      .set(
        field === 'stamped_units'
          ? { stampedUnits: sql`${productionOrders.stampedUnits} + ${delta}`, updatedBy: actorId }
          : {
              stampingWasteUnits: sql`${productionOrders.stampingWasteUnits} + ${delta}`,
              updatedBy: actorId,
            },
      )
      .where(eq(productionOrders.id, moId));
    if (field === 'stamped_units') {
      const [made] = await queryRows<{ lot_id: number; location_id: number }>(
        tx,
        sql`select lot_id::int as lot_id, location_id::int as location_id from stock_movements
             where source_type = 'production_orders' and source_id = ${moId}
               and movement_type = 'produce' and product_id = ${Number(order.product_id)}
             order by id desc limit 1`,
      );
      if (made) {
        moves.push({
          ...source,
          productId: Number(order.product_id),
          lotId: made.lot_id,
          locationId: made.location_id,
          qty: delta,
        });
      }
    }
  }
  const posting = moves.length > 0 ? await postMovements(tx, moves, { actorId }) : null;
  return { posting, reelId: null };
}

/** The stamped SKU's lot a restamp produced into (numbered like the unstamped lot), if any. */
async function stampedLot(tx: Tx, order: EntityRow): Promise<number | null> {
  if (typeof order.lot_no !== 'string') return null;
  const [lot] = await queryRows<{ id: number }>(
    tx,
    sql`select id::int as id from stock_lots
         where product_id = ${Number(order.product_id)} and lot_no = ${order.lot_no}`,
  );
  return lot?.id ?? null;
}
