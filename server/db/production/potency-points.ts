import { sql, type SQL } from 'drizzle-orm';
import {
  CHART_WINDOW,
  type ChartSubject,
} from '../../../src/domain/entities/production/potency-chart-values.ts';
import {
  controlChart,
  type ChartPoint,
} from '../../../src/domain/entities/production/potency-control.ts';
import type { Db, Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';

// The HPLC results a potency chart draws (docs/domain/production.md "Potency control charts"):
// the % of claim of every batch's result, newest CHART_WINDOW per product, recipe or batcher
// (whoever ran the order's batching step). The database keeps each result's charts in
// potency_points (schema/potency-points.ts), so a read takes a subject's newest points off one
// index and joins only those to their orders, whatever the years of results behind them.

export type PotencyRow = {
  result_id: number;
  production_order_id: number;
  order_number: string;
  lot_no: string | null;
  tested_at: string;
  percent_of_claim: number;
  passed: boolean;
};

const POINT_COLUMNS = sql`s.id::int as result_id, o.id::int as production_order_id,
  o.number as order_number, l.lot_no, s.tested_at,
  s.percent_of_claim::float8 as percent_of_claim, coalesce(s.override_passed, s.passed) as passed`;

/**
 * One subject's newest points with their orders, newest first. The points are taken off
 * potency_points_chart_idx before any join (it holds only results with a % of claim), so the
 * read stops after CHART_WINDOW index entries whatever the subject's history or statistics.
 */
function pointsOf(by: ChartSubject, id: SQL | number): SQL {
  // `nulls last` as the index is built (neither column is ever null): a plain `desc` means
  // nulls first, which the index cannot give, and the planner would sort every point instead.
  return sql`select ${POINT_COLUMNS}
    from (select p.hplc_result_id, p.tested_at from potency_points p
           where p.subject = ${by} and p.subject_id = ${id}
           order by p.tested_at desc nulls last, p.hplc_result_id desc nulls last
           limit ${CHART_WINDOW}) c
    join hplc_results s on s.id = c.hplc_result_id
    join hplc_requests q on q.id = s.hplc_request_id
    join production_orders o on o.id = q.production_order_id
    left join stock_lots l on l.id = q.lot_id
    order by c.tested_at desc, c.hplc_result_id desc`;
}

/**
 * The rows judged in order: each point with the limits it was judged against (a PotencyPoint
 * once the envelope has turned its flag into 1/0).
 */
export function judgedPoints(rows: readonly PotencyRow[]): (PotencyRow & ChartPoint)[] {
  const chart = controlChart(rows.map((r) => r.percent_of_claim));
  return rows.map((row, i) => ({ ...row, ...chart[i]! }));
}

/** One subject's newest results, oldest first (the order a chart is judged in). */
export async function potencyRows(
  db: Db | Tx,
  by: ChartSubject,
  id: number,
): Promise<PotencyRow[]> {
  const rows = await queryRows<PotencyRow>(db, pointsOf(by, id));
  return rows.reverse();
}

/** The subjects a chart may be drawn for: those with results, named, with their count. */
export async function potencySubjects(
  db: Db | Tx,
  by: ChartSubject,
): Promise<{ id: number; label: string; results: number }[]> {
  // A result counts once per chart it is on (a batcher twice on one order's batching, once).
  const subject = sql`select c.subject_id as id, count(*)::int as results from potency_points c
    where c.subject = ${by} group by c.subject_id`;
  const label =
    by === 'product'
      ? sql`(select x.sku || ' ' || x.name from products x where x.id = c.id)`
      : by === 'recipe'
        ? sql`(select x.code || ' v' || x.recipe_version || coalesce(' ' || x.name, '') from recipes x where x.id = c.id)`
        : sql`(select x.name from users x where x.id = c.id)`;
  return queryRows(
    db,
    sql`select c.id::int as id, ${label} as label, c.results from (${subject}) c order by 2`,
  );
}

/** Every subject's newest results in one read, for the drift flags. */
export async function potencyRowsOfAll(
  db: Db | Tx,
  by: ChartSubject,
  ids: readonly number[],
): Promise<Map<number, PotencyRow[]>> {
  const rows = await queryRows<PotencyRow & { subject_id: number }>(
    db,
    sql`select x.id::int as subject_id, w.* from unnest(${`{${ids.join(',')}}`}::bigint[]) as x(id)
        cross join lateral (${pointsOf(by, sql`x.id`)}) w`,
  );
  const bySubject = new Map<number, PotencyRow[]>();
  for (const row of rows) {
    const list = bySubject.get(row.subject_id) ?? [];
    list.push(row);
    bySubject.set(row.subject_id, list);
  }
  for (const list of bySubject.values()) list.reverse();
  return bySubject;
}
