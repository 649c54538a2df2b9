import { is, SQL, StringChunk } from 'drizzle-orm';
import { getTableConfig, IndexedColumn, PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { sortsAsText } from './table-filter/compile-sort.ts';

// Whether one of a table's indexes, as the schema declares them, gives a list's order by a
// column in a direction: rows then come off the index in that order, one page's worth at a
// time. The order is the one compile-sort.ts writes, blanks last either way:
// - text sorts by lower(column), so only an index led by that expression serves
//   (schema/text-sort-indexes.ts), not the column's own unique index: the sales orders' unique
//   number gives no order to lower(number), and a page treating it as indexed sorted the whole
//   table to read a head it then threw away;
// - an index read forwards gives its own direction and blanks placement, read backwards the
//   opposite of both, so a plain (ascending, blanks last) index serves `asc nulls last` but not
//   `desc nulls last`: that takes a descending index (valueSortIndexes' second);
// - the id sorts alone (compile-sort.ts), so its primary key serves both directions.

export type SortDirection = 'asc' | 'desc';

type Served = Map<string, Set<SortDirection>>;
type Leading = { values: Served; lowered: Served };

const leading = new WeakMap<PgTable, Leading>();

function serve(served: Served, name: string, order: SortDirection, nullsFirst: boolean) {
  const directions = served.get(name) ?? new Set<SortDirection>();
  // Forwards when its blanks come last, backwards when they come first.
  directions.add(nullsFirst ? (order === 'asc' ? 'desc' : 'asc') : order);
  served.set(name, directions);
}

function leadingColumns(table: PgTable): Leading {
  const config = getTableConfig(table);
  const values: Served = new Map();
  const lowered: Served = new Map();
  for (const column of config.columns) {
    if (column.primary)
      for (const d of ['asc', 'desc'] as const) serve(values, column.name, d, false);
    else if (column.isUnique) serve(values, column.name, 'asc', false);
  }
  for (const key of config.primaryKeys) {
    const first = key.columns[0];
    if (first) serve(values, first.name, 'asc', false);
  }
  for (const index of config.indexes) {
    const first = index.config.columns[0];
    if (is(first, SQL)) {
      const text = first.queryChunks
        .filter((chunk) => is(chunk, StringChunk))
        .flatMap((chunk) => chunk.value)
        .join('');
      if (!/^\s*lower\(/i.test(text)) continue;
      const order = /\)\s*desc\b/i.test(text) ? 'desc' : 'asc';
      const nullsFirst =
        /nulls\s+first/i.test(text) || (order === 'desc' && !/nulls\s+last/i.test(text));
      for (const chunk of first.queryChunks)
        if (is(chunk, PgColumn)) serve(lowered, chunk.name, order, nullsFirst);
    } else if (is(first, IndexedColumn) && first.name) {
      const order = first.indexConfig.order ?? 'asc';
      // PostgreSQL's default: blanks last ascending, first descending.
      const nullsFirst =
        (first.indexConfig.nulls ?? (order === 'asc' ? 'last' : 'first')) === 'first';
      serve(values, first.name, order, nullsFirst);
    }
  }
  return { values, lowered };
}

/** An index gives the list's order by `column` in `direction` (as compile-sort.ts writes it). */
export function indexGivesOrder(
  table: PgTable,
  column: PgColumn,
  direction: SortDirection,
): boolean {
  let found = leading.get(table);
  if (!found) {
    found = leadingColumns(table);
    leading.set(table, found);
  }
  return (
    (sortsAsText(column) ? found.lowered : found.values).get(column.name)?.has(direction) ?? false
  );
}
