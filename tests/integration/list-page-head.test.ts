import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { INVENTORY_MOVEMENTS } from '../../src/domain/entities/stock/inventory-movements.entity.ts';
import type { TableQueryInput } from '../../src/domain/table-filter/table-query.types.ts';
import { insertLedgerRows } from '../support/ledger-rows.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';
import { statementsOf } from '../support/watch-statements.ts';

// A filtered page near the start of its order looks through the order's head first
// (server/http/entity/page-ids.ts), then either walks the order or sorts the matching rows.
// Whichever way it goes, the page is the one the plain statement gives: each case below is
// checked against the same filter and order written out in SQL, and the statements show which
// way it went. The ledger's ids grow as time goes back (ledger-rows.ts), so the newest
// movements come last in id order and first in reverse.

const MOVEMENTS = 6_000;
const END = '2026-11-20T00:00:00Z';
/** The newest 300 movements. */
const SINCE = new Date(Date.parse(END) - 300 * 17 * 60_000).toISOString();

const recent = {
  field: 'moved_at',
  field_type: 'datetime',
  filters: [{ operator: 'greater_or_equal', value: SINCE }],
} as const;

describe('a filtered page near the start of its order', () => {
  let w: StockWorld;
  beforeAll(async () => {
    w = await startStockWorld('pglite');
    await insertLedgerRows(w, MOVEMENTS, END);
  }, 300_000);
  afterAll(async () => w.t.close());

  /** The page's ids through the API, with the statements it ran. */
  async function page(query: TableQueryInput) {
    const api = await w.api('inventory');
    let ids: number[] = [];
    const statements = await statementsOf(w.db, async () => {
      const reply = await api.get<{ rows: { id: number }[] }>(INVENTORY_MOVEMENTS.api, {
        per_page: 100,
        ...query,
      });
      ids = reply.data.rows.map((r) => r.id);
    });
    const texts = statements.map((s) => s.sql);
    return {
      ids,
      probed: texts.some((t) => /limit \$\d+\) as "stock_movements"/.test(t)),
      sortedMatches: texts.some((t) => t.includes('offset 0) as "stock_movements"')),
    };
  }

  const expected = async (where: string, order: string, limit = 100, offset = 0) =>
    (
      await queryRows<{ id: number }>(
        w.db,
        sql.raw(
          `select id from stock_movements where ${where} order by ${order} limit ${limit} offset ${offset}`,
        ),
      )
    ).map((r) => Number(r.id));

  it('takes the page from the head of the order when the head holds it', async () => {
    const got = await page({ filter: [recent], sort: { field: 'id', direction: 'asc' } });
    expect(got.ids).toEqual(await expected(`moved_at >= '${SINCE}'`, 'id asc'));
    expect(got.ids).toHaveLength(100);
    expect(got.probed).toBe(true);
    expect(got.sortedMatches).toBe(false);
  });

  it('holds the second page too', async () => {
    const got = await page({
      filter: [recent],
      sort: { field: 'id', direction: 'asc' },
      page: 2,
      per_page: 100,
    });
    expect(got.ids).toEqual(await expected(`moved_at >= '${SINCE}'`, 'id asc', 100, 100));
    expect(got.probed).toBe(true);
  });

  it('sorts the matching rows when they all lie at the far end of the order', async () => {
    const got = await page({ filter: [recent], sort: { field: 'id', direction: 'desc' } });
    expect(got.ids).toEqual(await expected(`moved_at >= '${SINCE}'`, 'id desc'));
    expect(got.ids).toHaveLength(100);
    expect(got.probed).toBe(true);
    expect(got.sortedMatches).toBe(true);
    // That statement was planned with its own weights (page-ids.ts), which PGlite's one session
    // must not keep for everything after it.
    const [after] = await queryRows<{ cost: string }>(
      w.db,
      sql`select current_setting('cpu_tuple_cost') as cost`,
    );
    expect(after?.cost).toBe('0.01');
  });

  it('walks the order when the head shows the matches thin but spread', async () => {
    // Receipts of 7: one row in 52 (g % 5 = 0, g % 7 = 6, g % 3 ≠ 0), evenly along the ids.
    const got = await page({
      filter: [
        {
          field: 'movement_type',
          field_type: 'enum',
          filters: [{ operator: 'in', value: ['receipt'] }],
        },
        { field: 'qty', field_type: 'number', filters: [{ operator: 'equals', value: 7 }] },
      ],
      sort: { field: 'id', direction: 'asc' },
    });
    expect(got.ids).toEqual(await expected(`movement_type = 'receipt' and qty = 7`, 'id asc'));
    expect(got.ids.length).toBe(100);
    expect(got.probed).toBe(true);
    expect(got.sortedMatches).toBe(false);
  });

  it('leaves an order by an expression to the planner', async () => {
    // A ledger row's version is the constant 1 (log-table.ts): the id's order, as an expression.
    const got = await page({ filter: [recent], sort: { field: 'version', direction: 'desc' } });
    expect(got.ids).toEqual(await expected(`moved_at >= '${SINCE}'`, 'id asc'));
    expect(got.probed).toBe(false);
    expect(got.sortedMatches).toBe(false);
  });

  it('orders ties by id whichever way it goes', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const got = await page({ filter: [recent], sort: { field: 'qty', direction } });
      expect(got.ids).toEqual(
        await expected(`moved_at >= '${SINCE}'`, `qty ${direction} nulls last, id asc`),
      );
    }
  });
});
