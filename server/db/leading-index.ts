import { is, SQL } from 'drizzle-orm';
import { getTableConfig, IndexedColumn, PgColumn, type PgTable } from 'drizzle-orm/pg-core';

// Whether a column leads one of its table's indexes, as the schema declares them: its primary
// key, a unique column, or an index whose first term is the column or an expression over it
// (the text sorts' `lower(column)`, schema/text-sort-indexes.ts). Only then can rows come off
// the index in the column's order, one page's worth at a time.

const leading = new WeakMap<PgTable, ReadonlySet<string>>();

function leadingColumns(table: PgTable): ReadonlySet<string> {
  const config = getTableConfig(table);
  const names = new Set<string>();
  for (const column of config.columns)
    if (column.primary || column.isUnique) names.add(column.name);
  for (const key of config.primaryKeys) if (key.columns[0]) names.add(key.columns[0].name);
  for (const index of config.indexes) {
    const first = index.config.columns[0];
    if (is(first, SQL)) {
      for (const chunk of first.queryChunks) if (is(chunk, PgColumn)) names.add(chunk.name);
    } else if (is(first, IndexedColumn) && first.name) names.add(first.name);
  }
  return names;
}

export function leadsAnIndex(table: PgTable, column: PgColumn): boolean {
  let names = leading.get(table);
  if (!names) {
    names = leadingColumns(table);
    leading.set(table, names);
  }
  return names.has(column.name);
}
