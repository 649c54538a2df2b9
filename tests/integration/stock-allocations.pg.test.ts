import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMovements } from '../../server/db/stock/post-movements.ts';
import { ALLOCATIONS } from '../../src/domain/entities/stock/allocations.entity.ts';
import { STOCK_ON_HAND } from '../../src/domain/entities/stock/stock-on-hand.entity.ts';
import type { List, Row } from '../support/entity-crud.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';
import { backends } from '../support/test-server.ts';

// Packing lists (docs/domain/README.md §13: 4, 12): allocation only from available released stock,
// the allocated quantity leaves "available", shipping writes `ship` movements for what was picked.

const API = ALLOCATIONS.api;

describe.each(backends())('packing lists on %s', (backend) => {
  let w: StockWorld;
  beforeAll(async () => {
    w = await startStockWorld(backend);
  });
  afterAll(async () => w.t.close());

  const put = (productId: number, qty: number, lotId: number | null = null) =>
    w.db.transaction((tx) =>
      postMovements(
        tx,
        [{ productId, locationId: w.ids.main, lotId, qty, movementType: 'opening' }],
        { actorId: null },
      ),
    );
  const send = async (user: string, doc: Row, event: string, extra: object = {}) =>
    (await w.api(user)).send<Row>('POST', `${API}/${doc.id}/events/${event}`, {
      version: doc.version,
      ...extra,
    });
  async function packingList(productId: number, qty: number, lotId: number | null = null) {
    const reply = await (
      await w.api('inventory')
    ).send<Row>('POST', API, {
      ship_from_location_id: w.ids.main,
      lines: [{ product_id: productId, lot_id: lotId, qty_allocated: qty }],
    });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    expect(reply.data.number).toMatch(/^PL-\d{5}$/);
    return reply.data;
  }
  const onHandRow = async (productId: number) =>
    (
      await (
        await w.api('inventory')
      ).get<List>(STOCK_ON_HAND.api, {
        filter: [
          {
            field: 'product_id',
            field_type: 'number',
            filters: [
              { logic_operator: 'and', operator: 'equals', value_type: 'value', value: productId },
            ],
          },
        ],
      })
    ).data.rows[0];

  it('allocates from available stock, holds it, and ships what was picked', async () => {
    const product = await w.newProduct();
    await put(product, 10);
    const allocated = await send('inventory', await packingList(product, 6), 'allocate');
    expect(allocated.data.status).toBe('allocated');
    expect(await onHandRow(product)).toMatchObject({ qty_on_hand: 10, allocated: 6, available: 4 });

    const tooMuch = await send('inventory', await packingList(product, 5), 'allocate');
    expect(tooMuch.httpStatus).toBe(422);
    expect(tooMuch.data).toHaveProperty(['lines.0.qty_allocated']);

    const picking = await send('warehouse', allocated.data, 'pick');
    const lineId = (picking.data.lines as Row[])[0]?.id;
    const packed = await send('warehouse', picking.data, 'pack', {
      lines: [{ id: lineId, qty_picked: 5 }],
    });
    expect(packed.data.status).toBe('packed');
    expect((await send('warehouse', packed.data, 'ship')).httpStatus).toBe(403);
    const shipped = await send('shipping', packed.data, 'ship');
    expect(shipped.data.status).toBe('shipped');
    expect(await onHandRow(product)).toMatchObject({ qty_on_hand: 5, allocated: 0, available: 5 });
  });

  it('refuses to allocate a quarantine lot', async () => {
    const product = await w.newProduct(true);
    const lot = await w.newLot(product, 'quarantine');
    await put(product, 5, lot);
    const refused = await send('inventory', await packingList(product, 1, lot), 'allocate');
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toHaveProperty(['lines.0.lot_id']);
  });

  it('releases the stock when an allocated list is cancelled', async () => {
    const product = await w.newProduct();
    await put(product, 3);
    const allocated = await send('inventory', await packingList(product, 3), 'allocate');
    expect(await onHandRow(product)).toMatchObject({ available: 0 });
    await send('inventory', allocated.data, 'cancel', { reason: 'order changed' });
    expect(await onHandRow(product)).toMatchObject({ allocated: 0, available: 3 });
  });
});
