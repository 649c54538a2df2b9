import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DAILY_ORDERS } from '../../src/domain/entities/production/daily-orders.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import type { List } from '../support/entity-crud.ts';
import {
  DAILY_ORDER_USERS,
  dailyOrderDesk,
  destinationOf,
  type DailyOrderDesk,
} from '../support/daily-order-desk.ts';
import { startPlant, type Plant } from '../support/production-plant.ts';
import { backends } from '../support/test-server.ts';
import { connectEcho, disconnectEchoes, subscribed, waitFor } from '../support/echo-client.ts';

// Daily orders (docs/domain/production.md §3.2) through HTTP on the demo plant: every event allowed
// by its roles, refused by role (403), by guard (422) or for a stale version (409) without writing
// anything; accepting drafts one production order per line in the same transaction; and the
// daily order following its orders to in_production, fulfilled or cancelled.

const API = DAILY_ORDERS.api;

describe.each(backends())('daily orders on %s', (backend) => {
  let plant: Plant;
  let destinationId: number;
  let desk: DailyOrderDesk;
  const read = (id: number) => desk.read(id);
  const send = (who: string, id: number, event: string, extra: object = {}) =>
    desk.send(who, id, event, extra);
  const step = (who: string, id: number, event: string, extra: object = {}) =>
    desk.step(who, id, event, extra);
  const draft = (units = 40) => desk.draft(units);
  const accepted = (units = 40) => desk.accepted(units);
  const transitions = (id: number) => desk.transitions(id);
  const count = async (table: 'daily_orders' | 'production_orders') =>
    (
      await queryRows<{ n: number }>(
        plant.db(),
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      )
    )[0]!.n;

  beforeAll(async () => {
    plant = await startPlant(backend, DAILY_ORDER_USERS);
    destinationId = await destinationOf(plant);
    desk = dailyOrderDesk(plant, destinationId);
  }, 120_000);
  afterAll(async () => {
    disconnectEchoes();
    await plant?.t.close();
  });

  it('comes with demo daily orders of the Montréal centre in several states', async () => {
    const rows = await queryRows<{ status: string; n: number }>(
      plant.db(),
      sql`select d.status, count(*)::int as n from daily_orders d
            join locations l on l.id = d.location_id
           where l.code = 'DC-MTL' group by d.status order by d.status`,
    );
    expect(rows.map((r) => r.status)).toEqual(['cancelled', 'draft', 'submitted']);
    const listed = await plant.as.planning!.get<List>(API, { per_page: 100 });
    expect(listed.httpStatus).toBe(200);
    expect(listed.data.rows.filter((r) => r.status === 'submitted')).toHaveLength(2);
  });

  it('lets requesters write drafts and the other readers only read, refusing bad lines', async () => {
    const before = await count('daily_orders');
    const body = {
      order_date: '2026-12-03',
      location_id: destinationId,
      lines: [{ product_id: plant.product.id, qty_units: 10 }],
    };
    expect((await plant.as.qa_manager!.send('POST', API, body)).httpStatus).toBe(403);
    expect((await plant.as.batcher!.get(API)).httpStatus).toBe(403);
    expect((await plant.as.hplc_tech!.get(API)).httpStatus).toBe(200);
    const zero = await plant.as.requester!.send('POST', API, {
      ...body,
      lines: [{ product_id: plant.product.id, qty_units: 0 }],
    });
    expect(zero.httpStatus).toBe(422);
    expect(zero.data).toHaveProperty(['lines.0.qty_units']);
    const twice = await plant.as.requester!.send('POST', API, {
      ...body,
      lines: [body.lines[0], body.lines[0]],
    });
    expect(twice.data).toEqual({ 'lines.1.product_id': 'unique' });
    const bulk = await queryRows<{ id: number }>(
      plant.db(),
      sql`select id::int as id from products where type = 'bulk_liquid' limit 1`,
    );
    const notGood = await plant.as.requester!.send('POST', API, {
      ...body,
      lines: [{ product_id: bulk[0]!.id, qty_units: 5 }],
    });
    expect(notGood.httpStatus).toBe(422);
    expect(notGood.data).toHaveProperty(['lines.0.product_id']);
    expect(await count('daily_orders')).toBe(before);

    const d = await draft(12);
    expect(d.number).toMatch(/^DO-\d{5}$/);
    expect(d).toMatchObject({ status: 'draft' });
    expect(d.lines).toMatchObject([{ qty_units: 12, line_status: 'open', priority: 'high' }]);
  });

  it('submits, sends back with a reason and accepts by role, refusing the others', async () => {
    const d = await draft();
    expect((await send('hplc_tech', d.id, 'submit')).httpStatus).toBe(403);
    const stale = await plant.as.requester!.send('POST', `${API}/${d.id}/events/submit`, {
      version: d.version + 5,
    });
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
    expect((await read(d.id)).status).toBe('draft');
    // A requester never accepts: refused for the role before the draft's status is looked at.
    expect((await send('requester', d.id, 'accept')).httpStatus).toBe(403);

    const submitted = await step('requester', d.id, 'submit');
    expect(submitted.status).toBe('submitted');
    expect(submitted.requested_by_name).toBeTruthy();
    const edited = await plant.as.requester!.send('PUT', `${API}/${d.id}`, {
      version: submitted.version,
      note: 'late change',
    });
    expect(edited.httpStatus).toBe(422);
    expect((await send('requester', d.id, 'accept')).httpStatus).toBe(403);
    const noReason = await send('planning', d.id, 'reject');
    expect(noReason.httpStatus).toBe(422);
    expect(noReason.data).toEqual({ reason: 'required' });
    expect(await step('manager', d.id, 'reject', { reason: 'wrong day' })).toMatchObject({
      status: 'draft',
    });
    await step('requester', d.id, 'submit');
    expect(await transitions(d.id)).toEqual([
      { event: 'submit', to_status: 'submitted' },
      { event: 'reject', to_status: 'draft' },
      { event: 'submit', to_status: 'submitted' },
    ]);
    // The floor's events are the server's (admin aside): refused for the role, whatever status.
    const floorEvent = await send('planning', d.id, 'start_production');
    expect(floorEvent.httpStatus).toBe(403);
    expect((await read(d.id)).status).toBe('submitted');
  });

  it('accepting drafts one production order per line in the same transaction', async () => {
    const ordersBefore = await count('production_orders');
    const d = await draft(40);
    await step('requester', d.id, 'submit');
    const badFlow = await send('planning', d.id, 'accept', { flow_id: 999_999 });
    expect(badFlow.httpStatus).toBe(422);
    expect(await count('production_orders')).toBe(ordersBefore);
    expect((await read(d.id)).status).toBe('submitted');

    const done = await step('planning', d.id, 'accept', { flow_id: plant.flowId });
    expect(done.status).toBe('accepted');
    expect(done.accepted_by_name).toBeTruthy();
    expect(await count('production_orders')).toBe(ordersBefore + 1);
    const [line] = done.lines;
    expect(line!.line_status).toBe('planned');
    expect(line!.production_order_number).toMatch(/^MO-\d{5}$/);
    const mo = await plant.order(line!.production_order_id!);
    expect(mo).toMatchObject({
      status: 'draft',
      planned_units: 40,
      due_date: '2026-12-03',
      priority: 'high',
      product_id: plant.product.id,
    });
    const link = await queryRows<{ line: number }>(
      plant.db(),
      sql`select daily_order_line_id::int as line from production_orders where id = ${mo.id}`,
    );
    expect(link).toEqual([{ line: line!.id }]);
    expect((await plant.as.requester!.send('DELETE', `${API}/${d.id}`)).httpStatus).toBe(409);
  });

  it('plans each line on a flow that can make it, refusing a named flow that cannot', async () => {
    const [stamped] = await queryRows<{ id: number }>(
      plant.db(),
      sql`select id::int as id from products where sku = 'FG-MANGO-06-30-ON'`,
    );
    const d = (await plant.as.requester!.create(DAILY_ORDERS, {
      order_date: '2026-12-03',
      location_id: destinationId,
      lines: [
        { product_id: plant.product.id, qty_units: 20 },
        { product_id: stamped!.id, qty_units: 30 },
      ],
    })) as { id: number };
    await step('requester', d.id, 'submit');
    const ordersBefore = await count('production_orders');
    // The plant's test flow ends at labeling: the stamped line cannot go on it.
    const refused = await send('planning', d.id, 'accept', { flow_id: plant.flowId });
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toEqual({
      flow_id: 'FG-MANGO-06-30-ON needs excise stamps: choose a flow with a stamping step',
    });
    expect(await count('production_orders')).toBe(ordersBefore);
    expect((await read(d.id)).status).toBe('submitted');

    const done = await step('planning', d.id, 'accept');
    const phasesOf = async (line: number) =>
      String((await plant.order(done.lines[line]!.production_order_id!)).flow_phases).split(',');
    expect(await phasesOf(1)).toContain('stamping');
    expect(await count('production_orders')).toBe(ordersBefore + 2);
  });

  it('follows its order: in production once released, fulfilled once completed', async () => {
    const d = await accepted(60);
    const moId = d.lines[0]!.production_order_id!;
    await desk.release(moId);
    expect((await read(d.id)).status).toBe('in_production');
    // Released: cancelling is now the orders' business (guard, 422), and nothing changes.
    const refused = await send('planning', d.id, 'cancel', { reason: 'no longer needed' });
    expect(refused.httpStatus).toBe(422);
    expect((await plant.order(moId)).status).toBe('released');

    await desk.runReleased(moId, async () => {
      expect((await read(d.id)).status).toBe('in_production');
    });
    const fulfilled = await read(d.id);
    expect(fulfilled.status).toBe('fulfilled');
    expect(fulfilled.lines[0]!.line_status).toBe('fulfilled');
    expect((await transitions(d.id)).map((t) => t.event)).toEqual([
      'submit',
      'accept',
      'start_production',
      'fulfil',
    ]);
  });

  it('cancelling an accepted order cancels its draft production orders', async () => {
    const d = await accepted();
    const moId = d.lines[0]!.production_order_id!;
    expect((await send('requester', d.id, 'cancel', { reason: 'x' })).httpStatus).toBe(403);
    const cancelled = await step('planning', d.id, 'cancel', { reason: 'customer withdrew' });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.lines[0]!.line_status).toBe('cancelled');
    expect((await plant.order(moId)).status).toBe('cancelled');
  });

  it('lets requesters cancel a draft or a submitted order with a reason', async () => {
    const d = await draft();
    expect((await send('requester', d.id, 'cancel')).data).toEqual({ reason: 'required' });
    expect((await send('hplc_tech', d.id, 'cancel', { reason: 'x' })).httpStatus).toBe(403);
    const dropped = await step('requester', d.id, 'cancel', { reason: 'duplicate' });
    expect(dropped.status).toBe('cancelled');
    expect(dropped.lines.map((l) => l.line_status)).toEqual(['cancelled']);
    expect((await send('requester', d.id, 'submit')).httpStatus).toBe(422);

    const s = await draft();
    await step('requester', s.id, 'submit');
    expect(
      (await step('supervisor_production', s.id, 'cancel', { reason: 'covered' })).status,
    ).toBe('cancelled');
    expect(await transitions(s.id)).toEqual([
      { event: 'submit', to_status: 'submitted' },
      { event: 'cancel', to_status: 'cancelled' },
    ]);
  });

  it('lapses to cancelled when planning cancels every one of its orders', async () => {
    const d = await accepted();
    const moId = d.lines[0]!.production_order_id!;
    await plant.step('planning', moId, 'cancel', { reason: 'raw material short' });
    const lapsed = await read(d.id);
    expect(lapsed.status).toBe('cancelled');
    expect(lapsed.lines[0]!.line_status).toBe('cancelled');
    expect((await transitions(d.id)).at(-1)).toEqual({ event: 'lapse', to_status: 'cancelled' });
  });

  it('cancels an order and its daily order at the same moment without a deadlock', async () => {
    // Both take the daily order's lock before the order's: the other way round, PostgreSQL
    // would now and then abort one of the two as a deadlock (a 500).
    for (let round = 0; round < 4; round += 1) {
      const d = await accepted();
      const moId = d.lines[0]!.production_order_id!;
      const mo = await plant.order(moId);
      const [byOrder, byDaily] = await Promise.all([
        plant.as.planning!.send('POST', `${PRODUCTION_ORDERS.api}/${moId}/events/cancel`, {
          version: mo.version,
          reason: 'raw material short',
        }),
        plant.as.planning!.send('POST', `${API}/${d.id}/events/cancel`, {
          version: d.version,
          reason: 'customer withdrew',
        }),
      ]);
      // One wins; the other finds its order already moved (409) or cancelled (422).
      const statuses = [byOrder.httpStatus, byDaily.httpStatus].sort();
      expect(statuses[0], JSON.stringify([byOrder, byDaily])).toBe(200);
      expect([200, 409, 422]).toContain(statuses[1]);
      expect((await plant.order(moId)).status).toBe('cancelled');
      expect((await read(d.id)).status).toBe('cancelled');
    }
  });

  it('broadcasts daily_order.updated when its order moves it, to the daily orders readers', async () => {
    const d = await accepted();
    const moId = d.lines[0]!.production_order_id!;
    const echo = await connectEcho(plant.t.url, plant.as.qa_manager!.token);
    const channel = echo.private('production.daily-orders');
    await subscribed(channel);
    const heard = new Promise<{ id: number; data: { status: string } }>((resolve) => {
      channel.listen(
        '.daily_order.updated',
        (payload: { id: number; data: { status: string } }) => {
          if (payload.id === d.id && payload.data.status === 'cancelled') resolve(payload);
        },
      );
    });
    await plant.step('manager', moId, 'cancel', { reason: 'line down' });
    const payload = await waitFor(heard, 'daily_order.updated');
    expect(payload.data.status).toBe('cancelled');
  });
});
