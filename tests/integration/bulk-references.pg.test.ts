import { sql } from 'drizzle-orm';
import { bigint, bigserial, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayParam } from '../../server/db/array-param.ts';
import { BULK_REFERENCE_ROWS } from '../../server/db/bulk-references.ts';
import type { Db } from '../../server/db/client.ts';
import { insertColumns } from '../../server/db/insert-columns.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { postgresPool } from '../../server/http/entity/export-rows.ts';
import { products } from '../../server/db/schema/inventory.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// A bulk insert checks its foreign keys once per distinct value, and only then skips the
// per-row checks (bulk-references.ts). A probe table records, through a column default, the
// replication role each row was inserted under: `replica` where the per-row checks were
// skipped, `origin` where PostgreSQL made them.

const probe = pgTable('bulk_reference_probe', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  productId: bigint({ mode: 'number' })
    .notNull()
    .references(() => products.id),
  role: text(),
});

describe.each(backends())('bulk inserts and their references on %s', (backend) => {
  let t: TestServer;
  let db: Db;
  let productIds: number[];
  beforeAll(async () => {
    t = await startTestServer({ backend });
    db = t.server.database.db;
    await db.execute(sql`create table bulk_reference_probe (
      id bigserial primary key,
      product_id bigint not null references products(id),
      role text default current_setting('session_replication_role'))`);
    productIds = (await db.select({ id: products.id }).from(products).limit(3)).map((p) => p.id);
  }, 120_000);
  afterAll(async () => t.close());

  const rows = (count: number, productId = (i: number) => productIds[i % productIds.length]!) =>
    Array.from({ length: count }, (_, i) => ({ productId: productId(i) }));

  const rolesOf = async (ids: number[]) =>
    (
      await queryRows<{ role: string }>(
        db,
        sql`select role from bulk_reference_probe where id = any(${arrayParam(ids, 'bigint')})`,
      )
    ).map((r) => r.role);

  it('checks a big batch once and skips the per-row checks, in its transaction only', async () => {
    const { ids, after } = await db.transaction(async (tx) => {
      const inserted = await insertColumns(tx, probe, rows(BULK_REFERENCE_ROWS));
      const [role] = await queryRows<{ role: string }>(
        tx,
        sql`select current_setting('session_replication_role') as role`,
      );
      return { ids: inserted, after: role?.role };
    });
    expect(new Set(await rolesOf(ids))).toEqual(new Set(['replica']));
    expect(after).toBe('origin');
  });

  it('leaves a small batch, and one outside a transaction, to the per-row checks', async () => {
    const small = await db.transaction((tx) =>
      insertColumns(tx, probe, rows(BULK_REFERENCE_ROWS - 1)),
    );
    const outside = await insertColumns(db, probe, rows(BULK_REFERENCE_ROWS));
    expect(new Set(await rolesOf([...small, ...outside]))).toEqual(new Set(['origin']));
  });

  it('refuses a batch naming a missing row as PostgreSQL does, writing nothing', async () => {
    const [{ count: before } = { count: 0 }] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from bulk_reference_probe`,
    );
    const missing = Math.max(...productIds) + 1_000_000;
    const bad = rows(BULK_REFERENCE_ROWS, (i) => (i === 7 ? missing : productIds[0]!));
    const error = await db
      .transaction((tx) => insertColumns(tx, probe, bad))
      .then(() => null)
      .catch((e: unknown) => e as { cause?: { code?: string } });
    expect(error?.cause?.code).toBe('23503');
    const [{ count: after } = { count: -1 }] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from bulk_reference_probe`,
    );
    expect(after).toBe(before);
  });

  it('keeps the per-row checks on a table with insert triggers of its own', async () => {
    await db.execute(sql`create function bulk_reference_noop() returns trigger
      language plpgsql as $$ begin return new; end $$`);
    await db.execute(sql`create trigger bulk_reference_noop before insert on bulk_reference_probe
      for each row execute function bulk_reference_noop()`);
    try {
      const ids = await db.transaction((tx) => insertColumns(tx, probe, rows(BULK_REFERENCE_ROWS)));
      expect(new Set(await rolesOf(ids))).toEqual(new Set(['origin']));
    } finally {
      await db.execute(sql`drop trigger bulk_reference_noop on bulk_reference_probe`);
    }
  });

  it.runIf(backend === 'postgres')(
    'holds the referenced rows as the per-row check would, until commit',
    async () => {
      const pool = postgresPool(db);
      if (!pool) throw new Error('the PostgreSQL server has no pg.Pool');
      const other = await pool.connect();
      try {
        await db.transaction(async (tx) => {
          await insertColumns(tx, probe, rows(BULK_REFERENCE_ROWS));
          await other.query('begin');
          await other.query(`set local lock_timeout = '300ms'`);
          // A delete of a referenced product must wait for this transaction (KEY SHARE).
          const refused = await other
            .query('delete from products where id = $1', [productIds[0]])
            .then(() => null)
            .catch((e: { code?: string }) => e.code);
          await other.query('rollback');
          expect(refused).toBe('55P03');
        });
      } finally {
        other.release();
      }
    },
  );
});
