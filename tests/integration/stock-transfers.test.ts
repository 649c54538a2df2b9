import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { STOCK_ADJUSTMENTS } from '../../src/domain/entities/stock/stock-adjustments.entity.ts';
import { TRANSFERS } from '../../src/domain/entities/stock/transfers.entity.ts';
import type { Row } from '../support/entity-crud.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';
import { backends } from '../support/test-server.ts';

// Transfers: out of the source into transit on ship, transit → destination on receive, a
// shortfall resolved off transit with a reason, same-site transfers, roles per event,
// quarantine lots only to lab/scrap/quarantine.

const API = TRANSFERS.api;

describe.each(backends())('transfers on %s', (backend) => {
  let w: StockWorld;
  beforeAll(async () => {
    w = await startStockWorld(backend);
  });
  afterAll(async () => w.t.close());

  async function stockIn(productId: number, qty: number, lotId: number | null = null) {
    const api = await w.api('inventory');
    const doc = await api.send<Row>('POST', STOCK_ADJUSTMENTS.api, {
      location_id: w.ids.main,
      lines: [{ product_id: productId, lot_id: lotId, qty_delta: qty }],
    });
    await api.send('POST', `${STOCK_ADJUSTMENTS.api}/${doc.data.id}/events/post`, {
      version: doc.data.version,
    });
  }
  const send = async (user: string, doc: Row, event: string, extra: object = {}) => {
    const reply = await (
      await w.api(user)
    ).send<Row>('POST', `${API}/${doc.id}/events/${event}`, { version: doc.version, ...extra });
    return reply;
  };
  async function readyTransfer(
    productId: number,
    qty: number,
    to = w.ids.second,
    lotId: number | null = null,
  ) {
    const api = await w.api('inventory');
    const created = await api.send<Row>('POST', API, {
      kind: 'stock',
      from_location_id: w.ids.main,
      to_location_id: to,
      lines: [{ product_id: productId, lot_id: lotId, qty_sent: qty }],
    });
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    const requested = await send('transfer', created.data, 'request');
    const ready = await send('warehouse', requested.data, 'prepare');
    expect(ready.httpStatus, JSON.stringify(ready.data)).toBe(200);
    return ready.data;
  }
  const at = async (productId: number, locationId: number) => {
    const [row] = await queryRows<{ q: number | null }>(
      w.db,
      sql`select sum(qty_on_hand)::float8 as q from stock_balances
           where product_id = ${productId} and location_id = ${locationId}`,
    );
    return Number(row?.q ?? 0);
  };

  it('refuses the same location on both ends', async () => {
    const reply = await (
      await w.api('inventory')
    ).send('POST', API, {
      kind: 'stock',
      from_location_id: w.ids.main,
      to_location_id: w.ids.main,
      lines: [{ product_id: w.ids.untracked, qty_sent: 1 }],
    });
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toHaveProperty('to_location_id');
  });

  it('ships into transit and receives into the destination', async () => {
    const product = await w.newProduct();
    await stockIn(product, 10);
    const ready = await readyTransfer(product, 6);
    expect((await send('warehouse', ready, 'ship')).httpStatus).toBe(403);
    const shipped = await send('shipping', ready, 'ship');
    expect(shipped.data.status).toBe('in_transit');
    expect([await at(product, w.ids.main), await at(product, w.ids.transit)]).toEqual([4, 6]);
    const received = await send('warehouse', shipped.data, 'receive');
    expect(received.data.status).toBe('received');
    expect([await at(product, w.ids.transit), await at(product, w.ids.second)]).toEqual([0, 6]);
  });

  it('refuses to prepare more than is on hand', async () => {
    const product = await w.newProduct();
    await stockIn(product, 2);
    const api = await w.api('inventory');
    const created = await api.send<Row>('POST', API, {
      kind: 'stock',
      from_location_id: w.ids.main,
      to_location_id: w.ids.second,
      lines: [{ product_id: product, qty_sent: 3 }],
    });
    const requested = await send('inventory', created.data, 'request');
    const refused = await send('warehouse', requested.data, 'prepare');
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toHaveProperty(['lines.0.qty_sent']);
  });

  it('keeps a shortfall in transit until a manager resolves it with a reason', async () => {
    const product = await w.newProduct();
    await stockIn(product, 10);
    const shipped = (await send('shipping', await readyTransfer(product, 10), 'ship')).data;
    const lineId = (shipped.lines as Row[])[0]?.id;
    const partial = await send('warehouse', shipped, 'receive_partial', {
      lines: [{ id: lineId, qty_received: 8 }],
    });
    expect(partial.data.status).toBe('partially_received');
    expect(await at(product, w.ids.transit)).toBe(2);
    const discrepancy = await send('manager', partial.data, 'close');
    expect(discrepancy.data.status).toBe('discrepancy');
    const resolved = await send('manager', discrepancy.data, 'resolve', { reason: 'broken case' });
    expect(resolved.data.status).toBe('received');
    expect([await at(product, w.ids.transit), await at(product, w.ids.second)]).toEqual([0, 8]);
  });

  it('moves a same-site transfer in one step', async () => {
    const product = await w.newProduct();
    await stockIn(product, 5);
    const done = await send('transfer', await readyTransfer(product, 5), 'transfer');
    expect(done.data.status).toBe('received');
    expect([await at(product, w.ids.main), await at(product, w.ids.second)]).toEqual([0, 5]);
  });

  it('lets a quarantine lot go to the lab but not to a warehouse', async () => {
    const product = await w.newProduct(true);
    const lot = await w.newLot(product, 'quarantine');
    await stockIn(product, 4, lot);
    const toWarehouse = await send(
      'shipping',
      await readyTransfer(product, 2, w.ids.second, lot),
      'ship',
    );
    expect(toWarehouse.httpStatus).toBe(422);
    expect(String(Object.values(toWarehouse.data)[0])).toMatch(/quarantine/);
    const toLab = await send('shipping', await readyTransfer(product, 2, w.ids.lab, lot), 'ship');
    expect(toLab.httpStatus).toBe(200);
  });
});
