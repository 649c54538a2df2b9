import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOCATIONS } from '../../src/domain/entities/stock/allocations.entity.ts';
import { STOCK_ADJUSTMENTS } from '../../src/domain/entities/stock/stock-adjustments.entity.ts';
import { postMovements } from '../../server/db/stock/post-movements.ts';
import type { Row } from '../support/entity-crud.ts';
import { onHandAndHeld, startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';
import { backends } from '../support/test-server.ts';

// Stock events sent by many people at the same moment (see races-sales.pg.test.ts): packing
// lists allocating one product's stock, adjustments taking it away. Only the PostgreSQL run
// can show a race; both must keep on hand, what is held and the ledger true.

const AT_ONCE = 20;

describe.each(backends())('stock events sent at once on %s', (backend) => {
  let w: StockWorld;
  beforeAll(async () => {
    w = await startStockWorld(backend);
  }, 240_000);
  afterAll(async () => w.t.close());

  const put = (productId: number, qty: number) =>
    w.db.transaction((tx) =>
      postMovements(
        tx,
        [{ productId, locationId: w.ids.main, lotId: null, qty, movementType: 'opening' }],
        { actorId: null },
      ),
    );
  async function created(api: string, body: object) {
    const reply = await (await w.api('inventory')).send<Row>('POST', api, body);
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return reply.data;
  }
  const event = async (api: string, doc: Row, name: string) =>
    (await w.api('inventory')).send<Row>('POST', `${api}/${doc.id}/events/${name}`, {
      version: doc.version,
    });
  it('allocates packing lists of one product at once only up to what is free', async () => {
    const product = await w.newProduct(false);
    await put(product, 30);
    const lists: Row[] = [];
    for (let i = 0; i < AT_ONCE; i++) {
      lists.push(
        await created(ALLOCATIONS.api, {
          ship_from_location_id: w.ids.main,
          lines: [{ product_id: product, qty_allocated: 10 }],
        }),
      );
    }
    const replies = await Promise.all(lists.map((l) => event(ALLOCATIONS.api, l, 'allocate')));
    expect(replies.filter((r) => r.httpStatus === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.httpStatus === 422)).toHaveLength(AT_ONCE - 3);
    expect(await onHandAndHeld(w.db, product)).toEqual({ on_hand: 30, held: 30 });
  });

  it('posts adjustments taking stock away at once only while there is stock to take', async () => {
    const product = await w.newProduct(false);
    await put(product, 100);
    const adjustments: Row[] = [];
    for (let i = 0; i < AT_ONCE; i++) {
      adjustments.push(
        await created(STOCK_ADJUSTMENTS.api, {
          location_id: w.ids.main,
          lines: [{ product_id: product, qty_delta: -10 }],
        }),
      );
    }
    const replies = await Promise.all(
      adjustments.map((a) => event(STOCK_ADJUSTMENTS.api, a, 'post')),
    );
    expect(replies.filter((r) => r.httpStatus === 200)).toHaveLength(10);
    expect(replies.filter((r) => r.httpStatus === 422)).toHaveLength(AT_ONCE - 10);
    expect((await onHandAndHeld(w.db, product)).on_hand).toBe(0);
    const { ledger, balances } = await w.ledgerAndBalances();
    expect(balances).toEqual(ledger);
  });
});
