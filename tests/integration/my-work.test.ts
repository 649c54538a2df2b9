import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARAMETERS } from '../../modules/general/shared/entities/parameters.entity.ts';
import type {
  ReelRequest,
  StampCoverRow,
} from '../../src/domain/entities/production/stamp-cover.ts';
import { STAMP_REELS } from '../../src/domain/entities/production/stamp-reels.entity.ts';
import { STOCK_COUNTS } from '../../src/domain/entities/stock/stock-counts.entity.ts';
import { call } from '../support/api-client.ts';
import { batchedOrder, failedOrder } from '../support/batched-order.ts';
import type { List, Row } from '../support/entity-crud.ts';
import { floorOrder } from '../support/floor-order.ts';
import { keysOf, labelsOf, myWorkOf, queueOf } from '../support/my-work-reader.ts';
import { startPlant, type Plant, type PlantOrder } from '../support/production-plant.ts';
import { stockWorldOn, type StockWorld } from '../support/stock-fixtures.ts';

// GET /api/my-work on the demo plant: each role sees the rows waiting for its step, with links
// to open them, and nothing of another role's step, of a request it made itself
// (maker-checker), or of a module it does not have enabled.

const ROLES = [
  'qa_manager',
  'inventory',
  'warehouse',
  'automation_tech',
  'stamp_inventory',
  'labeler',
  'shipping',
] as const;

