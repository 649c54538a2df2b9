import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { dumpPglite } from './pglite-dump.ts';
import { sliceTransactions } from './pglite-time-slices.ts';
import { PLANT_TIME_ZONE_SETTING } from './plant-time.ts';
import { applyRowStamps } from './row-stamps.ts';
import { SEQ_FLOOR_SETTING, SINGLE_WRITER } from './seq-floor-setting.ts';

/** Both engines expose the same Drizzle query builder; code above this file sees only this. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** An in-memory PGlite database as a tarball, to start others from (`template`). */
  dump?(): Promise<Blob>;
  /** PostgreSQL's connection pool as /metrics reports it; PGlite is one session, no pool. */
  poolStats?(): PoolStats;
  close(): Promise<void>;
};

export type PoolStats = { total: number; idle: number; waiting: number };

/**
 * `memory://` keeps a PGlite database in memory (tests); anything else is a directory.
 * `template` starts an in-memory database, or a directory that holds none yet, from a dump
 * instead of an empty cluster: the test suites start dozens of servers, and creating and
 * migrating a cluster is most of each start.
 */
export type DatabaseTarget = {
  databaseUrl?: string;
  dataDir: string;
  /** The company's time zone, which every connection carries for plant-time.ts. */
  timeZone: string;
  template?: Blob;
  /** Told when PostgreSQL ends an idle pooled connection (a restart, a terminated backend). */
  onConnectionLost?: (error: Error) => void;
};

// Trigram indexes serve the lists' `contains` filters (migrations create the extension).
const extensions = { pg_trgm };

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const casing = 'snake_case';

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.databaseUrl ? openPostgres(target.databaseUrl, target) : openPglite(target);
}

async function openPglite({ dataDir, template, timeZone }: DatabaseTarget): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const lock = inMemory ? undefined : await lockDataDir(dataDir);
  try {
    const directory = `${dataDir}/pglite`;
    // A dump loads only into a cluster that does not exist yet (PGlite refuses otherwise).
    const load = template && (inMemory || !existsSync(`${directory}/PG_VERSION`));
    const loaded = load ? { loadDataDir: template } : {};
    const client = inMemory
      ? await PGlite.create({ extensions, ...loaded })
      : await PGlite.create(directory, { extensions, ...loaded });
    // PGlite is one session: the settings hold for every query of this database. Its
    // transactions run one at a time, so none holds a seq floor (seq-floor-setting.ts).
    await client.query('select set_config($1, $2, false)', [PLANT_TIME_ZONE_SETTING, timeZone]);
    await client.query('select set_config($1, $2, false)', [SEQ_FLOOR_SETTING, SINGLE_WRITER]);
    sliceTransactions(client);
    const db = drizzlePglite({ client, casing });
    await migratePglite(db, { migrationsFolder });
    await applyRowStamps(db);
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      ...(inMemory ? { dump: () => dumpPglite(client) } : {}),
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function openPostgres(
  url: string,
  { onConnectionLost, timeZone }: DatabaseTarget,
): Promise<Database> {
  await migrateWithLock(url);
  // Told at connection start-up, so no query ever runs on a connection without it.
  const options = `-c ${PLANT_TIME_ZONE_SETTING}=${timeZone}`;
  const pool = new pg.Pool({ connectionString: url, max: 10, options });
  // The pool drops a connection PostgreSQL ended while it sat idle and opens another on the
  // next query; unheard, that 'error' event would be thrown and stop the whole process.
  pool.on('error', (error) => onConnectionLost?.(error));
  const db = drizzlePg({ client: pool, casing });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** Advisory lock key for start-up work that several processes must do one at a time. */
export const STARTUP_LOCK = 727301;

// Several processes may start together against one PostgreSQL; an advisory lock held on one
// connection makes them migrate one after another instead of racing on the same DDL.
async function migrateWithLock(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const db = drizzlePg({ client, casing });
    await db.execute(sql`select pg_advisory_lock(${STARTUP_LOCK})`);
    try {
      await migratePg(db, { migrationsFolder });
      await applyRowStamps(db);
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${STARTUP_LOCK})`);
    }
  } finally {
    await client.end();
  }
}
