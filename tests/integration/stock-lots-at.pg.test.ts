import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLots } from '../../server/db/schema/inventory.ts';
import { postMovements } from '../../server/db/stock/post-movements.ts';
import { ALLOCATIONS } from '../../src/domain/entities/stock/allocations.entity.ts';
import { LOTS_AT_API, type LotChoice } from '../../src/domain/entities/stock/lot-choice.ts';
import { STOCK_ADJUSTMENTS } from '../../src/domain/entities/stock/stock-adjustments.entity.ts';
import type { Row } from '../support/entity-crud.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';
import { backends } from '../support/test-server.ts';

// The lot picker's choices: only the product's lots on hand at the
// location, once each, first to expire first, with availability; a line naming any other lot
// is refused; the warehouse allocates a packing list from them.

describe.each(backends())('lots at a location on %s', (backend) => {
  let w: StockWorld;
  beforeAll(async () => {
    w = await startStockWorld(backend);
  });
  afterAll(async () => w.t.close());

  const put = (productId: number, locationId: number, qty: number, lotId: number, binId?: number) =>
    w.db.transaction((tx) =>
      postMovements(
        tx,
        [{ productId, locationId, lotId, binId: binId ?? null, qty, movementType: 'opening' }],
        { actorId: null },
      ),
    );
  const lotExpiring = async (productId: number, expiry: string | null) => {
    const id = await w.newLot(productId);
    await w.db.update(stockLots).set({ expiryDate: expiry }).where(eq(stockLots.id, id));
    return id;
  };
  const lotsAt = async (user: string, productId: number, locationId: number) =>
    (await w.api(user)).get<LotChoice[]>(LOTS_AT_API, {
      product_id: productId,
      location_id: locationId,
    });

  it('offers the product’s lots at the location once each, first to expire first', async () => {
    const product = await w.newProduct(true);
    const late = await lotExpiring(product, '2027-06-30');
    const never = await lotExpiring(product, null);
    const soon = await lotExpiring(product, '2026-12-31');
    const elsewhere = await lotExpiring(product, '2026-01-01');
    const used = await lotExpiring(product, '2026-02-01');
    await put(product, w.ids.main, 5, late, w.ids.binA);
    await put(product, w.ids.main, 7, late, w.ids.binB);
    await put(product, w.ids.main, 2, never);
    await put(product, w.ids.main, 4, soon);
    await put(product, w.ids.second, 9, elsewhere);
    await put(product, w.ids.main, 3, used);
    await put(product, w.ids.main, -3, used);
    const other = await w.newProduct(true);
    await put(other, w.ids.main, 1, await lotExpiring(other, '2025-01-01'));

    const reply = await lotsAt('warehouse', product, w.ids.main);
    expect(reply.httpStatus).toBe(200);
    expect(reply.data.map((l) => [l.lot_id, l.expiry_date, l.on_hand, l.available])).toEqual([
      [soon, '2026-12-31', 4, 4],
      [late, '2027-06-30', 12, 12],
      [never, null, 2, 2],
    ]);
    expect((await lotsAt('batcher', product, w.ids.main)).httpStatus).toBe(403);
  });

  it('counts open allocations out of a lot’s availability; the warehouse allocates from it', async () => {
    const product = await w.newProduct(true);
    const lot = await lotExpiring(product, '2026-11-30');
    await put(product, w.ids.main, 10, lot);
    const warehouse = await w.api('warehouse');
    const created = await warehouse.send<Row>('POST', ALLOCATIONS.api, {
      ship_from_location_id: w.ids.main,
      lines: [{ product_id: product, lot_id: lot, qty_allocated: 6 }],
    });
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    const allocated = await warehouse.send<Row>(
      'POST',
      `${ALLOCATIONS.api}/${created.data.id}/events/allocate`,
      { version: created.data.version },
    );
    expect(allocated.httpStatus, JSON.stringify(allocated.data)).toBe(200);
    const [choice] = (await lotsAt('inventory', product, w.ids.main)).data;
    expect(choice).toMatchObject({ lot_id: lot, on_hand: 10, available: 4 });
  });

  it('refuses a packing list or an adjustment taking a lot that is not there', async () => {
    const product = await w.newProduct(true);
    const there = await lotExpiring(product, '2026-10-01');
    const away = await lotExpiring(product, '2026-09-01');
    await put(product, w.ids.main, 5, there);
    await put(product, w.ids.second, 5, away);
    const inventory = await w.api('inventory');
    const packing = await inventory.send('POST', ALLOCATIONS.api, {
      ship_from_location_id: w.ids.main,
      lines: [{ product_id: product, lot_id: away, qty_allocated: 1 }],
    });
    expect(packing.httpStatus).toBe(422);
    expect(packing.data).toEqual({
      'lines.0.lot_id': 'Choose a lot of this product that is on hand at this location',
    });
    const takeOut = await inventory.send('POST', STOCK_ADJUSTMENTS.api, {
      location_id: w.ids.main,
      lines: [{ product_id: product, lot_id: away, qty_delta: -1 }],
    });
    expect(takeOut.httpStatus).toBe(422);
    expect(takeOut.data).toHaveProperty(['lines.0.lot_id']);
    // Stock put in may start a lot at the location.
    const putIn = await inventory.send('POST', STOCK_ADJUSTMENTS.api, {
      location_id: w.ids.main,
      lines: [{ product_id: product, lot_id: away, qty_delta: 1 }],
    });
    expect(putIn.httpStatus).toBe(201);
  });
});
