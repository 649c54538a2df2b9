import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Db } from './client.ts';
import { queryRows } from './query-rows.ts';

// How many of the migrations this build ships the database has not applied: a node started
// from a newer build against an older database must not be sent traffic (/readyz).

const shipped = (
  JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

export async function pendingMigrations(db: Db): Promise<number> {
  const [row] = await queryRows<{ applied: number }>(
    db,
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  const applied = Number(row?.applied ?? 0);
  return Math.max(0, shipped - applied);
}
