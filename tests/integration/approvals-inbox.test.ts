import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalCount, ApprovalItem, Approvals } from '../../src/domain/approvals.ts';
import { CURRENCIES } from '../../modules/general/shared/entities/currencies.entity.ts';
import { LOCATIONS } from '../../modules/general/shared/entities/locations.entity.ts';
import { PARAMETERS } from '../../modules/general/shared/entities/parameters.entity.ts';
import { MEASURES } from '../../src/domain/entities/inventory/measures.entity.ts';
import { PRODUCT_CHANGES } from '../../src/domain/entities/inventory/product-changes.entity.ts';
import { PRODUCTS } from '../../src/domain/entities/inventory/products.entity.ts';
import { PRODUCTION_ORDER_CORRECTIONS } from '../../src/domain/entities/production/production-order-corrections.entity.ts';
import { RECIPES } from '../../src/domain/entities/production/recipes.entity.ts';
import {
  REEL_REQUESTS,
  type ReelRequest,
  type StampCoverRow,
} from '../../src/domain/entities/production/stamp-cover.ts';
import { STAMP_REELS } from '../../src/domain/entities/production/stamp-reels.entity.ts';
import { STAMPING_CORRECTIONS } from '../../src/domain/entities/production/stamping-corrections.entity.ts';
import { STAMPING_ORDERS } from '../../src/domain/entities/production/stamping-orders.entity.ts';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { SUPPLIERS } from '../../src/domain/entities/purchase/suppliers.entity.ts';
import { SALES_ORDERS } from '../../modules/sales/shared/entities/sales-orders.entity.ts';
import { STOCK_ADJUSTMENTS } from '../../src/domain/entities/stock/stock-adjustments.entity.ts';
import { STOCK_COUNTS } from '../../src/domain/entities/stock/stock-counts.entity.ts';
import { MODULES } from '../../src/domain/modules.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import { plantOn, type Plant } from '../support/production-plant.ts';
import { startSalesWorld, type SalesWorld } from '../support/sales-fixtures.ts';
import { startRestampPlant, type StampingPlant } from '../support/stamping-plant.ts';

// GET /api/approvals: one inbox of every decision waiting for the caller, across modules. For
// each source a request made by one person shows for an approver and not for its maker
// (maker-checker), carries the events its document's page offers, refuses a stale version on
// the document's own events route, and is gone once decided there.

const USERS = [
  'admin',
  'inventory',
  'product_approval_admin',
  'recipe_approval',
  'stamp_inventory',
  'manager',
  'purchase',
  'sale',
  'batcher',
] as const;

const inbox = async (who: EntityApiClient, query: Record<string, string> = {}) => {
  const reply = await who.get<Approvals>('/api/approvals', query);
  expect(reply.httpStatus, reply.message).toBe(200);
  return reply.data;
};
const countOf = async (who: EntityApiClient) => {
  const reply = await who.get<ApprovalCount>('/api/approvals/count');
  expect(reply.httpStatus, reply.message).toBe(200);
  return reply.data.count;
};
const itemOf = (answer: Approvals, source: string, id: number): ApprovalItem | undefined =>
  answer.items.find((item) => item.source === source && item.id === id);

/**
 * The inbox round of one request: listed for `approver` with its events and not for
 * `maker`; a stale version refused; decided through the document's route; gone after.
 */
async function decidedFromInbox(
  source: string,
  id: number,
  maker: EntityApiClient,
  approver: EntityApiClient,
): Promise<ApprovalItem> {
  const makers = await maker.get<Approvals>('/api/approvals');
  if (makers.httpStatus === 200) expect(itemOf(makers.data, source, id)).toBeUndefined();
  else expect(makers.httpStatus).toBe(403);

  const before = await inbox(approver);
  const item = itemOf(before, source, id);
  expect(item, `${source} ${id} in the approver's inbox`).toBeDefined();
  const event = item!.events[0]!;
  expect(event, `${source} offers a decision`).toBeDefined();
  const counted = await countOf(approver);
  expect(counted).toBe(before.total);

  const body = {
    version: item!.version,
    ...(event.needsReason ? { reason: 'Decided from the inbox' } : {}),
  };
  const stale = await approver.send('POST', `${item!.api}/${item!.id}/events/${event.event}`, {
    ...body,
    version: item!.version + 1,
  });
  expect(stale.httpStatus, JSON.stringify(stale.data)).toBe(409);
  const decided = await approver.send(
    'POST',
    `${item!.api}/${item!.id}/events/${event.event}`,
    body,
  );
  expect(decided.httpStatus, JSON.stringify(decided.data)).toBe(200);

  expect(itemOf(await inbox(approver), source, id)).toBeUndefined();
  expect(await countOf(approver)).toBe(counted - 1);
  return item!;
}

