import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import {
  dueTables,
  startPgliteAutovacuum,
  vacuumDueTables,
} from '../../server/db/pglite-autovacuum.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { openScratchDatabase } from '../support/scratch-database.ts';

// PGlite vacuums nothing by itself; the server's pass does (server/db/pglite-autovacuum.ts).
// What a vacuum changes that a user feels is the visibility map: before it, an index-only scan
// still reads every row it counts from the heap (the movements report's capped count).

const ROWS = 5_000;

describe('PGlite autovacuum', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openScratchDatabase('pglite');
  }, 120_000);
  afterAll(async () => database.close());

  const grow = (rows: number) =>
    database.db.execute(sql`
      insert into audit_logs (entity_type, entity_id, action, changes)
      select 'products', g, 'update', '{}'::jsonb from generate_series(1, ${rows}) g`);

  /** Heap fetches of an index-only count over audit_logs (sequential and bitmap scans off). */
  async function heapFetches(): Promise<number> {
    const client = (database.db as unknown as { $client: { query: QueryFn } }).$client;
    await client.query('set enable_seqscan = off');
    await client.query('set enable_bitmapscan = off');
    try {
      const plan = await client.query(
        `explain (analyze, costs off) select count(*) from audit_logs
          where entity_type = 'products' and entity_id > 0`,
      );
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toContain('Index Only Scan using audit_logs_entity_idx');
      return Number(/Heap Fetches: (\d+)/.exec(text)?.[1]);
    } finally {
      await client.query('reset enable_seqscan');
      await client.query('reset enable_bitmapscan');
    }
  }

  const stats = async (table: string) =>
    (
      await queryRows<{ vacuumed: unknown; analyzed: unknown }>(
        database.db,
        sql`select last_vacuum as vacuumed, last_analyze as analyzed
              from pg_stat_user_tables where relname = ${table}`,
      )
    )[0];

  it('vacuums and analyzes a table grown past the threshold, then finds it no longer due', async () => {
    await grow(ROWS);
    expect(await dueTables(database.db)).toContain('audit_logs');
    expect(await heapFetches()).toBe(ROWS);

    expect(await vacuumDueTables(database.db)).toContain('audit_logs');

    const after = await stats('audit_logs');
    expect(after?.vacuumed).not.toBeNull();
    expect(after?.analyzed).not.toBeNull();
    expect(await heapFetches()).toBe(0);
    expect(await dueTables(database.db)).not.toContain('audit_logs');
  });

  it('runs the pass on its own every interval until stopped', async () => {
    await grow(ROWS);
    expect(await dueTables(database.db)).toContain('audit_logs');
    const errors: unknown[] = [];
    const autovacuum = startPgliteAutovacuum(database.db, (e) => errors.push(e), 20);
    try {
      await vi.waitFor(async () => expect(await heapFetches()).toBe(0), {
        timeout: 30_000,
        interval: 50,
      });
    } finally {
      await autovacuum.stop();
    }
    expect(errors).toEqual([]);
    expect(await dueTables(database.db)).not.toContain('audit_logs');
  });
});

type QueryFn = (text: string) => Promise<{ rows: Record<string, string>[] }>;
