import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { queryRows } from './query-rows.ts';

// PGlite runs no autovacuum (it has no background workers): a table it only ever grows is
// never vacuumed nor analyzed. Its visibility map stays empty, so an index-only scan fetches
// every row from the heap anyway: the movements report's capped count (10,001 index entries)
// took 28 ms a page over a million movements, 11 ms after one vacuum, which itself took 1.5 s
// (bench/README.md). Its statistics also stay those of whenever it was last analyzed. So on PGlite
// the server does autovacuum's job: every minute, the tables past the thresholds below are vacuumed
// and analyzed, one at a time, between other queries (PGlite runs one statement at a time, so a
// pass only delays the requests queued behind it).
//
// Decided: newly inserted rows count without PostgreSQL's scale factor (0.2 of the table). The
// ledger is append-only and its reports read the newest rows (the last 90 days), exactly the
// pages a vacuum marks all-visible; vacuuming an append-only table visits only the pages
// written since the last one, so a minute's worth of movements costs a few milliseconds.

export const AUTOVACUUM_INTERVAL_MS = 60_000;

/** Rows inserted since the last vacuum that make a table due (autovacuum's insert threshold). */
const INSERT_THRESHOLD = 1_000;

/** The tables of the public schema a pass would vacuum now, by name. */
export async function dueTables(db: Db): Promise<string[]> {
  // A backend flushes its table counters at most once a second; PGlite's one backend is this
  // process, so the rows it wrote a moment ago are counted only after a forced flush.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select relname as name from pg_stat_user_tables
         where schemaname = 'public'
           and (n_ins_since_vacuum > ${INSERT_THRESHOLD}
             or n_dead_tup > 50 + 0.2 * n_live_tup
             or n_mod_since_analyze > 50 + 0.1 * n_live_tup)
         order by relname`,
  );
  return rows.map((r) => r.name);
}

/** Vacuums and analyzes each due table; answers their names. */
export async function vacuumDueTables(db: Db): Promise<string[]> {
  const due = await dueTables(db);
  for (const name of due) {
    await db.execute(sql`vacuum (analyze) ${sql.identifier('public')}.${sql.identifier(name)}`);
  }
  return due;
}

export type Autovacuum = { stop(): Promise<void> };

/** Runs a pass every `intervalMs` until stopped; a pass never overlaps the next. */
export function startPgliteAutovacuum(
  db: Db,
  onError: (error: unknown) => void,
  intervalMs = AUTOVACUUM_INTERVAL_MS,
): Autovacuum {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= vacuumDueTables(db)
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  // Maintenance alone never keeps the process alive.
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
