import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';
import { arrayParam, boundType } from './array-param.ts';
import { withBulkReferences } from './bulk-references.ts';
import { columnName } from './column-name.ts';
import { queryRows } from './query-rows.ts';

// Many rows into one table as one array per column:
//   insert into t (a, b) select * from unnest($1::bigint[], $2::text[]) with ordinality … order by ord
// A multi-row `insert(…).values(rows)` gives Drizzle one parameter per cell to build: for an
// import batch of 500 rows its query builder (several class-chain checks per parameter) took
// longer than PGlite took to insert them. Here the statement has one parameter per column whatever
// the row count. Values are mapped by each column's own encoder, as Drizzle's insert maps them;
// columns left out take their defaults.

/**
 * Inserts `rows` (every row with the same keys, the table's own) in their order and returns
 * the new ids in that order.
 */
export async function insertColumns<T extends PgTable>(
  db: Db | Tx,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<number[]> {
  const statement = insertStatement(table, rows);
  if (!statement) return [];
  const inserted = await withBulkReferences(db, table, rows, () =>
    queryRows<{ id: string | number }>(db, sql`${statement} returning id`),
  );
  return inserted.map((row) => Number(row.id));
}

/**
 * insertColumns where nobody needs the new ids (log rows, ledger lines): reading back 500 ids
 * per batch was a tenth of PGlite's work on an import's rows.
 */
export async function appendColumns<T extends PgTable>(
  db: Db | Tx,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  const statement = insertStatement(table, rows);
  if (statement) await withBulkReferences(db, table, rows, () => db.execute(statement));
}

function insertStatement<T extends PgTable>(
  table: T,
  rows: readonly T['$inferInsert'][],
): SQL | null {
  const first = rows[0];
  if (!first) return null;
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const keys = Object.keys(first);
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`insertColumns: ${key} is not a column of the table`);
    return column;
  });
  const arrays = names.map((column, i) => {
    const key = keys[i] as string;
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      return value === null || value === undefined ? null : column.mapToDriverValue(value);
    });
    return arrayParam(values, boundType(column));
  });
  const list = sql.join(
    names.map((column) => sql.identifier(columnName(column))),
    sql`, `,
  );
  const cells = sql.join(
    names.map((_, i) => sql.identifier(`c${i}`)),
    sql`, `,
  );
  return sql`insert into ${table} (${list})
      select ${cells} from unnest(${sql.join(arrays, sql`, `)}) with ordinality as r(${cells}, ord)
      order by ord`;
}
