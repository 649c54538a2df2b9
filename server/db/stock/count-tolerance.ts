import { sql, type SQL } from 'drizzle-orm';

// Whether a stock count has a counted line whose variance passes `inventory.count_tolerance_pct`
// (default 2): over it, a submitted count is reviewed before it is approved
// (stock-count.machine.ts). One reading for the count's page and the approval inbox.

const tolerancePct = sql`coalesce((select (s.value #>> '{}')::numeric from settings s
    where s.key = 'inventory.count_tolerance_pct'), 2)`;

/** The fact for the count whose id is `countId` (a column of the outer query). */
export function countOverTolerance(countId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from stock_count_lines l
    where l.count_id = ${countId} and coalesce(l.recount_qty, l.counted_qty) is not null
      and abs(coalesce(l.recount_qty, l.counted_qty) - coalesce(l.snapshot_qty, 0))
          > abs(coalesce(l.snapshot_qty, 0)) * ${tolerancePct} / 100)`;
}