describe('GET /api/approvals', () => {
  let w: SalesWorld;
  let plant: Plant;
  let as: Record<string, EntityApiClient>;
  /** A second admin: only an admin approves a purchase order over the threshold. */
  let admin2: EntityApiClient;

  beforeAll(async () => {
    w = await startSalesWorld('pglite');
    plant = await plantOn(w.t, USERS);
    as = plant.as;
    const created = await as.admin!.send('POST', '/api/general/users', {
      username: 'admin.two',
      password: 'second-admin-password-1',
      name: 'Second Admin',
      roles: ['admin'],
      modules: MODULES,
    });
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    admin2 = entityClient(w.t.url, await tokenFor(w.t.url, 'admin.two', 'second-admin-password-1'));
  }, 120_000);
  afterAll(async () => w.t.close());

  it('asks the product approver, not the admin who asked, to decide a product change', async () => {
    const made = await as.admin!.send<Row>('POST', PRODUCT_CHANGES.api, {
      action: 'update',
      product_id: plant.product.id,
      proposed: { name: 'Renamed from the inbox' },
      submit: true,
    });
    expect(made.httpStatus, JSON.stringify(made.data)).toBe(201);
    const item = await decidedFromInbox(
      'product_changes',
      made.data.id,
      as.admin!,
      as.product_approval_admin!,
    );
    expect(item).toMatchObject({
      module: 'inventory',
      kind: 'Product change',
      requestedBy: expect.any(String) as unknown,
      href: `/inventory/product_changes/${made.data.id}`,
    });
    expect(item.events.map((e) => [e.event, e.label, Boolean(e.needsReason)])).toEqual([
      ['approve', 'Approve', false],
      ['reject', 'Reject', true],
    ]);
  });

  it("asks a manager to approve stamp inventory's reel receipt, never stamp inventory", async () => {
    const params = await as.admin!.get<List>(PARAMETERS.api, { per_page: 200 });
    const ofType = (type: RegExp, code: string) =>
      params.data.rows.find((p) => p.code === code && type.test(String(p.parameter_type_name)));
    const reel = await as.stamp_inventory!.send<Row>('POST', STAMP_REELS.api, {
      received_at: '2026-02-02',
      reel_no: 'INBOX-REEL-1',
      stamps_qty: 50,
      first_serial: 9001,
      last_serial: 9050,
      stamp_type_id: ofType(/type/i, 'federal')?.id,
      stamp_jurisdiction_id: ofType(/jurisdiction/i, 'ON')?.id,
    });
    expect(reel.httpStatus, JSON.stringify(reel.data)).toBe(201);
    const item = await decidedFromInbox(
      'reel_receipts',
      reel.data.id,
      as.stamp_inventory!,
      as.manager!,
    );
    expect(item.events.map((e) => e.label)).toEqual(['Approve receipt', 'Reject receipt']);
  });

  it('asks a manager, not stamp inventory who drafted it, to decide a reel request', async () => {
    // The demo's Quebec cover is below the lead time, so stamp inventory may draft at once.
    const cover = await as.stamp_inventory!.get<StampCoverRow[]>('/api/production/stamp-cover');
    const quebec = cover.data.find((row) => row.jurisdiction_code === 'QC');
    expect(quebec?.below_lead_time).toBe(1);
    const drafted = await as.stamp_inventory!.send<ReelRequest>(
      'POST',
      `/api/production/stamp-cover/${quebec!.stamp_jurisdiction_id}/reel-request`,
    );
    expect(drafted.httpStatus, JSON.stringify(drafted.data)).toBe(201);
    const item = await decidedFromInbox(
      'reel_requests',
      drafted.data.id,
      as.stamp_inventory!,
      as.manager!,
    );
    expect(item).toMatchObject({
      module: 'production',
      kind: 'Reel request',
      number: 'Reel request QC',
      api: REEL_REQUESTS.api,
      href: `/production/pending-reel-approvals?request=${drafted.data.id}`,
    });
    expect(item.events.map((e) => [e.event, e.label, Boolean(e.needsReason)])).toEqual([
      ['approve', 'Approve', false],
      ['reject', 'Reject', true],
    ]);
    const requests = await as.manager!.get<ReelRequest[]>(REEL_REQUESTS.api);
    expect(requests.data.find((r) => r.id === drafted.data.id)?.status).toBe('approved');
  });

  it('asks recipe approval, not the admin who submitted it, to approve a recipe', async () => {
    const measures = await as.admin!.get<List>(MEASURES.api);
    const ml = measures.data.rows.find((m) => m.code === 'ml')?.id;
    const product = async (sku: string, type: string) =>
      (await as.admin!.create(PRODUCTS, { sku, name: sku, type, measure_id: ml })).id;
    const draft = await as.admin!.send<Row>('POST', RECIPES.api, {
      code: 'RC-INBOX',
      name: 'Recipe from the inbox',
      product_id: await product('BL-INBOX-1', 'bulk_liquid'),
      target_nicotine_mg: 3,
      basis: 'v_v',
      batch_basis_ml: 1000,
      ingredients: [
        { product_id: await product('RM-INBOX-NIC', 'nicotine_base'), percentage: 3 },
        { product_id: await product('RM-INBOX-VG', 'carrier'), percentage: 50 },
        { product_id: await product('RM-INBOX-PG', 'carrier'), percentage: 0, is_fill: true },
      ],
    });
    expect(draft.httpStatus, JSON.stringify(draft.data)).toBe(201);
    const submitted = await as.admin!.send<Row>(
      'POST',
      `${RECIPES.api}/${draft.data.id}/events/submit`,
      { version: draft.data.version },
    );
    expect(submitted.httpStatus, JSON.stringify(submitted.data)).toBe(200);
    await decidedFromInbox('recipes', draft.data.id, as.admin!, as.recipe_approval!);
  });

  it('asks an admin, not the manager who requested it, to decide an order correction', async () => {
    const order = await plant.completed();
    const made = await as.manager!.send<Row>('POST', PRODUCTION_ORDER_CORRECTIONS.api, {
      production_order_id: order.id,
      field: 'labeled_units',
      new_value: 51,
      reason: 'Recount at shift end',
    });
    expect(made.httpStatus, JSON.stringify(made.data)).toBe(201);
    const item = await decidedFromInbox('order_corrections', made.data.id, as.manager!, as.admin!);
    expect(item.module).toBe('production');
  });

  it('asks another admin, not the one who submitted it, to approve a PO over the threshold', async () => {
    const idOf = async (api: string, code: string) =>
      (
        await as.admin!.get<List>(api, {
          filter: [
            { field: 'code', field_type: 'text', filters: [{ operator: 'equals', value: code }] },
          ],
        })
      ).data.rows[0]!.id;
    const supplier = await as.purchase!.create(SUPPLIERS, {
      code: 'SUP-INBOX',
      name: 'Inbox supplier',
      currency_id: await idOf(CURRENCIES.api, 'CAD'),
    });
    const po = await as.admin!.send<Row>('POST', PURCHASE_ORDERS.api, {
      supplier_id: supplier.id,
      order_date: '2026-03-02',
      ship_to_location_id: await idOf(LOCATIONS.api, 'WH-MAIN'),
      lines: [{ product_id: w.ids.untracked, qty: 100, unit_price: 100 }],
    });
    expect(po.httpStatus, JSON.stringify(po.data)).toBe(201);
    const submitted = await as.admin!.send<Row>(
      'POST',
      `${PURCHASE_ORDERS.api}/${po.data.id}/events/submit_for_approval`,
      { version: po.data.version },
    );
    expect(submitted.data.status).toBe('pending_approval');
    const purchase = await as.purchase!.get('/api/approvals');
    expect(purchase.httpStatus).toBe(403);
    const item = await decidedFromInbox('purchase_approvals', po.data.id, as.admin!, admin2);
    expect(item).toMatchObject({ module: 'purchase', href: `/purchase/${po.data.id}` });
  });

  it("asks an admin to override the credit limit of a seller's draft over it", async () => {
    const customer = await w.newCustomer('ON', 50);
    const product = await w.newPricedProduct();
    const order = await as.sale!.send<Row>(
      'POST',
      SALES_ORDERS.api,
      w.orderOf(customer, [{ product_id: product, qty: 10 }]),
    );
    expect(order.httpStatus, JSON.stringify(order.data)).toBe(201);
    const item = await decidedFromInbox('credit_overrides', order.data.id, as.sale!, as.admin!);
    expect(item.events).toEqual([
      { event: 'override_credit', label: 'Override credit', needsReason: 1, confirm: 0 },
    ]);
    const within = await as.sale!.send<Row>(
      'POST',
      SALES_ORDERS.api,
      w.orderOf(await w.newCustomer('ON', 10_000), [{ product_id: product, qty: 1 }]),
    );
    expect(itemOf(await inbox(as.admin!), 'credit_overrides', within.data.id)).toBeUndefined();
  });

  it('asks an admin, not the inventory clerk who submitted it, to approve a stock count', async () => {
    const api = as.inventory!;
    const product = await w.newProduct();
    const adjustment = await api.send<Row>('POST', STOCK_ADJUSTMENTS.api, {
      location_id: w.ids.second,
      lines: [{ product_id: product, bin_id: w.ids.secondBin, qty_delta: 20 }],
    });
    await api.send('POST', `${STOCK_ADJUSTMENTS.api}/${adjustment.data.id}/events/post`, {
      version: adjustment.data.version,
    });
    const send = async (doc: Row, event: string) =>
      (
        await api.send<Row>('POST', `${STOCK_COUNTS.api}/${doc.id}/events/${event}`, {
          version: doc.version,
        })
      ).data;
    const created = await api.send<Row>('POST', STOCK_COUNTS.api, {
      location_id: w.ids.second,
      scope: 'bins',
      lines: [{ bin_id: w.ids.secondBin }],
    });
    expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
    const started = await send(await send(created.data, 'schedule'), 'start');
    const lines = started.lines as Row[];
    const sheet = await api.send<Row>('PUT', `${STOCK_COUNTS.api}/${started.id}/sheet`, {
      version: started.version,
      lines: lines.map((line) => ({ id: line.id, qty: line.snapshot_qty })),
    });
    expect(sheet.httpStatus, JSON.stringify(sheet.data)).toBe(200);
    const submitted = await send(sheet.data, 'submit');
    expect(submitted.status).toBe('submitted');
    const item = await decidedFromInbox('stock_count_reviews', submitted.id, api, as.admin!);
    expect(item.events).toEqual([
      { event: 'approve', label: 'Approve', needsReason: 0, confirm: 1 },
    ]);
  });

  it('filters by module and orders newest or oldest-waiting first', async () => {
    for (const n of [1, 2]) {
      const made = await as.inventory!.send<Row>('POST', PRODUCT_CHANGES.api, {
        action: 'update',
        product_id: plant.product.id,
        proposed: { name: `Waiting ${n}` },
        submit: true,
      });
      expect(made.httpStatus, JSON.stringify(made.data)).toBe(201);
    }
    const all = await inbox(as.admin!);
    expect(all.modules.map((m) => m.module)).toContain('inventory');
    const inventory = await inbox(as.admin!, { module: 'inventory' });
    expect(inventory.items.length).toBeGreaterThanOrEqual(2);
    expect(inventory.items.every((item) => item.module === 'inventory')).toBe(true);
    expect(inventory.total).toBe(all.modules.find((m) => m.module === 'inventory')?.count);
    const newest = inventory.items.map((i) => i.waitingSince);
    expect(newest).toEqual([...newest].sort().reverse());
    const oldest = (await inbox(as.admin!, { module: 'inventory', order: 'oldest' })).items;
    expect(oldest.map((i) => i.waitingSince)).toEqual([...newest].sort());
    expect(all.live).toContainEqual({
      channel: PRODUCT_CHANGES.channel,
      event: PRODUCT_CHANGES.event,
    });
  });

  it('refuses a role that approves nothing, and a bad filter', async () => {
    expect((await as.batcher!.get('/api/approvals')).httpStatus).toBe(403);
    expect((await as.batcher!.get('/api/approvals/count')).httpStatus).toBe(403);
    const bad = await as.admin!.get('/api/approvals', { module: 'nowhere' });
    expect(bad.httpStatus).toBe(422);
  });
});

