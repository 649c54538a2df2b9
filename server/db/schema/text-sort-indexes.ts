import { sql } from 'drizzle-orm';
import { index, type AnyPgColumn, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/**
 * The two btree indexes that serve a list's sort by a text column in each direction, as
 * compile-sort.ts writes it (`lower(…)`, blanks last, then `id asc`): a page reads its rows off
 * the index and stops instead of sorting the table. Named `<prefix>_idx` and `<prefix>_desc_idx`.
 */
export function textSortIndexes(prefix: string, column: AnyPgColumn, id: AnyPgColumn) {
  return [
    index(`${prefix}_idx`).on(sql`lower((${column})::text)`, id),
    index(`${prefix}_desc_idx`).on(sql`lower((${column})::text) desc nulls last`, id),
  ];
}

/** The same pair for a column sorted by its value (a number, a date): `<prefix>_idx`, `<prefix>_desc_idx`. */
export function valueSortIndexes(prefix: string, column: ExtraConfigColumn, id: AnyPgColumn) {
  return [
    index(`${prefix}_idx`).on(column, id),
    index(`${prefix}_desc_idx`).on(column.desc().nullsLast(), id),
  ];
}
