import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../modules/general/shared/entities/countries.entity.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type EntityApiClient, type Row } from '../support/entity-crud.ts';
import { lacks } from '../support/services.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// A live list resumes its delta poll from the seq the server last gave it. A row's seq is drawn
// when it is written, so a transaction slow to commit holds a seq below one a quicker writer
// has already committed: the seq given while it runs must stay below its rows, or they land
// behind the cursor and no poll ever brings them (server/db/committed-seq.ts). PGlite runs one
// transaction at a time, so only PostgreSQL can hold one open beside another's commit.

type Changes = { rows: Row[]; deleted: number[]; seq: number };

describe.skipIf(lacks('DATABASE_URL'))('a delta poll beside a transaction slow to commit', () => {
  let t: TestServer;
  let api: EntityApiClient;
  let pool: pg.Pool;
  beforeAll(async () => {
    t = await startTestServer({ backend: 'postgres' });
    api = entityClient(t.url, await tokenFor(t.url, 'admin'));
    pool = (t.server.database.db as unknown as { $client: pg.Pool }).$client;
  }, 120_000);
  afterAll(async () => t?.close());

  const poll = async (since: number) =>
    (await api.get<Changes>(`${COUNTRIES.api}/changes`, { since })).data;

  /** A transaction that renames `id` and stays open until `commit`; answers the row's seq. */
  async function slowRename(id: number, name: string) {
    const client = await pool.connect();
    await client.query('begin');
    const { rows } = await client.query<{ seq: string }>(
      'update countries set name = $1 where id = $2 returning seq',
      [name, id],
    );
    return {
      seq: Number(rows[0]!.seq),
      commit: async () => {
        await client.query('commit');
        client.release();
      },
    };
  }

  it('keeps the cursor below the slow writer until it commits, then brings its row', async () => {
    const slowRow = await api.create(COUNTRIES, { iso2: 'ZS', name: 'Slowland' });
    const quickRow = await api.create(COUNTRIES, { iso2: 'ZQ', name: 'Quickland' });
    const start = (await api.get<{ seq: number }>(COUNTRIES.api)).data.seq;

    const slow = await slowRename(slowRow.id, 'Slowland renamed');
    const quick = await api.send<Row>('PUT', `${COUNTRIES.api}/${quickRow.id}`, {
      name: 'Quickland renamed',
      version: quickRow.version,
    });
    expect(quick.httpStatus).toBe(200);
    expect(Number(quick.data.seq)).toBeGreaterThan(slow.seq);

    const during = await poll(start);
    expect(during.rows.map((r) => r.name)).toContain('Quickland renamed');
    expect(during.seq).toBeLessThan(slow.seq);
    // A list read now hands out a seq below the slow row too.
    expect((await api.get<{ seq: number }>(COUNTRIES.api)).data.seq).toBeLessThan(slow.seq);

    await slow.commit();
    const after = await poll(during.seq);
    expect(after.rows.map((r) => r.name)).toContain('Slowland renamed');
    // With nobody writing any more, the cursor moves past both.
    expect(after.seq).toBeGreaterThanOrEqual(Number(quick.data.seq));
    expect((await poll(after.seq)).rows.map((r) => r.id)).not.toContain(slowRow.id);
  });

  it('ends a full page of changes at the floor instead of resuming past it', async () => {
    const slowRow = await api.create(COUNTRIES, { iso2: 'ZF', name: 'Floorland' });
    const start = (await api.get<{ seq: number }>(COUNTRIES.api)).data.seq;
    const slow = await slowRename(slowRow.id, 'Floorland renamed');
    // More quick rows than one page of changes holds (CHANGES_LIMIT, 500), all above the floor.
    await pool.query(
      `insert into countries (iso2, name)
       select code, 'Bulk ' || code
         from (select chr(a) || chr(b) as code
                 from generate_series(65, 89) a, generate_series(65, 90) b) codes
        where code not in (select iso2 from countries)
        limit 501`,
    );
    const full = await api.get<Changes & { more: number }>(`${COUNTRIES.api}/changes`, {
      since: start,
    });
    expect(full.data.rows).toHaveLength(500);
    // Resuming from the floor would answer this same page again: the reading stops here.
    expect(full.data.more).toBe(0);
    expect(full.data.seq).toBeLessThan(slow.seq);
    await slow.commit();
    const names: unknown[] = [];
    let since = full.data.seq;
    for (let more = 1; more === 1;) {
      const next = await api.get<Changes & { more: number }>(`${COUNTRIES.api}/changes`, {
        since,
      });
      names.push(...next.data.rows.map((r) => r.name));
      since = next.data.seq;
      more = next.data.more;
    }
    expect(names).toContain('Floorland renamed');
  });

  it('lets the cursor past a floor once its transaction rolls back', async () => {
    const row = await api.create(COUNTRIES, { iso2: 'ZR', name: 'Rollbackia' });
    const start = (await api.get<{ seq: number }>(COUNTRIES.api)).data.seq;
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('update countries set name = $1 where id = $2', ['Never', row.id]);
      const held = await poll(start);
      expect(held.seq).toBe(start);
      await client.query('rollback');
      const freed = await poll(held.seq);
      expect(freed.seq).toBeGreaterThan(held.seq);
      expect(freed.rows.map((r) => r.name)).not.toContain('Never');
    } finally {
      client.release();
    }
  });
});