describe('stamping corrections in the inbox', () => {
  let p: StampingPlant;
  let stampedSku: number;
  let floor: number;

  beforeAll(async () => {
    ({ p, stampedSku, floor } = await startRestampPlant('pglite'));
  }, 120_000);
  afterAll(async () => p.t.close());

  it('asks a manager, not the supervisor who requested it, to decide a stamping correction', async () => {
    const reel = await p.reel(100);
    const created = await p.as.stamper!.send<Row>('POST', STAMPING_ORDERS.api, {
      source_product_id: p.product.id,
      product_id: stampedSku,
      location_id: floor,
      stamp_jurisdiction_id: p.ids.on,
      machine_id: p.ids.stm1,
      planned_units: 40,
    });
    const id = created.data.id;
    await p.moved('stamper', id, 'save');
    await p.moved('stamper', id, 'start', { reel_ids: [reel.id] });
    const issued = await p.moved('stamp_inventory', id, 'issue', {}, 'pending');
    await p.moved('stamper', id, 'finish', {
      counter_end: Number(issued.counter_start) + 41,
      wasted_bottles: 2,
      reels: [{ reel_id: reel.id, applied: 38, wasted: 3, damaged: 1, returned: 58 }],
    });
    const asked = await p.as.supervisor!.send<Row>('POST', STAMPING_CORRECTIONS.api, {
      stamping_order_id: id,
      field: 'applied',
      reel_id: reel.id,
      new_value: 43,
      reason: 'Recount at shift end',
    });
    expect(asked.httpStatus, JSON.stringify(asked.data)).toBe(201);
    const manager = p.as.manager!;
    const item = await decidedFromInbox(
      'stamping_corrections',
      asked.data.id,
      p.as.supervisor!,
      manager,
    );
    expect(item).toMatchObject({ module: 'production', kind: 'Stamping order correction' });
  });
});
