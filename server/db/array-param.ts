import { sql, type SQL } from 'drizzle-orm';

// A whole column of values as one bound array, `$1::bigint[]`: a statement over a batch of
// rows (`unnest($1::bigint[], $2::text[])`) then has one parameter per column whatever the
// row count. One parameter per cell, in a VALUES list, costs Drizzle's query builder a
// class-chain check per cell and PostgreSQL a parse and plan of every row.

/** `values` (already in driver form: numbers, text, null) bound as one `type[]` parameter. */
export function arrayParam(values: readonly unknown[], type: string): SQL {
  return sql`${sql.param(values)}::${sql.raw(type)}[]`;
}

/** One field of every row, bound as one `type[]` parameter (a column for `unnest`). */
export function columnParam<Row>(
  rows: readonly Row[],
  type: string,
  value: (row: Row) => unknown,
): SQL {
  return arrayParam(rows.map(value), type);
}

/**
 * The type a value of `column` is bound as: its own, but a serial is stored as the integer
 * type it stands for (`bigserial` is no type a value can be cast to).
 */
export function boundType(column: { getSQLType(): string }): string {
  const type = column.getSQLType();
  return SERIALS[type] ?? type;
}

const SERIALS: Readonly<Record<string, string>> = {
  smallserial: 'smallint',
  serial: 'integer',
  bigserial: 'bigint',
};
