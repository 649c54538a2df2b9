import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { selectArrays } from '../../db/array-rows.ts';
import { queryRows } from '../../db/query-rows.ts';
import { cappedCount } from '../../db/table-filter/list-query.ts';
import { qualified } from './entity-binding.ts';

// The ids of one list page, in order, with the capped count of every matching row.
//
// Ordered by an indexed column and filtered by others, PostgreSQL reads the sort's index and
// drops the rows the filter rejects until the page is full, assuming the matches are spread
// evenly along that order. When they are not, it reads most of the table: the movements
// report by document number with the last 90 days, whose numbers grow with time, read 180,000
// of 200,000 rows for 100 (92 ms). So a filtered page near the start of its order first looks
// through the head of the order only, twenty rows per row of the page. If the head holds the
// whole page, that is exactly the page: the first N matches among the first rows are the
// first N matches of all. If not, what it found tells how thinly the matches lie: thin enough
// that walking the order would read more than WALK_ROWS, the page is taken from the matching
// rows, sorted (a subquery with OFFSET 0 is not merged into its outer query, so the filter
// runs before the order); otherwise the planner walks the order as it would have. Both
// subqueries take the table's name, so the filter and order terms read them as the table.
// Measured in bench/README.md ("Every list query shape").

/** Rows of the order's head a page looks through, per row of the page it needs. */
const PROBE_FACTOR = 20;
/** Pages further than this into the order (offset + limit) go to the planner as they are. */
const PROBE_REACH = 500;
/** Rows a walk along the order may be expected to read before sorting the matches is cheaper. */
const WALK_ROWS = 25_000;

export type PageSelect = {
  table: PgTable;
  id: AnyPgColumn;
  /** The binding's scope and the list's filter. */
  where: SQL | undefined;
  order: SQL[];
  limit: number;
  offset: number;
  /** Rows the count reads at most (countLimit). */
  countLimit: number;
  /**
   * The page may look through the order's head: it is ordered by a column, a filter is set,
   * and none is on that column (whose index then reads only matching rows).
   */
  probe: boolean;
};

const countOf = (db: Db | Tx, page: PageSelect) =>
  cappedCount(db, page.table, page.where, page.countLimit);

/** The page's statement as the planner would choose for it: filter, order, offset, limit. */
export function pageIdsStatement(db: Db | Tx, page: PageSelect, total: SQL = countOf(db, page)) {
  return db
    .select({ id: page.id, total })
    .from(page.table)
    .where(page.where)
    .orderBy(...page.order)
    .limit(page.limit)
    .offset(page.offset);
}

/** Rows of [id, total], in the page's order. */
export async function pageIds(db: Db | Tx, page: PageSelect): Promise<unknown[][]> {
  const arrays = (statement: { sql: string; params: unknown[] }) =>
    selectArrays(db, statement, (raw) => raw);
  const reach = page.offset + page.limit;
  if (!page.probe || page.where === undefined || reach > PROBE_REACH)
    return arrays(pageIdsStatement(db, page).toSQL());
  const order = sql.join(page.order, sql`, `);
  const head = reach * PROBE_FACTOR;
  const first = sql`(select * from ${page.table} order by ${order} limit ${head})`;
  const probed = await arrays(within(db, page, first, page.where));
  if (probed.length === page.limit) return probed;
  // Rows of the head carry the count already: the statement after it need not count again.
  const counted = probed[0]?.[1];
  const total =
    counted === undefined || counted === null
      ? countOf(db, page)
      : sql.raw(String(Number(counted)));
  const found = probed.length + (probed.length > 0 ? page.offset : 0);
  if (found > 0 && (reach * head) / found <= WALK_ROWS)
    return arrays(pageIdsStatement(db, page, total).toSQL());
  const matching = sql`(select * from ${page.table} where ${page.where} offset 0)`;
  return matchesSorted(db, within(db, page, matching, undefined, total));
}

/**
 * What the planner weighs a row it visits at while it sorts the matching rows: three times its
 * default. Those rows are all read from the table whatever index finds them, so the index that
 * yields the fewest is the one to take; at the default the planner took the movements' date
 * index alone for the last 90 days and half their types (110,000 rows read to keep 59,000:
 * 105 ms) over their type-and-date index (the 59,000 alone: 55 ms).
 */
const MATCH_ROW_COST = '0.03';

/** The page sorted from every matching row, planned with MATCH_ROW_COST for that statement only. */
function matchesSorted(db: Db | Tx, statement: { sql: string; params: unknown[] }) {
  return db.transaction(async (tx) => {
    // Local to this transaction, and set back after: a caller's own transaction goes on as it was.
    const [before] = await queryRows<{ was: string }>(
      tx,
      sql`select current_setting('cpu_tuple_cost') as was,
                 set_config('cpu_tuple_cost', ${MATCH_ROW_COST}, true)`,
    );
    const rows = await selectArrays(tx, statement, (raw) => raw);
    if (before) await tx.execute(sql`select set_config('cpu_tuple_cost', ${before.was}, true)`);
    return rows;
  });
}

/** The page read from `rows` (a subquery of the table) under the table's own name. */
function within(
  db: Db | Tx,
  page: PageSelect,
  rows: SQL,
  where: SQL | undefined,
  total: SQL = countOf(db, page),
) {
  const table = sql.identifier(getTableName(page.table));
  // The id as SQL: Drizzle refuses a column whose table is not in the FROM by its object.
  const id = sql`${qualified(page.id)}`;
  return db
    .select({ id, total })
    .from(sql`${rows} as ${table}`)
    .where(where)
    .orderBy(...page.order)
    .limit(page.limit)
    .offset(page.offset)
    .toSQL();
}
