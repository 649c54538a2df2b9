import { is, SQL, StringChunk } from 'drizzle-orm';
import { getTableConfig, IndexedColumn, PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { sortsAsText } from './table-filter/compile-sort.ts';

// Whether one of a table's indexes, as the schema declares them, gives a list's order by a
// column: rows then come off the index in that order, one page's worth at a time. A list sorts
// text by lower(column) (compile-sort.ts), so for a text column only an index led by that
// expression serves (schema/text-sort-indexes.ts), not the column's own unique index: the sales
// orders' unique number gives no order to `lower(number)`, and a page treating it as indexed
// sorted the whole table to read a head it then threw away. Any other column is served by its
// primary key, its unique constraint, or an index whose first term is the column itself.

type Leading = { values: ReadonlySet<string>; lowered: ReadonlySet<string> };

const leading = new WeakMap<PgTable, Leading>();

function leadingColumns(table: PgTable): Leading {
  const config = getTableConfig(table);
  const values = new Set<string>();
  const lowered = new Set<string>();
  for (const column of config.columns)
    if (column.primary || column.isUnique) values.add(column.name);
  for (const key of config.primaryKeys) if (key.columns[0]) values.add(key.columns[0].name);
  for (const index of config.indexes) {
    const first = index.config.columns[0];
    if (is(first, SQL)) {
      const text = first.queryChunks
        .filter((chunk) => is(chunk, StringChunk))
        .flatMap((chunk) => chunk.value)
        .join('');
      if (!/^\s*lower\(/i.test(text)) continue;
      for (const chunk of first.queryChunks) if (is(chunk, PgColumn)) lowered.add(chunk.name);
    } else if (is(first, IndexedColumn) && first.name) values.add(first.name);
  }
  return { values, lowered };
}

/** An index gives the list's order by `column` (as compile-sort.ts writes it). */
export function leadsAnIndex(table: PgTable, column: PgColumn): boolean {
  let found = leading.get(table);
  if (!found) {
    found = leadingColumns(table);
    leading.set(table, found);
  }
  return (sortsAsText(column) ? found.lowered : found.values).has(column.name);
}
