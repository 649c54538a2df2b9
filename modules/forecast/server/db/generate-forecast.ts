import { sql } from 'drizzle-orm';
import { daysInclusive, defaultForecastUnits } from '../../shared/entities/forecast-arithmetic.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { forecastAllocations } from './forecast.schema.ts';
import { refreshPlan } from './production-plan.ts';
import { salesHistory } from './sales-history.ts';

// Generating a forecast period (docs/domain/forecast.md §11, the `generate` event): one allocation
// per product and distribution centre its history shipped from, its forecast the history scaled
// from the history window's days to the period's with the period's growth; each row's share of
// its family's forecast; then the production plan from those forecasts. One transaction with
// the period's move to open.

export type PeriodWindow = {
  readonly id: number;
  readonly start_date: string;
  readonly end_date: string;
  readonly history_from: string;
  readonly history_to: string;
  readonly growth_pct: number;
};

/** Rows inserted per statement: well under the 65,535 parameters of one statement. */
const CHUNK = 2_000;

/**
 * Shares of a family in hundredths of a percent, rounded down so they never add up past 100
 * (the `more100%` rule people are held to as well).
 */
export function familyShares(
  rows: readonly { family: number | null; units: number }[],
): (number | null)[] {
  const totals = new Map<number, number>();
  for (const r of rows) {
    if (r.family !== null) totals.set(r.family, (totals.get(r.family) ?? 0) + r.units);
  }
  return rows.map((r) => {
    if (r.family === null) return null;
    const total = totals.get(r.family) ?? 0;
    return total > 0 ? Math.floor((r.units / total) * 10_000) / 100 : 0;
  });
}

export async function generateForecast(
  tx: Tx,
  period: PeriodWindow,
  actorId: number,
): Promise<{ allocations: number; plans: number }> {
  const history = await salesHistory(tx, period.history_from, period.history_to);
  const periodDays = daysInclusive(period.start_date, period.end_date);
  const historyDays = daysInclusive(period.history_from, period.history_to);
  const productIds = [...new Set(history.map((h) => h.product_id))];
  const families = new Map(
    productIds.length === 0
      ? []
      : (
          await queryRows<{ id: number; family_id: number | null }>(
            tx,
            sql`select id::int as id, family_id::int as family_id from products
              where id in (${sql.join(
                productIds.map((id) => sql`${id}`),
                sql`, `,
              )})`,
          )
        ).map((p) => [p.id, p.family_id]),
  );
  const rows = history.map((h) => {
    const historyUnits = Math.round(h.units);
    const units = defaultForecastUnits(historyUnits, periodDays, historyDays, period.growth_pct);
    return { ...h, historyUnits, units, family: families.get(h.product_id) ?? null };
  });
  const shares = familyShares(rows);
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(forecastAllocations).values(
      rows.slice(i, i + CHUNK).map((r, j) => {
        const share = shares[i + j];
        return {
          forecastPeriodId: period.id,
          productId: r.product_id,
          locationId: r.location_id,
          historyUnits: r.historyUnits,
          defaultUnits: r.units,
          forecastUnits: r.units,
          allocationPct: share === null || share === undefined ? null : String(share),
          createdBy: actorId,
          updatedBy: actorId,
        };
      }),
    );
  }
  const plans = await refreshPlan(tx, period.id, actorId);
  return { allocations: rows.length, plans: plans.length };
}
