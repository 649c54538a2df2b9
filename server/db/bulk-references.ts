import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTransaction, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';
import { arrayParam, boundType } from './array-param.ts';
import { columnName } from './column-name.ts';
import { queryRows } from './query-rows.ts';

// A bulk insert's foreign keys checked once per distinct value instead of once per row.
// PostgreSQL checks each foreign key of each inserted row with a trigger of its own (a lookup
// that locks the referenced row FOR KEY SHARE): an import batch of 500 movements made 2,500 of
// them, all to the same few products, locations and user, and on PGlite they were 60 % of the
// insert. Here the distinct referenced rows are locked the same way by one statement, which also
// counts them; only when every one exists is the insert run with the per-row triggers off
// (`session_replication_role = replica` for that statement only, the mode a logical replication
// worker applies rows in). Anything missing, a table with insert triggers of its own, or a role
// that is not a superuser (the only one every PostgreSQL version lets change the setting): the
// insert runs as usual and PostgreSQL checks, and refuses, it row by row.

/** Rows from which one statement beats a trigger call per row and key. */
export const BULK_REFERENCE_ROWS = 50;

type Reference = { key: string; table: string; column: string; type: string };

/** The single-column foreign keys of `table`, by the row key of their values; null if any is composite. */
function referencesOf(table: PgTable): Reference[] | null {
  const keys = new Map<AnyPgColumn, string>(
    Object.entries(getTableColumns(table)).map(([key, column]) => [column as AnyPgColumn, key]),
  );
  const references: Reference[] = [];
  for (const foreignKey of getTableConfig(table).foreignKeys) {
    const { columns, foreignColumns, foreignTable } = foreignKey.reference();
    const [column] = columns;
    const [foreign] = foreignColumns;
    const key = column ? keys.get(column) : undefined;
    if (columns.length !== 1 || !foreign || !key) return null;
    references.push({
      key,
      table: getTableName(foreignTable),
      column: columnName(foreign),
      type: boundType(foreign),
    });
  }
  return references;
}

const memo = new WeakMap<PgTable, Reference[] | null>();

/**
 * Runs `insert`, the insert of `rows` (keyed as the table's columns) into `table`, with its
 * references checked once per distinct value when the rows are many (see above); answers what
 * `insert` answers.
 */
export async function withBulkReferences<T>(
  tx: Db | Tx,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  insert: () => Promise<T>,
): Promise<T> {
  // `set local` lasts to the end of a transaction: outside one it could not be scoped.
  if (rows.length < BULK_REFERENCE_ROWS || !is(tx, PgTransaction)) return insert();
  if (!memo.has(table)) memo.set(table, referencesOf(table));
  const references = memo.get(table);
  if (!references || references.length === 0) return insert();
  const checks = references.map(({ key, table: target, column, type }) => {
    const values = new Set(rows.map((row) => row[key]));
    values.delete(null);
    values.delete(undefined);
    // PostgreSQL's own check, once per value: the row must be there, and stays until commit.
    return sql`(select count(*) = ${values.size} from (select 1 from only ${sql.identifier(target)} r
                 where r.${sql.identifier(column)} = any(${arrayParam([...values], type)})
                 for key share) as found)`;
  });
  const [verdict] = await queryRows<{ found: boolean; allowed: boolean }>(
    tx,
    sql`select ${sql.join(checks, sql` and `)} as found,
          current_setting('is_superuser') = 'on'
          and not exists (select 1 from pg_trigger t
                           where t.tgrelid = ${getTableName(table)}::regclass
                             and not t.tgisinternal and (t.tgtype & ${sql.raw(String(INSERT_TRIGGER))}) <> 0) as allowed`,
  );
  if (!verdict?.found || !verdict.allowed) return insert();
  await tx.execute(sql`set local session_replication_role = replica`);
  const answer = await insert();
  await tx.execute(sql`set local session_replication_role = origin`);
  return answer;
}

/** TRIGGER_TYPE_INSERT in pg_trigger.tgtype. */
const INSERT_TRIGGER = 4;