describe('GET /api/my-work', () => {
  let plant: Plant;
  let stock: StockWorld;
  let pending: PlantOrder;
  let released: PlantOrder;
  let failed: PlantOrder;
  let batched: PlantOrder;
  let labeling: Row & { number: string };
  let ownReel: Row;
  let othersReel: Row;
  let count: Row;

  const myWork = (user: string, password?: string) => myWorkOf(plant.t.url, user, password);

  beforeAll(async () => {
    plant = await startPlant('pglite', ROLES);
    stock = await stockWorldOn(plant.t);
    const draft = await plant.planned(10, false);
    pending = await plant.step('planning', draft.id, 'submit');
    released = await plant.planned(12);
    failed = await failedOrder(plant);
    batched = await batchedOrder(plant);
    labeling = (await floorOrder(plant.t.url, 'labeling')).order;

    const params = await plant.as.admin!.get<List>(PARAMETERS.api, { per_page: 200 });
    const ofType = (type: RegExp, code: string) =>
      params.data.rows.find((p) => p.code === code && type.test(String(p.parameter_type_name)));
    const ontario = ofType(/jurisdiction/i, 'ON');
    const federal = ofType(/type/i, 'federal');
    // A reel of 50 stamps received by `user`, which someone else must approve.
    const receive = async (user: string, reelNo: string) => {
      const reply = await plant.as[user]!.send<Row>('POST', STAMP_REELS.api, {
        received_at: '2026-02-02',
        reel_no: reelNo,
        stamps_qty: 50,
        first_serial: 7001,
        last_serial: 7050,
        stamp_type_id: federal?.id,
        stamp_jurisdiction_id: ontario?.id,
      });
      expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
      return reply.data;
    };
    ownReel = await receive('stamp_inventory', 'T-MINE-1');
    othersReel = await receive('admin', 'T-THEIRS-1');

    const inventory = await stock.api('inventory');
    const created = await inventory.send<Row>('POST', STOCK_COUNTS.api, {
      location_id: stock.ids.main,
      scope: 'bins',
      lines: [{ bin_id: stock.ids.binA }],
    });
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    const scheduled = await inventory.send<Row>(
      'POST',
      `${STOCK_COUNTS.api}/${created.data.id}/events/schedule`,
      { version: created.data.version },
    );
    count = scheduled.data;
  });
  afterAll(async () => plant.t.close());

  it('shows a labeler the order in labeling, linked to its page, and no other step', async () => {
    const work = await myWork('labeler');
    const toLabel = queueOf(work, 'orders_to_label');
    expect(toLabel?.group).toBe('floor');
    const item = toLabel?.items.find((i) => i.label === labeling.number);
    expect(item?.href).toBe(`/production/production-orders/${labeling.id}`);
    expect(toLabel?.href).toBe('/production/production-orders');
    expect(keysOf(work)).not.toContain('orders_to_batch');
    expect(keysOf(work)).not.toContain('pending_orders');
    expect(work.live).toContainEqual({ channel: 'private-production.orders', event: 'order' });
  });

  it('leads the analyst from an order waiting for its result to the lab queue, where results are entered', async () => {
    const work = await myWork('hplc_tech');
    const waiting = queueOf(work, 'orders_in_hplc');
    expect(waiting?.items.find((i) => i.label === batched.number)?.href).toBe(
      `/production/production-orders/${batched.id}`,
    );
    expect(waiting?.href).toBe('/production/hplc-requests');
  });

  it('shows a batcher the released order, not the order in labeling', async () => {
    const work = await myWork('batcher');
    expect(labelsOf(work, 'orders_to_batch')).toContain(released.number);
    expect(labelsOf(work, 'orders_to_batch')).not.toContain(labeling.number);
    expect(keysOf(work)).not.toContain('orders_to_label');
  });

  it('asks a manager, not the planner who submitted it, to approve the order', async () => {
    const manager = await myWork('manager');
    expect(queueOf(manager, 'pending_orders')?.group).toBe('approvals');
    const item = queueOf(manager, 'pending_orders')?.items.find((i) => i.label === pending.number);
    expect(item?.href).toBe(`/production/pending-orders?open=${pending.id}`);
    expect(labelsOf(await myWork('planning'), 'pending_orders')).not.toContain(pending.number);
  });

  it('asks QA to decide the failed batch; the lab and the floor are not asked', async () => {
    expect(labelsOf(await myWork('qa_manager'), 'hplc_failures')).toContain(failed.number);
    expect(keysOf(await myWork('hplc_tech'))).not.toContain('hplc_failures');
    expect(keysOf(await myWork('labeler'))).not.toContain('hplc_failures');
  });

  it("asks stamp inventory to approve another person's reel receipt, never its own", async () => {
    const reels = labelsOf(await myWork('stamp_inventory'), 'reel_receipts');
    expect(reels).toContain(othersReel.reel_no);
    expect(reels).not.toContain(ownReel.reel_no);
    expect(keysOf(await myWork('stamper'))).not.toContain('reel_receipts');
  });

  it('asks the manager, not stamp inventory who drafted it, to approve a reel request', async () => {
    const keeper = plant.as.stamp_inventory!;
    const cover = await keeper.get<StampCoverRow[]>('/api/production/stamp-cover');
    const quebec = cover.data.find((row) => row.jurisdiction_code === 'QC');
    const drafted = await keeper.send<ReelRequest>(
      'POST',
      `/api/production/stamp-cover/${quebec!.stamp_jurisdiction_id}/reel-request`,
    );
    expect(drafted.httpStatus, JSON.stringify(drafted.data)).toBe(201);
    const queue = queueOf(await myWork('manager'), 'reel_requests');
    expect(queue?.group).toBe('approvals');
    expect(queue?.items.find((i) => i.id === drafted.data.id)).toMatchObject({
      label: 'Reel request QC',
      href: `/production/pending-reel-approvals?request=${drafted.data.id}`,
    });
    expect(labelsOf(await myWork('stamp_inventory'), 'reel_requests')).toEqual([]);
    expect(keysOf(await myWork('stamper'))).not.toContain('reel_requests');
  });

  it('gives inventory the scheduled count to start, which warehouse cannot start', async () => {
    const work = await myWork('inventory');
    expect(queueOf(work, 'counts_to_start')?.group).toBe('counts');
    const item = queueOf(work, 'counts_to_start')?.items.find((i) => i.id === count.id);
    expect(item).toMatchObject({ label: count.number, href: `/inventory/stock-count/${count.id}` });
    expect(keysOf(await myWork('warehouse'))).not.toContain('counts_to_start');
  });

  it("gives the technician the demo's open work orders, and planning none", async () => {
    const work = await myWork('automation_tech');
    expect(queueOf(work, 'open_work_orders')?.count).toBeGreaterThan(0);
    expect(queueOf(work, 'open_work_orders')?.items[0]?.href).toMatch(
      /^\/production\/work-order\/\d+$/,
    );
    expect(keysOf(await myWork('planning'))).not.toContain('open_work_orders');
  });

  it('counts every row while listing only the first few', async () => {
    for (let i = 0; i < 5; i += 1) await plant.planned(5);
    const toBatch = queueOf(await myWork('batcher'), 'orders_to_batch');
    expect(toBatch?.items).toHaveLength(5);
    expect(toBatch?.count).toBeGreaterThanOrEqual(6);
  });

  it('gives an admin the decisions but not the floor steps', async () => {
    const work = await myWork('admin');
    expect(labelsOf(work, 'pending_orders')).toContain(pending.number);
    expect(labelsOf(work, 'hplc_failures')).toContain(failed.number);
    expect(work.queues.filter((q) => q.group === 'floor')).toEqual([]);
  });

  it('shows nothing of a module the person does not have enabled', async () => {
    const created = await plant.as.admin!.send('POST', '/api/general/users', {
      username: 'labeler.inventory',
      password: 'labeler-no-production-1',
      name: 'Labeler Without Production',
      roles: ['labeler'],
      modules: ['inventory'],
    });
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    const work = await myWork('labeler.inventory', 'labeler-no-production-1');
    expect(work).toEqual({ queues: [], live: [] });
  });

  it('refuses a caller who is not signed in', async () => {
    const reply = await call(plant.t.url, 'GET', '/api/my-work');
    expect(reply.httpStatus).toBe(401);
    expect(reply.message).toBe('not_authorized');
  });
});
