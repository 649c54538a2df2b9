import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/** Rows of a raw SQL query; PGlite and node-postgres both answer `{rows}`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
