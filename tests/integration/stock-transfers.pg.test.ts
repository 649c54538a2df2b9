import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { STOCK_ADJUSTMENTS } from '../../src/domain/entities/stock/stock-adjustments.entity.ts';
import { TRANSFERS } from '../../src/domain/entities/stock/transfers.entity.ts';
import type { Row } from '../support/entity-crud.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';
import { backends } from '../support/test-server.ts';

// Transfers: out of the source into transit on ship, transit → destination on receive, a
// shortfall resolved off transit with a reason, one-step moves within a site, roles per event
// and who may open one, lots on hand at the source, quarantine lots only to lab/scrap/quarantine.

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

  async function draftTransfer(to: number, lines: object[], user = 'inventory') {
    const created = await (
      await w.api(user)
    ).send<Row>('POST', API, {
      kind: 'stock',
      from_location_id: w.ids.main,
      to_location_id: to,
      lines,
    });
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    return created.data;
  }
  const movementsOf = (transferId: number) =>
    queryRows<{ movement_type: string; location_id: number; qty: number; created_at: string }>(
      w.db,
      sql`select movement_type, location_id::int as location_id, qty::float8 as qty,
                 created_at::text as created_at
            from stock_movements where source_type = 'transfers' and source_id = ${transferId}
           order by id`,
    );

  it('lets inventory move stock within one site in one step: both movements, one transition', async () => {
    const product = await w.newProduct();
    await stockIn(product, 5);
    const draft = await draftTransfer(w.ids.floor, [{ product_id: product, qty_sent: 3 }]);
    expect(draft.same_site).toBe(1);
    // Nothing to request or ship on one site: the only way on is the one step.
    expect((await send('inventory', draft, 'request')).httpStatus).toBe(422);
    const done = await send('inventory', draft, 'transfer');
    expect(done.httpStatus, JSON.stringify(done.data)).toBe(200);
    expect(done.data.status).toBe('received');
    expect([await at(product, w.ids.main), await at(product, w.ids.floor)]).toEqual([2, 3]);
    const moves = await movementsOf(draft.id);
    expect(moves.map((m) => [m.movement_type, m.location_id, m.qty])).toEqual([
      ['transfer_out', w.ids.main, -3],
      ['transfer_in', w.ids.floor, 3],
    ]);
    // Written by one transaction: PostgreSQL's now() is the transaction's start.
    expect(new Set(moves.map((m) => m.created_at)).size).toBe(1);
    const [transition] = await queryRows<{ from_status: string; to_status: string }>(
      w.db,
      sql`select from_status, to_status from status_transitions
           where entity_type = 'transfers' and entity_id = ${draft.id}`,
    );
    expect(transition).toEqual({ from_status: 'draft', to_status: 'received' });
  });

  it('writes nothing of a one-step transfer when one line cannot move', async () => {
    const enough = await w.newProduct();
    const short = await w.newProduct();
    await stockIn(enough, 5);
    await stockIn(short, 1);
    const draft = await draftTransfer(w.ids.floor, [
      { product_id: enough, qty_sent: 4 },
      { product_id: short, qty_sent: 2 },
    ]);
    const refused = await send('inventory', draft, 'transfer');
    expect(refused.httpStatus).toBe(422);
    expect(await movementsOf(draft.id)).toEqual([]);
    expect([await at(enough, w.ids.main), await at(enough, w.ids.floor)]).toEqual([5, 0]);
    const reread = await (await w.api('inventory')).send<Row>('GET', `${API}/${draft.id}`);
    expect(reread.data.status).toBe('draft');
  });

  it('refuses the one step between sites, and the shipping steps within one', async () => {
    const product = await w.newProduct();
    await stockIn(product, 5);
    const between = await draftTransfer(w.ids.second, [{ product_id: product, qty_sent: 1 }]);
    expect(between.same_site).toBe(0);
    const oneStep = await send('inventory', between, 'transfer');
    expect(oneStep.httpStatus).toBe(422);
    expect(String(oneStep.data.status)).toMatch(/Between sites/);
    expect(await at(product, w.ids.second)).toBe(0);
  });

  it('opens a shipment between sites to every role that takes a step of it', async () => {
    const product = await w.newProduct();
    await stockIn(product, 4);
    const draft = await draftTransfer(w.ids.second, [{ product_id: product, qty_sent: 4 }]);
    for (const role of ['inventory', 'warehouse', 'transfer', 'shipping', 'planning', 'manager']) {
      const opened = await (await w.api(role)).send<Row>('GET', `${API}/${draft.id}`);
      expect(opened.httpStatus, role).toBe(200);
      const listed = await (await w.api(role)).send<Row>('GET', API);
      expect(listed.httpStatus, role).toBe(200);
    }
    expect((await (await w.api('batcher')).send('GET', `${API}/${draft.id}`)).httpStatus).toBe(403);
    const requested = await send('inventory', draft, 'request');
    expect(requested.httpStatus).toBe(200);
    // Prepare is the floor's step, not the clerk's who asked.
    expect((await send('inventory', requested.data, 'prepare')).httpStatus).toBe(403);
    const ready = await send('warehouse', requested.data, 'prepare');
    expect(ready.data.status).toBe('ready');
    const shipped = await send('shipping', ready.data, 'ship');
    expect(shipped.data.status).toBe('in_transit');
    const received = await send('warehouse', shipped.data, 'receive');
    expect(received.data.status).toBe('received');
    expect([await at(product, w.ids.main), await at(product, w.ids.second)]).toEqual([0, 4]);
  });

  it('refuses a line whose lot is not on hand where the transfer leaves from', async () => {
    const product = await w.newProduct(true);
    const here = await w.newLot(product);
    const elsewhere = await w.newLot(product);
    await stockIn(product, 3, here);
    const refused = await (
      await w.api('inventory')
    ).send('POST', API, {
      kind: 'stock',
      from_location_id: w.ids.main,
      to_location_id: w.ids.floor,
      lines: [{ product_id: product, lot_id: elsewhere, qty_sent: 1 }],
    });
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toHaveProperty(['lines.0.lot_id']);
    const otherProduct = await w.newProduct(true);
    const wrongProduct = await (
      await w.api('inventory')
    ).send('POST', API, {
      kind: 'stock',
      from_location_id: w.ids.main,
      to_location_id: w.ids.floor,
      lines: [{ product_id: otherProduct, lot_id: here, qty_sent: 1 }],
    });
    expect(wrongProduct.httpStatus).toBe(422);
    expect(wrongProduct.data).toHaveProperty(['lines.0.lot_id']);
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
