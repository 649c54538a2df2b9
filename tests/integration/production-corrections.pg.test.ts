import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PRODUCTION_ORDER_CORRECTIONS as CR } from '../../src/domain/entities/production/production-order-corrections.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { CORRECTIONS_LOG } from '../../src/domain/entities/production/production-reports.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import {
  startPlant,
  type Plant,
  type PlantOrder,
  type PlantProduct,
} from '../support/production-plant.ts';
import { backends } from '../support/test-server.ts';

// Production order corrections (docs/domain/production.md §3.2) on the demo plant, through HTTP:
// every event allowed, refused by role (403), by a guard (422: maker-checker, conservation, a moved
// count, a closed order for anyone but admin) and by a stale version (409), each refusal writing
// nothing; applying writes the order's count and compensating `correction` movements, and
// stock_balances stays the sum of the ledger. An order with an open correction cannot close.

type Correction = Row & {
  number: string;
  status: string;
  old_value: number;
  new_value: number;
  delta: number;
  operation_name: string | null;
  approved_by_name: string | null;
};

describe.each(backends())('production order corrections on %s', (backend) => {
  let plant: Plant;
  const as: Record<string, EntityApiClient> = {};
  let product: PlantProduct;
  let flowId: number;

  const db = () => plant.db();
  const order = (id: number) => plant.order(id);
  const step = (who: string, id: number, event: string, extra: object = {}) =>
    plant.step(who, id, event, extra);
  const completed = () => plant.completed();
  const ledgerDrift = () => plant.ledgerDrift();
  const correction = async (id: number) =>
    (await as.admin!.get<Correction>(`${CR.api}/${id}`)).data;
  const request = (who: string, body: Record<string, unknown>) =>
    as[who]!.send<Correction>('POST', CR.api, { reason: 'Recount at shift end', ...body });
  const requested = async (who: string, body: Record<string, unknown>) => {
    const reply = await request(who, body);
    expect(reply.httpStatus, `${reply.message} ${JSON.stringify(reply.data)}`).toBe(201);
    return reply.data;
  };
  const send = async (who: string, id: number, event: string, extra: object = {}) =>
    as[who]!.send<Correction>('POST', `${CR.api}/${id}/events/${event}`, {
      version: (await correction(id)).version,
      ...extra,
    });
  const decided = async (who: string, id: number, event: string, extra: object = {}) => {
    const reply = await send(who, id, event, extra);
    expect(
      reply.httpStatus,
      `${event} by ${who}: ${reply.message} ${JSON.stringify(reply.data)}`,
    ).toBe(200);
    return reply.data;
  };
  const movementsOf = (id: number) =>
    queryRows<{ product_id: number; lot_id: number | null; qty: number; movement_type: string }>(
      db(),
      sql`select product_id::int as product_id, lot_id::int as lot_id, qty::float8 as qty, movement_type
            from stock_movements where source_type = 'production_order_corrections' and source_id = ${id}
           order by id`,
    );
  const transitionsOf = async (id: number) =>
    (
      await queryRows<{ event: string }>(
        db(),
        sql`select event from status_transitions
             where entity_type = 'production_order_corrections' and entity_id = ${id} order by id`,
      )
    ).map((r) => r.event);

  beforeAll(async () => {
    plant = await startPlant(backend, [
      'supervisor_production',
      'stamp_inventory',
      'inventory',
      'production_reports',
    ]);
    Object.assign(as, plant.as);
    ({ product, flowId } = plant);
    // A second admin, to approve what the first requested on a closed order.
    const created = await call(plant.t.url, 'POST', '/api/general/users', {
      token: as.admin!.token,
      body: {
        username: 'second.admin',
        password: 'second-admin-1',
        name: 'Second Admin',
        roles: ['admin'],
        modules: ['production'],
      },
    });
    expect(created.httpStatus).toBe(201);
    as.admin2 = entityClient(
      plant.t.url,
      await tokenFor(plant.t.url, 'second.admin', 'second-admin-1'),
    );
  }, 120_000);
  afterAll(async () => plant.t.close());

  it('requests a correction with the order value as the old one, and refuses what may not be asked', async () => {
    const mo = await completed();
    const cr = await requested('supervisor_production', {
      production_order_id: mo.id,
      field: 'labeled_units',
      new_value: 51,
    });
    expect(cr.number).toMatch(/^CR-\d{5}$/);
    expect(cr).toMatchObject({ status: 'requested', old_value: 52, new_value: 51, delta: -1 });
    expect(cr.operation_name).toContain('labeling');
    expect(await transitionsOf(cr.id)).toEqual(['request']);

    const body = { production_order_id: mo.id, field: 'bottled_units', new_value: 56 };
    for (const outsider of ['batcher', 'inventory', 'production_reports']) {
      const refused = await request(outsider, body);
      expect(refused.httpStatus, outsider).toBe(403);
      expect(refused.message).toBe('no_privileges');
    }
    const noReason = await request('stamp_inventory', { ...body, reason: '' });
    expect(noReason.httpStatus).toBe(422);
    expect(noReason.data).toHaveProperty('reason');
    const same = await request('stamp_inventory', { ...body, new_value: 55 });
    expect(same.httpStatus).toBe(422);
    expect(JSON.stringify(same.data)).toContain('already 55');
    const half = await request('stamp_inventory', { ...body, new_value: 55.5 });
    expect(half.httpStatus).toBe(422);
    const noIngredient = await request('stamp_inventory', {
      ...body,
      field: 'ingredient_consumed',
    });
    expect(noIngredient.data).toMatchObject({ product_id: 'required' });

    // A released order has counted nothing yet.
    const fresh = (await as.planning!.create(PRODUCTION_ORDERS, {
      product_id: product.id,
      flow_id: flowId,
      planned_units: 10,
      due_date: '2026-12-01',
    })) as PlantOrder;
    const early = await request('supervisor_production', {
      ...body,
      production_order_id: fresh.id,
    });
    expect(early.httpStatus).toBe(422);
    expect(JSON.stringify(early.data)).toContain('takes no corrections');
    const list = await as.stamp_inventory!.get<List>(CR.api, {
      filter: [
        {
          field: 'production_order_id',
          field_type: 'number',
          filters: [{ operator: 'equals', value: mo.id }],
        },
      ],
    });
    expect(list.data.rows.map((r) => r.number)).toEqual([cr.number]);
  });

  it('approves only by a manager who did not request it, rejects with a reason, refuses a stale version', async () => {
    const mo = await completed();
    const own = await requested('manager', {
      production_order_id: mo.id,
      field: 'bottling_waste_units',
      new_value: 3,
    });
    const self = await send('manager', own.id, 'approve');
    expect(self.httpStatus).toBe(422);
    expect(self.message + JSON.stringify(self.data)).toContain('another person must approve');
    const bySupervisor = await send('supervisor_production', own.id, 'approve');
    expect(bySupervisor.httpStatus).toBe(403);
    const stale = await as.admin!.send('POST', `${CR.api}/${own.id}/events/approve`, {
      version: own.version + 5,
    });
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
    expect(await correction(own.id)).toMatchObject({ status: 'requested', version: own.version });
    const approved = await decided('admin', own.id, 'approve');
    expect(approved).toMatchObject({
      status: 'approved',
      approved_by_name: expect.any(String) as unknown,
    });

    const noReason = await send('manager', own.id, 'reject');
    expect(noReason.httpStatus).toBe(422);
    expect(noReason.data).toMatchObject({ reason: 'required' });
    expect((await send('stamp_inventory', own.id, 'reject', { reason: 'x' })).httpStatus).toBe(403);
    const rejected = await decided('manager', own.id, 'reject', {
      reason: 'Counted right after all',
    });
    expect(rejected.status).toBe('rejected');
    expect((await send('admin', own.id, 'apply')).httpStatus).toBe(422);
    expect(await transitionsOf(own.id)).toEqual(['request', 'approve', 'reject']);
    expect(await movementsOf(own.id)).toEqual([]);
    expect((await order(mo.id)).bottled_units).toBe(55);
  });

  it('applies counts and consumption with compensating movements, and the order closes only once none is open', async () => {
    const mo = await completed();
    const before = await order(mo.id);
    const bulkLot = mo.batch_lot_id;
    const apply = async (field: string, newValue: number, extra: object = {}) => {
      const cr = await requested('supervisor_production', {
        production_order_id: mo.id,
        field,
        new_value: newValue,
        ...extra,
      });
      await decided('manager', cr.id, 'approve');
      return { cr, applied: await decided('supervisor_production', cr.id, 'apply') };
    };

    // Two more bottles filled: 60 ml more bulk used; labeling makes the finished units here.
    const open = await requested('supervisor_production', {
      production_order_id: mo.id,
      field: 'bottled_units',
      new_value: 57,
    });
    expect((await order(mo.id)).open_corrections).toBe(1);
    const early = await as.supervisor_production!.send(
      'POST',
      `${PRODUCTION_ORDERS.api}/${mo.id}/events/close`,
      { version: (await order(mo.id)).version },
    );
    expect(early.httpStatus).toBe(422);
    expect(early.message + JSON.stringify(early.data)).toContain(
      'Corrections of this order are still open',
    );
    await decided('manager', open.id, 'approve');
    const bottled = await decided('supervisor_production', open.id, 'apply');
    expect(bottled.status).toBe('applied');
    expect(await movementsOf(open.id)).toEqual([
      {
        product_id: expect.any(Number) as unknown,
        lot_id: bulkLot,
        qty: -60,
        movement_type: 'correction',
      },
    ]);

    // Two more labeled: two more finished units in the order's lot.
    const labeled = await apply('labeled_units', 54);
    expect(await movementsOf(labeled.cr.id)).toEqual([
      expect.objectContaining({ product_id: product.id, qty: 2, movement_type: 'correction' }),
    ]);
    // The batch was 10 ml less than entered.
    const batch = await apply('actual_batch_ml', 1790);
    expect(await movementsOf(batch.cr.id)).toEqual([
      expect.objectContaining({ lot_id: bulkLot, qty: -10 }),
    ]);
    // 1.5 more of the first ingredient used, from the lot it was picked from.
    const ingredient = before.ingredients[0]!;
    const used = await apply('ingredient_consumed', ingredient.consumed_qty + 1.5, {
      product_id: ingredient.product_id,
    });
    expect(used.cr.old_value).toBeCloseTo(ingredient.consumed_qty, 3);
    expect(await movementsOf(used.cr.id)).toEqual([
      expect.objectContaining({ product_id: ingredient.product_id, qty: -1.5 }),
    ]);

    const after = await order(mo.id);
    expect(after).toMatchObject({
      bottled_units: 57,
      labeled_units: 54,
      actual_batch_ml: 1790,
      open_corrections: 0,
      status: 'completed',
    });
    expect(after.version).toBeGreaterThan(before.version);
    const labeling = after.operations.find((o) => o.phase_code === 'labeling');
    expect(labeling?.qty_good).toBe(54);
    expect(
      after.ingredients.find((i) => i.product_id === ingredient.product_id)?.consumed_qty,
    ).toBeCloseTo(ingredient.consumed_qty + 1.5, 3);
    expect(await ledgerDrift()).toBe(0);

    const closed = await step('supervisor_production', mo.id, 'close');
    expect(closed.status).toBe('closed');

    // The log lists them with their old and new value, requester and approver.
    const log = await as.manager!.get<List>(CORRECTIONS_LOG.api, {
      filter: [
        {
          field: 'production_order_number',
          field_type: 'text',
          filters: [{ operator: 'equals', value: mo.number }],
        },
      ],
      sort: { field: 'number', direction: 'asc' },
    });
    expect(log.httpStatus).toBe(200);
    expect(log.data.rows.map((r) => [r.field, r.old_value, r.new_value, r.delta])).toEqual([
      ['bottled_units', 55, 57, 2],
      ['labeled_units', 52, 54, 2],
      ['actual_batch_ml', 1800, 1790, -10],
      ['ingredient_consumed', ingredient.consumed_qty, ingredient.consumed_qty + 1.5, 1.5],
    ]);
    expect(log.data.rows[0]).toMatchObject({
      product_sku: product.sku,
      created_by_name: expect.any(String) as unknown,
      approved_by_name: expect.any(String) as unknown,
      status: 'applied',
    });
    const csv = await fetch(`${plant.t.url}${CORRECTIONS_LOG.api}/export?format=csv`, {
      headers: { authorization: `Bearer ${as.production_reports!.token}` },
    });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(mo.number);
    expect((await as.batcher!.get(CORRECTIONS_LOG.api)).httpStatus).toBe(403);
  });

  it('refuses to apply what breaks conservation or a count that moved, writing nothing', async () => {
    const mo = await completed();
    const approve = async (field: string, newValue: number) => {
      const cr = await requested('stamp_inventory', {
        production_order_id: mo.id,
        field,
        new_value: newValue,
      });
      await decided('manager', cr.id, 'approve');
      return cr;
    };
    const before = await order(mo.id);
    // 50 bottled cannot hold 52 labeled and 3 wasted.
    const tooFew = await approve('bottled_units', 50);
    const refused = await send('stamp_inventory', tooFew.id, 'apply');
    expect(refused.httpStatus).toBe(422);
    expect(JSON.stringify(refused.data)).toContain('exceed the bottled units (50)');
    // (55 + 2) × 30 = 1710 ml bottled out of a 1500 ml batch.
    const small = await approve('actual_batch_ml', 1500);
    expect(JSON.stringify((await send('stamp_inventory', small.id, 'apply')).data)).toContain(
      'more than the batch',
    );
    for (const cr of [tooFew, small]) {
      expect((await correction(cr.id)).status).toBe('approved');
      expect(await movementsOf(cr.id)).toEqual([]);
    }
    expect((await order(mo.id)).version).toBe(before.version);

    // Two corrections of the same count: the second was asked on a value that moved.
    const first = await approve('label_waste_units', 2);
    const second = await approve('label_waste_units', 1);
    await decided('stamp_inventory', first.id, 'apply');
    const moved = await send('stamp_inventory', second.id, 'apply');
    expect(moved.httpStatus).toBe(422);
    expect(JSON.stringify(moved.data)).toContain('is now 2, not the 3');
    const stale = await as.stamp_inventory!.send('POST', `${CR.api}/${second.id}/events/apply`, {
      version: second.version,
    });
    expect(stale.httpStatus).toBe(409);
    await decided('manager', second.id, 'reject', { reason: 'Superseded' });
    await decided('manager', tooFew.id, 'reject', { reason: 'Wrong' });
    await decided('manager', small.id, 'reject', { reason: 'Wrong' });
    expect(await ledgerDrift()).toBe(0);
  });

  it('leaves a closed order to admin: requested by one admin, approved by another', async () => {
    const mo = await completed();
    await step('supervisor_production', mo.id, 'close');
    const body = { production_order_id: mo.id, field: 'label_waste_units', new_value: 2 };
    const refused = await request('supervisor_production', body);
    expect(refused.httpStatus).toBe(422);
    expect(JSON.stringify(refused.data)).toContain('only admin corrects it');
    const cr = await requested('admin', body);
    const byManager = await send('manager', cr.id, 'approve');
    expect(byManager.httpStatus).toBe(422);
    expect(JSON.stringify(byManager.data)).toContain('only admin');
    expect((await send('admin', cr.id, 'approve')).httpStatus).toBe(422);
    await decided('admin2', cr.id, 'approve');
    await decided('admin', cr.id, 'apply');
    expect(await order(mo.id)).toMatchObject({ status: 'closed', label_waste_units: 2 });
  });
});
