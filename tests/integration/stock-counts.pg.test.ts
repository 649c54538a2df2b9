import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { STOCK_ADJUSTMENTS } from '../../src/domain/entities/stock/stock-adjustments.entity.ts';
import { STOCK_COUNTS } from '../../src/domain/entities/stock/stock-counts.entity.ts';
import type { Row } from '../support/entity-crud.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';
import { backends } from '../support/test-server.ts';

// Stock counts (docs/domain/README.md §13: 13, 15): start snapshots and locks the bins, submit
// needs every line counted, the floor counts, inventory reviews and approves but never the
// submitter, and posts exactly counted − snapshot.

const API = STOCK_COUNTS.api;

describe.each(backends())('stock counts on %s', (backend) => {
  let w: StockWorld;
  beforeAll(async () => {
    w = await startStockWorld(backend);
  });
  afterAll(async () => w.t.close());

  async function stockIn(productId: number, binId: number, qty: number) {
    const api = await w.api('inventory');
    const doc = await api.send<Row>('POST', STOCK_ADJUSTMENTS.api, {
      location_id: w.ids.main,
      lines: [{ product_id: productId, bin_id: binId, qty_delta: qty }],
    });
    return api.send<Row>('POST', `${STOCK_ADJUSTMENTS.api}/${doc.data.id}/events/post`, {
      version: doc.data.version,
    });
  }
  const send = async (user: string, doc: Row, event: string, extra: object = {}) =>
    (await w.api(user)).send<Row>('POST', `${API}/${doc.id}/events/${event}`, {
      version: doc.version,
      ...extra,
    });
  async function startedCount(binId: number) {
    const api = await w.api('inventory');
    const created = await api.send<Row>('POST', API, {
      location_id: w.ids.main,
      scope: 'bins',
      lines: [{ bin_id: binId }],
    });
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    expect(created.data.number).toMatch(/^SC-\d{5}$/);
    const scheduled = await send('inventory', created.data, 'schedule');
    const started = await send('inventory', scheduled.data, 'start');
    expect(started.httpStatus, JSON.stringify(started.data)).toBe(200);
    return started.data;
  }
  const lines = (doc: Row) => doc.lines as Row[];

  it('locks the counted bins, posts counted − snapshot on approval, and unlocks', async () => {
    const product = await w.newProduct();
    const other = await w.newProduct();
    expect((await stockIn(product, w.ids.binB, 20)).httpStatus).toBe(200);
    const count = await startedCount(w.ids.binB);
    expect(lines(count).map((l) => [l.product_id, l.snapshot_qty])).toEqual([[product, 20]]);

    const locked = await stockIn(other, w.ids.binB, 5);
    expect(locked.httpStatus).toBe(422);
    expect(Object.values(locked.data)).toEqual([`Bin locked by ${String(count.number)}`]);
    expect((await stockIn(other, w.ids.binA, 5)).httpStatus).toBe(200);

    const early = await send('inventory', count, 'submit');
    expect(early.httpStatus).toBe(422);
    expect(early.data).toEqual({ 'lines.0.counted_qty': 'required' });

    const api = await w.api('inventory');
    const sheet = await api.send<Row>('PUT', `${API}/${count.id}/sheet`, {
      version: count.version,
      lines: [{ id: lines(count)[0]?.id, qty: 17.5 }],
    });
    expect(sheet.httpStatus, JSON.stringify(sheet.data)).toBe(200);
    const submitted = await send('inventory', sheet.data, 'submit');
    expect(submitted.data.status).toBe('submitted');
    const notReviewed = await send('admin', submitted.data, 'approve');
    expect(notReviewed.data).toEqual({
      status: 'Some lines are over the count tolerance: review them first',
    });
    expect(submitted.data.over_tolerance).toBe(1);
    const review = await send('admin', submitted.data, 'review');
    // The reviewer weighs the variance in units and in CAD before anything is posted.
    expect(lines(review.data)[0]).toMatchObject({ variance_qty: -2.5, variance_value: -6.25 });
    expect(review.data.variance_value).toBe(-6.25);
    const approved = await send('admin', review.data, 'approve');
    expect(approved.httpStatus, JSON.stringify(approved.data)).toBe(200);
    expect(approved.data.status).toBe('posted');
    expect(lines(approved.data)[0]).toMatchObject({ variance_qty: -2.5, variance_value: -6.25 });

    const variance = await queryRows<{ qty: number }>(
      w.db,
      sql`select qty::float8 as qty from stock_movements
           where source_type = 'stock_counts' and source_id = ${count.id} and movement_type = 'count_variance'`,
    );
    expect(variance).toEqual([{ qty: -2.5 }]);
    const balance = await queryRows<{ q: number }>(
      w.db,
      sql`select qty_on_hand::float8 as q from stock_balances
           where product_id = ${product} and bin_id = ${w.ids.binB}`,
    );
    expect(balance).toEqual([{ q: 17.5 }]);
    expect((await stockIn(other, w.ids.binB, 5)).httpStatus).toBe(200);
  });

  it('refuses approval by the person who submitted (maker-checker)', async () => {
    const product = await w.newProduct();
    const bin = await queryRows<{ id: number }>(
      w.db,
      sql`insert into bins (location_id, code) values (${w.ids.main}, 'MC-01') returning id`,
    );
    const binId = Number(bin[0]?.id);
    await stockIn(product, binId, 3);
    const count = await startedCount(binId);
    const api = await w.api('admin');
    const sheet = await api.send<Row>('PUT', `${API}/${count.id}/sheet`, {
      version: count.version,
      lines: [{ id: lines(count)[0]?.id, qty: 3 }],
    });
    const submitted = await send('admin', sheet.data, 'submit');
    expect(submitted.data.status).toBe('submitted');
    const own = await send('admin', submitted.data, 'approve');
    expect(own.httpStatus).toBe(422);
    expect(String(own.data.status)).toMatch(/another person must approve/);
    const cancelled = await send('inventory', submitted.data, 'cancel', { reason: 'x' });
    expect(cancelled.httpStatus).toBe(422);
    const byInventory = await send('inventory', submitted.data, 'approve');
    expect(byInventory.httpStatus).toBe(200);
  });

  it('lets the warehouse count and submit, and inventory approve a count within tolerance', async () => {
    const product = await w.newProduct();
    const bin = await queryRows<{ id: number }>(
      w.db,
      sql`insert into bins (location_id, code) values (${w.ids.main}, 'WH-01') returning id`,
    );
    const binId = Number(bin[0]?.id);
    await stockIn(product, binId, 100);
    const count = await startedCount(binId);
    const warehouse = await w.api('warehouse');
    expect((await warehouse.send('GET', `${API}/${count.id}`)).httpStatus).toBe(200);
    const sheet = await warehouse.send<Row>('PUT', `${API}/${count.id}/sheet`, {
      version: count.version,
      lines: [{ id: lines(count)[0]?.id, qty: 99 }],
    });
    expect(sheet.httpStatus, JSON.stringify(sheet.data)).toBe(200);
    const submitted = await send('warehouse', sheet.data, 'submit');
    expect(submitted.data.status).toBe('submitted');
    expect(submitted.data.over_tolerance).toBe(0);
    // Within tolerance there is nothing to review; the floor does not approve its own count.
    expect((await send('inventory', submitted.data, 'review')).httpStatus).toBe(422);
    expect((await send('warehouse', submitted.data, 'approve')).httpStatus).toBe(403);
    const approved = await send('inventory', submitted.data, 'approve');
    expect(approved.httpStatus, JSON.stringify(approved.data)).toBe(200);
    expect(approved.data.status).toBe('posted');
    expect(approved.data.variance_value).toBe(-2.5);
  });

  it('hides the system quantity of a blind count until it is submitted', async () => {
    const product = await w.newProduct();
    const bin = await queryRows<{ id: number }>(
      w.db,
      sql`insert into bins (location_id, code) values (${w.ids.main}, 'BL-01') returning id`,
    );
    const binId = Number(bin[0]?.id);
    await stockIn(product, binId, 4);
    const api = await w.api('inventory');
    const created = await api.send<Row>('POST', API, {
      location_id: w.ids.main,
      scope: 'bins',
      blind: 1,
      lines: [{ bin_id: binId }],
    });
    const started = await send(
      'inventory',
      (await send('inventory', created.data, 'schedule')).data,
      'start',
    );
    expect(lines(started.data)[0]?.snapshot_qty).toBeNull();
    const sheet = await api.send<Row>('PUT', `${API}/${started.data.id}/sheet`, {
      version: started.data.version,
      lines: [{ id: lines(started.data)[0]?.id, qty: 4 }],
    });
    const submitted = await send('inventory', sheet.data, 'submit');
    expect(lines(submitted.data)[0]).toMatchObject({ snapshot_qty: 4, variance_qty: 0 });
  });

  it('checks sheet quantities as the line declares them and writes recounts in the recount round', async () => {
    const product = await w.newProduct();
    const bin = await queryRows<{ id: number }>(
      w.db,
      sql`insert into bins (location_id, code) values (${w.ids.main}, 'RC-01') returning id`,
    );
    const binId = Number(bin[0]?.id);
    await stockIn(product, binId, 50);
    const count = await startedCount(binId);
    const api = await w.api('inventory');
    const line = lines(count)[0]?.id;
    const sheet = (qty: unknown, version = count.version) =>
      api.send<Row>('PUT', `${API}/${count.id}/sheet`, { version, lines: [{ id: line, qty }] });

    // Beyond numeric(14, 3) is a code under the line, not a database error.
    const huge = await sheet(123_456_789_012);
    expect(huge.httpStatus).toBe(422);
    expect(Object.keys(huge.data)).toEqual(['lines.0.qty']);
    expect((await sheet(-1)).httpStatus).toBe(422);
    expect((await sheet(1.2345)).httpStatus).toBe(422);
    expect((await sheet('abc')).data).toEqual({ 'lines.0.qty': 'numeric' });

    const counted = await sheet(30);
    expect(counted.httpStatus, JSON.stringify(counted.data)).toBe(200);
    const stale = await sheet(31);
    expect(stale.httpStatus).toBe(409);
    const submitted = await send('inventory', counted.data, 'submit');
    const review = await send('admin', submitted.data, 'review');
    const recount = await send('admin', review.data, 'recount');
    expect(recount.data.status).toBe('recount');
    const recounted = await sheet(48, recount.data.version);
    expect(recounted.httpStatus, JSON.stringify(recounted.data)).toBe(200);
    expect(lines(recounted.data)[0]).toMatchObject({ counted_qty: 30, recount_qty: 48 });
    const closed = await send(
      'admin',
      (await send('admin', recounted.data, 'review')).data,
      'approve',
    );
    expect(closed.data.status).toBe('posted');
    const late = await sheet(49, closed.data.version);
    expect(late.data).toEqual({ status: 'A posted count cannot be counted' });
  });

  it('cancelling a started count unlocks its bins', async () => {
    const product = await w.newProduct();
    const bin = await queryRows<{ id: number }>(
      w.db,
      sql`insert into bins (location_id, code) values (${w.ids.main}, 'CX-01') returning id`,
    );
    const binId = Number(bin[0]?.id);
    await stockIn(product, binId, 2);
    const count = await startedCount(binId);
    expect((await stockIn(product, binId, 1)).httpStatus).toBe(422);
    expect((await send('inventory', count, 'cancel', { reason: 'wrong day' })).httpStatus).toBe(
      200,
    );
    expect((await stockIn(product, binId, 1)).httpStatus).toBe(200);
  });
});
