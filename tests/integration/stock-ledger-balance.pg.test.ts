import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { postMovements } from '../../server/db/stock/post-movements.ts';
import type { MovementInput } from '../../server/db/stock/movement-input.ts';
import { INVENTORY_MOVEMENTS } from '../../src/domain/entities/stock/inventory-movements.entity.ts';
import { TABLE_QUERY_LIMITS } from '../../src/domain/table-filter/table-query.types.ts';
import type { List } from '../support/entity-crud.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';
import { backends } from '../support/test-server.ts';

// The running balance stored on each movement (`balance_after`, written by postMovements)
// against the ledger-order sum the movements report computed per row before, on a
// generated ledger with backdated and same-instant postings; its order under concurrent
// postings of one product × location; and the list's capped count ("10,000+").

const byProduct = (productId: number) => ({
  filter: [
    {
      field: 'product_id',
      field_type: 'number',
      filters: [{ operator: 'equals', value: productId }],
    },
  ],
});

type Check = { id: number; stored: string; summed: string };

describe.each(backends())('stored running balance on %s', (backend) => {
  let w: StockWorld;
  beforeAll(async () => {
    w = await startStockWorld(backend);
    await w.setAllowNegative(true);
    // Generous: a server start and seeding on a 2-core machine shared with other jobs.
  }, 300_000);
  afterAll(async () => w.t.close());

  /** Every movement of the products whose stored balance differs from the correlated sum. */
  const mismatches = async (productIds: number[]) => {
    const rows = await queryRows<Check>(
      w.db,
      sql`select m.id, m.balance_after::text as stored,
            (select sum(r.qty) from stock_movements r
              where r.product_id = m.product_id and r.location_id = m.location_id
                and (r.moved_at, r.id) <= (m.moved_at, m.id))::text as summed
          from stock_movements m
         where m.product_id in (${sql.join(productIds, sql`, `)})`,
    );
    expect(rows.length).toBeGreaterThan(0);
    return rows.filter((r) => Number(r.stored) !== Number(r.summed));
  };
  const post = (moves: MovementInput[]) =>
    w.db.transaction((tx) => postMovements(tx, moves, { actorId: null }));

  it('equals the ledger-order sum on a generated ledger, backdated postings included', async () => {
    const products = [await w.newProduct(true), await w.newProduct(false)];
    const lot = await w.newLot(products[0]!);
    const locations = [w.ids.main, w.ids.second];
    // A small deterministic generator, so a failure can be replayed.
    let s = 42;
    const next = (n: number) => {
      s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
      return s % n;
    };
    const start = Date.UTC(2026, 0, 1);
    for (let posting = 0; posting < 60; posting += 1) {
      const moves: MovementInput[] = [];
      const lines = 1 + next(3);
      // A third of the postings are backdated among the rows already there; some share an instant.
      const at = new Date(start + next(20) * 3_600_000);
      for (let line = 0; line < lines; line += 1) {
        const productId = products[next(2)]!;
        moves.push({
          productId,
          locationId: locations[next(2)]!,
          lotId: productId === products[0] && next(2) === 0 ? lot : null,
          qty: (next(2) === 0 ? -1 : 1) * (1 + next(40)) + next(4) * 0.125,
          movementType: 'adjustment',
          movedAt: next(3) === 0 ? undefined : at,
        });
      }
      await post(moves);
    }
    expect(await mismatches(products)).toEqual([]);
  });

  it('is what the movements report shows as the running balance', async () => {
    const product = await w.newProduct(false);
    const at = (day: number) => new Date(Date.UTC(2026, 1, day));
    await post([
      {
        productId: product,
        locationId: w.ids.main,
        qty: 10,
        movementType: 'opening',
        movedAt: at(3),
      },
    ]);
    await post([
      { productId: product, locationId: w.ids.main, qty: -4, movementType: 'ship', movedAt: at(5) },
    ]);
    // Backdated before both: the later rows' balances move up by 2.5.
    await post([
      {
        productId: product,
        locationId: w.ids.main,
        qty: 2.5,
        movementType: 'receipt',
        movedAt: at(1),
      },
    ]);
    const page = await (
      await w.api('inventory')
    ).get<List>(INVENTORY_MOVEMENTS.api, {
      ...byProduct(product),
      sort: { field: 'moved_at', direction: 'asc' },
    });
    expect(page.data.rows.map((r) => [r.qty, r.running_balance])).toEqual([
      [2.5, 2.5],
      [10, 12.5],
      [-4, 8.5],
    ]);
    expect(await mismatches([product])).toEqual([]);
  });

  it('keeps one sequence when postings of different lots of one product × location race', async () => {
    const product = await w.newProduct(true);
    const lots = [await w.newLot(product), await w.newLot(product), await w.newLot(product)];
    // Different lots lock different balance rows, so only the ledger lock orders these.
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        post([
          {
            productId: product,
            locationId: w.ids.main,
            lotId: lots[i % 3]!,
            qty: i + 1,
            movementType: 'receipt',
          },
        ]),
      ),
    );
    expect(await mismatches([product])).toEqual([]);
    const [last] = await queryRows<{ b: string }>(
      w.db,
      sql`select balance_after::text as b from stock_movements where product_id = ${product}
          order by moved_at desc, id desc limit 1`,
    );
    expect(Number(last?.b)).toBe((24 * 25) / 2);
  });

  it.runIf(backend === 'postgres')(
    'makes a second posting of the product × location wait for the first to commit',
    async () => {
      const product = await w.newProduct(true);
      const [lotA, lotB] = [await w.newLot(product), await w.newLot(product)];
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let firstPosted!: () => void;
      const posted = new Promise<void>((resolve) => (firstPosted = resolve));
      const first = w.db.transaction(async (tx: Tx) => {
        await postMovements(
          tx,
          [
            {
              productId: product,
              locationId: w.ids.main,
              lotId: lotA,
              qty: 5,
              movementType: 'receipt',
            },
          ],
          { actorId: null },
        );
        firstPosted();
        await gate;
      });
      await posted;
      const second = post([
        {
          productId: product,
          locationId: w.ids.main,
          lotId: lotB,
          qty: 7,
          movementType: 'receipt',
        },
      ]);
      // Wait (by condition, not by time) until the second posting queues on the advisory lock.
      let waiting = 0;
      for (let attempt = 0; attempt < 500 && waiting === 0; attempt += 1) {
        const [row] = await queryRows<{ n: string | number }>(
          w.db,
          sql`select count(*) as n from pg_locks where locktype = 'advisory' and not granted`,
        );
        waiting = Number(row?.n ?? 0);
        if (waiting === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(waiting).toBe(1);
      release();
      await Promise.all([first, second]);
      const rows = await queryRows<{ qty: string; b: string }>(
        w.db,
        sql`select qty::text as qty, balance_after::text as b from stock_movements
             where product_id = ${product} order by moved_at, id`,
      );
      expect(rows.map((r) => [Number(r.qty), Number(r.b)])).toEqual([
        [5, 5],
        [7, 12],
      ]);
    },
  );

  it('counts a page up to 10,000 rows past its first and says when it stopped', async () => {
    const product = await w.newProduct(false);
    const over = TABLE_QUERY_LIMITS.countCap + 50;
    await w.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into stock_movements (moved_at, product_id, location_id, qty, balance_after, movement_type)
        select timestamptz '2025-01-01' + g * interval '1 minute', ${product}, ${w.ids.main}, 1, g, 'receipt'
          from generate_series(1, ${over}) g`);
    });
    const api = await w.api('inventory');
    const page = async (n: number, extra: object = {}) =>
      (
        await api.get<List & { total_capped: number }>(INVENTORY_MOVEMENTS.api, {
          ...byProduct(product),
          page: n,
          per_page: 100,
          ...extra,
        })
      ).data;
    const first = await page(1);
    expect(first.rows).toHaveLength(100);
    expect([first.total, first.total_capped]).toEqual([TABLE_QUERY_LIMITS.countCap, 1]);
    // From page 100 the cap reaches past the last row: the total is exact again.
    const deep = await page(100);
    expect(deep.rows).toHaveLength(100);
    expect([deep.total, deep.total_capped]).toEqual([over, 0]);
    const pastEnd = await page(150);
    expect([pastEnd.rows.length, pastEnd.total, pastEnd.total_capped]).toEqual([0, over, 0]);
    const few = await page(1, {
      filter: [
        ...byProduct(product).filter,
        {
          field: 'moved_at',
          field_type: 'datetime',
          filters: [{ operator: 'less_or_equal', value: '2025-01-01T00:03:00Z' }],
        },
      ],
    });
    expect([few.rows.length, few.total, few.total_capped]).toEqual([3, 3, 0]);
  });
});
