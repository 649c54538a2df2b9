import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  plannedUnits,
  requiredUnits,
  type QtyRange,
} from '../../shared/entities/forecast-arithmetic.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { forecastProductionPlans, forecastProductionQtyRanges } from './forecast.schema.ts';

// A forecast period's production plan (docs/domain/forecast.md §11), per product: its forecast (the
// sum of its allocations), safety units (**decision**: the product's reorder point), what is on
// hand and what open production orders will still make, then required and planned units by the
// arithmetic the browser shows (forecast-arithmetic.ts). Rows already ordered keep their
// figures; a recomputed row whose planned units change is proposed again for acceptance.

/** Production orders not finished, cancelled or scrapped still bring what they planned. */
const OPEN_MO = `('draft', 'pending_approval', 'approved', 'released', 'in_progress', 'on_hold')`;

type PlanInput = {
  product_id: number;
  forecast: number;
  on_hand: number;
  open_mo: number;
  safety: number;
};

export async function qtyRanges(tx: Tx): Promise<QtyRange[]> {
  const rows = await tx
    .select({
      min: forecastProductionQtyRanges.minUnits,
      max: forecastProductionQtyRanges.maxUnits,
      roundTo: forecastProductionQtyRanges.roundToUnits,
    })
    .from(forecastProductionQtyRanges)
    .orderBy(forecastProductionQtyRanges.minUnits);
  return rows.map((r) => ({ min_units: r.min, max_units: r.max, round_to_units: r.roundTo }));
}

async function planInputs(tx: Tx, periodId: number, productIds: readonly number[]) {
  const ids = sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return queryRows<PlanInput>(
    tx,
    sql`select p.id::int as product_id,
        coalesce((select sum(a.forecast_units) from forecast_allocations a
          where a.forecast_period_id = ${periodId} and a.product_id = p.id), 0)::int as forecast,
        round(coalesce((select sum(b.qty_on_hand) from stock_balances b
          where b.product_id = p.id), 0))::int as on_hand,
        coalesce((select sum(greatest(o.planned_units - o.transferred_units, 0))
          from production_orders o where o.product_id = p.id
            and o.status in ${sql.raw(OPEN_MO)}), 0)::int as open_mo,
        round(p.reorder_point)::int as safety
      from products p where p.id in (${ids})`,
  );
}

/**
 * Writes the plan rows of `productIds` (all of the period's allocated products when omitted);
 * the ids of the rows written.
 */
export async function refreshPlan(
  tx: Tx,
  periodId: number,
  actorId: number,
  productIds?: readonly number[],
): Promise<number[]> {
  const ids =
    productIds ??
    (
      await queryRows<{ product_id: number }>(
        tx,
        sql`select distinct product_id::int as product_id from forecast_allocations
          where forecast_period_id = ${periodId}`,
      )
    ).map((r) => r.product_id);
  if (ids.length === 0) return [];
  const ranges = await qtyRanges(tx);
  const existing = new Map(
    (
      await tx
        .select()
        .from(forecastProductionPlans)
        .where(
          and(
            eq(forecastProductionPlans.forecastPeriodId, periodId),
            inArray(forecastProductionPlans.productId, [...ids]),
          ),
        )
    ).map((row) => [row.productId, row]),
  );
  const written: number[] = [];
  const fresh: (typeof forecastProductionPlans.$inferInsert)[] = [];
  for (const input of await planInputs(tx, periodId, ids)) {
    const row = existing.get(input.product_id);
    if (row?.status === 'ordered') continue;
    const required = requiredUnits({
      forecast: input.forecast,
      safety: input.safety,
      onHand: input.on_hand,
      openOrders: input.open_mo,
    });
    const figures = {
      forecastUnits: input.forecast,
      onHand: Math.max(0, input.on_hand),
      openMoUnits: input.open_mo,
      safetyUnits: Math.max(0, input.safety),
      requiredUnits: required,
      plannedUnits: plannedUnits(ranges, required),
    };
    if (!row) {
      fresh.push({
        ...figures,
        forecastPeriodId: periodId,
        productId: input.product_id,
        createdBy: actorId,
        updatedBy: actorId,
      });
      continue;
    }
    const same =
      row.forecastUnits === figures.forecastUnits &&
      row.onHand === figures.onHand &&
      row.openMoUnits === figures.openMoUnits &&
      row.safetyUnits === figures.safetyUnits &&
      row.plannedUnits === figures.plannedUnits;
    if (same) continue;
    await tx
      .update(forecastProductionPlans)
      .set({
        ...figures,
        ...(row.plannedUnits !== figures.plannedUnits ? { status: 'proposed' } : {}),
        updatedBy: actorId,
      })
      .where(eq(forecastProductionPlans.id, row.id));
    written.push(row.id);
  }
  // New rows in one statement: a generated period has a row per product it sold.
  if (fresh.length > 0) {
    const inserted = await tx
      .insert(forecastProductionPlans)
      .values(fresh)
      .returning({ id: forecastProductionPlans.id });
    written.push(...inserted.map((r) => r.id));
  }
  return written;
}
