import { sql, type SQL } from 'drizzle-orm';

// A whole column of values as one bound array, `$1::bigint[]`: a statement over a batch of
// rows (`unnest($1::bigint[], $2::text[])`) then has one parameter per column whatever the
// row count. One parameter per cell, in a VALUES list, costs Drizzle's query builder a
// class-chain check per cell and PostgreSQL a parse and plan of every row (issue 15 item 3).

/** `values` (already in driver form: numbers, text, null) bound as one `type[]` parameter. */
export function arrayParam(values: readonly unknown[], type: string): SQL {
  return sql`${sql.param(values)}::${sql.raw(type)}[]`;
}
