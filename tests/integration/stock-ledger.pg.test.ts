import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/query-rows.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMovements } from '../../server/db/stock/post-movements.ts';
import { STOCK_ADJUSTMENTS } from '../../src/domain/entities/stock/stock-adjustments.entity.ts';
import type { Row } from '../support/entity-crud.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';
import { backends } from '../support/test-server.ts';

// The ledger's invariants (docs/domain/README.md §13: 1, 2, 9, 10, 14): balances = Σ movements, no
// negative on hand unless allowed, posts atomic, stale versions and non-draft deletes refused,
// document numbers unique under concurrency, movements never updated or deleted.

const API = STOCK_ADJUSTMENTS.api;

describe.each(backends())('stock ledger on %s', (backend) => {
  let w: StockWorld;
  beforeAll(async () => {
    w = await startStockWorld(backend);
  });
  afterAll(async () => w.t.close());

  async function adjustment(lines: Record<string, unknown>[], location = w.ids.main) {
    const api = await w.api('inventory');
    const reply = await api.send<Row>('POST', API, { location_id: location, lines });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return reply.data;
  }
  const send = async (user: string, doc: Row, event: string, extra: object = {}) =>
    (await w.api(user)).send<Row>('POST', `${API}/${doc.id}/events/${event}`, {
      version: doc.version,
      ...extra,
    });
  const onHand = async (productId: number, locationId = w.ids.main) => {
    const rows = await queryRows<{ q: number }>(
      w.db,
      sql`select coalesce(sum(qty_on_hand), 0)::float8 as q from stock_balances
        where product_id = ${productId} and location_id = ${locationId}`,
    );
    return Number(rows[0]?.q ?? 0);
  };
  const movementCount = async (productId: number) => {
    const rows = await queryRows<{ n: number }>(
      w.db,
      sql`select count(*)::int as n from stock_movements where product_id = ${productId}`,
    );
    return Number(rows[0]?.n ?? 0);
  };

  it('posts an adjustment: one movement per line, balance updated, numbered SA-00001 style', async () => {
    const product = await w.newProduct();
    const doc = await adjustment([{ product_id: product, bin_id: w.ids.binA, qty_delta: 12.5 }]);
    expect(doc.number).toMatch(/^SA-\d{5}$/);
    expect(doc.status).toBe('draft');
    const posted = await send('inventory', doc, 'post');
    expect(posted.httpStatus).toBe(200);
    expect(posted.data.status).toBe('posted');
    expect(await onHand(product)).toBe(12.5);
    expect(await movementCount(product)).toBe(1);
    const log = await queryRows(
      w.db,
      sql`select from_status, to_status, event from status_transitions
        where entity_type = 'stock_adjustments' and entity_id = ${doc.id}`,
    );
    expect(log).toEqual([{ from_status: 'draft', to_status: 'posted', event: 'post' }]);
  });

  it('refuses negative on hand with the line and sku, and writes nothing', async () => {
    const product = await w.newProduct();
    const doc = await adjustment([{ product_id: product, qty_delta: -3 }]);
    const reply = await send('inventory', doc, 'post');
    expect(reply.httpStatus).toBe(422);
    expect(Object.keys(reply.data)).toEqual(['lines.0.qty']);
    expect(String(Object.values(reply.data)[0])).toMatch(/^Insufficient stock for SKU-/);
    const again = await (await w.api('inventory')).get<Row>(`${API}/${doc.id}`);
    expect(again.data.status).toBe('draft');
    expect(again.data.version).toBe(doc.version);
    expect(await movementCount(product)).toBe(0);
  });

  it('allows negative on hand when inventory.allow_negative is true', async () => {
    const product = await w.newProduct();
    await w.setAllowNegative(true);
    try {
      const doc = await adjustment([{ product_id: product, qty_delta: -4 }]);
      expect((await send('inventory', doc, 'post')).httpStatus).toBe(200);
      expect(await onHand(product)).toBe(-4);
    } finally {
      await w.setAllowNegative(false);
    }
  });

  it('rolls back every line, the status and the log when one line fails', async () => {
    const good = await w.newProduct();
    const short = await w.newProduct();
    const doc = await adjustment([
      { product_id: good, qty_delta: 10 },
      { product_id: short, qty_delta: -1 },
    ]);
    const reply = await send('inventory', doc, 'post');
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toHaveProperty(['lines.1.qty']);
    expect(await movementCount(good)).toBe(0);
    expect(await onHand(good)).toBe(0);
    const log = await queryRows<{ n: number }>(
      w.db,
      sql`select count(*)::int as n from status_transitions
        where entity_type = 'stock_adjustments' and entity_id = ${doc.id}`,
    );
    expect(Number(log[0]?.n)).toBe(0);
  });

  it('refuses a stale version with 409 stale_version and writes nothing', async () => {
    const product = await w.newProduct();
    const doc = await adjustment([{ product_id: product, qty_delta: 1 }]);
    const api = await w.api('inventory');
    const edited = await api.send<Row>('PUT', `${API}/${doc.id}`, {
      version: doc.version,
      note: 'x',
    });
    expect(edited.httpStatus).toBe(200);
    const stale = await send('inventory', doc, 'post');
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
    expect(await movementCount(product)).toBe(0);
  });

  it('refuses a user outside the inventory area with 403', async () => {
    const doc = await adjustment([{ product_id: w.ids.untracked, qty_delta: 1 }]);
    expect((await send('batcher', doc, 'post')).httpStatus).toBe(403);
  });

  it('refuses an unmapped transition with a message and no writes', async () => {
    const doc = await adjustment([{ product_id: w.ids.untracked, qty_delta: 1 }]);
    const cancelled = await send('inventory', doc, 'cancel', { reason: 'typo' });
    expect(cancelled.data.status).toBe('cancelled');
    const again = await send('inventory', cancelled.data, 'post');
    expect(again.httpStatus).toBe(422);
    expect(again.data).toEqual({ status: 'Transition cancelled→post not allowed' });
  });

  it('deletes a draft but refuses a posted document with 409 database_delete_7', async () => {
    const api = await w.api('inventory');
    const draft = await adjustment([{ product_id: w.ids.untracked, qty_delta: 1 }]);
    expect((await api.send('DELETE', `${API}/${draft.id}`)).httpStatus).toBe(200);
    const doc = await adjustment([{ product_id: w.ids.untracked, qty_delta: 1 }]);
    await send('inventory', doc, 'post');
    const refused = await api.send('DELETE', `${API}/${doc.id}`);
    expect(refused.httpStatus).toBe(409);
    expect(refused.message).toBe('database_delete_7');
  });

  it('hands out unique zero-filled numbers to 10 concurrent creates', async () => {
    const api = await w.api('inventory');
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.send<Row>('POST', API, {
          location_id: w.ids.main,
          lines: [{ product_id: w.ids.untracked, qty_delta: 1 }],
        }),
      ),
    );
    const numbers = replies.map((r) => String(r.data.number));
    expect(replies.every((r) => r.httpStatus === 201)).toBe(true);
    expect(new Set(numbers).size).toBe(10);
    for (const n of numbers) expect(n).toMatch(/^SA-\d{5}$/);
  });

  it('lets only one of two concurrent withdrawals of the same stock through', async () => {
    const product = await w.newProduct();
    await send('inventory', await adjustment([{ product_id: product, qty_delta: 5 }]), 'post');
    const first = await adjustment([{ product_id: product, qty_delta: -4 }]);
    const second = await adjustment([{ product_id: product, qty_delta: -4 }]);
    const replies = await Promise.all([
      send('inventory', first, 'post'),
      send('inventory', second, 'post'),
    ]);
    expect(replies.map((r) => r.httpStatus).sort()).toEqual([200, 422]);
    expect(await onHand(product)).toBe(1);
  });

  it('never lets a movement be updated or deleted', async () => {
    await expect(w.db.execute(sql`update stock_movements set qty = 999`)).rejects.toThrow();
    await expect(w.db.execute(sql`delete from stock_movements`)).rejects.toThrow();
  });

  it('keeps balances equal to Σ movements and never negative over random postings', async () => {
    const product = await w.newProduct();
    const lot = await w.newLot(product);
    const places = [
      { locationId: w.ids.main, binId: w.ids.binA, lotId: lot },
      { locationId: w.ids.main, binId: null, lotId: null },
      { locationId: w.ids.second, binId: w.ids.secondBin, lotId: lot },
    ];
    const posting = fc.array(
      fc.record({ place: fc.constantFrom(...places), qty: fc.integer({ min: -20, max: 30 }) }),
      { minLength: 1, maxLength: 4 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(posting, { minLength: 1, maxLength: 6 }), async (postings) => {
        for (const lines of postings) {
          await w.db
            .transaction(async (tx) =>
              postMovements(
                tx,
                lines.map((l, line) => ({
                  ...l.place,
                  productId: product,
                  qty: l.qty,
                  movementType: 'adjustment',
                  line,
                })),
                { actorId: null },
              ),
            )
            .catch((error: unknown) => {
              if (
                !String(
                  (error as { data?: unknown }).data
                    ? JSON.stringify((error as { data: unknown }).data)
                    : error,
                ).includes('Insufficient stock')
              )
                throw error;
            });
        }
        const { ledger, balances } = await w.ledgerAndBalances();
        for (const [key, qty] of balances) {
          expect(ledger.get(key) ?? 0).toBeCloseTo(qty, 3);
          if (key.startsWith(`${product}:`)) expect(qty).toBeGreaterThanOrEqual(0);
        }
        for (const [key, qty] of ledger) expect(balances.get(key) ?? 0).toBeCloseTo(qty, 3);
      }),
      { numRuns: 8 },
    );
  });
});
