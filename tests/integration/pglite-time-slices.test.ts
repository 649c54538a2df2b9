import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { TRANSACTION_SLICE_MS } from '../../server/db/pglite-time-slices.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { openScratchDatabase } from '../support/scratch-database.ts';

// A long PGlite transaction lets the event loop turn between its statements once it has run
// for a slice (server/db/pglite-time-slices.ts): a timer due meanwhile fires before the
// transaction ends, where before it waited for all of it. A short one never yields.

/** One statement that keeps PGlite busy for a few milliseconds. */
const busy = sql`select count(*) from generate_series(1, 20000) g where g % 7 = 3`;

describe('PGlite transactions in time slices', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openScratchDatabase('pglite');
  }, 120_000);
  afterAll(async () => database.close());

  it('answers a timer while a long transaction runs, and the transaction still commits', async () => {
    await database.db.execute(sql`create table slice_probe (n int)`);
    let firedAt = Number.NaN;
    let endedAt = Number.NaN;
    const started = performance.now();
    setTimeout(() => (firedAt = performance.now()), 0);
    await database.db.transaction(async (tx) => {
      // Well past several slices, however fast the machine.
      while (performance.now() - started < TRANSACTION_SLICE_MS * 8) {
        await tx.execute(busy);
        await tx.execute(sql`insert into slice_probe values (1)`);
      }
      endedAt = performance.now();
    });
    expect(firedAt).toBeLessThan(endedAt);
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from slice_probe`,
    );
    expect(row?.n).toBeGreaterThan(0);
  });

  it('rolls back as one transaction when it fails after yielding', async () => {
    await database.db.execute(sql`create table slice_rollback (n int)`);
    const started = performance.now();
    await expect(
      database.db.transaction(async (tx) => {
        while (performance.now() - started < TRANSACTION_SLICE_MS * 4) {
          await tx.execute(sql`insert into slice_rollback values (1)`);
          await tx.execute(busy);
        }
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from slice_rollback`,
    );
    expect(row?.n).toBe(0);
  });

  it('does not yield inside a short transaction', async () => {
    let fired = false;
    setImmediate(() => (fired = true));
    let seenInside = true;
    let took = 0;
    await database.db.transaction(async (tx) => {
      const started = performance.now();
      await tx.execute(sql`select 1`);
      await tx.execute(sql`select 2`);
      took = performance.now() - started;
      seenInside = fired;
    });
    // A machine busy enough to stretch two selects past a slice may rightly yield: the claim is
    // about a transaction shorter than one slice.
    expect(seenInside && took < TRANSACTION_SLICE_MS).toBe(false);
  });
});
