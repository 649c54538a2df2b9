import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DAILY_ORDERS } from '../../src/domain/entities/production/daily-orders.entity.ts';
import {
  DAILY_ORDERS_LIST,
  DAILY_ORDERS_REPORT,
  RECIPES_REPORT,
} from '../../src/domain/entities/production/daily-order-reports.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { HPLC_REQUESTS } from '../../src/domain/entities/production/hplc-requests.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import type { List, Row } from '../support/entity-crud.ts';
import { startPlant, type Plant } from '../support/production-plant.ts';
import { backends } from '../support/test-server.ts';
import { connectEcho, disconnectEchoes, subscribed, waitFor } from '../support/echo-client.ts';

// Daily orders (domain.md §3.2) through HTTP on the demo plant: every event allowed by its
// roles, refused by role (403), by guard (422) or for a stale version (409) without writing
// anything; accepting drafts one production order per line in the same transaction; and the
// daily order following its orders to in_production, fulfilled or cancelled.

type Line = Row & {
  product_id: number;
  qty_units: number;
  line_status: string;
  production_order_id: number | null;
  production_order_number: string | null;
};
type DailyOrder = Row & {
  number: string;
  status: string;
  requested_by_name: string | null;
  accepted_by_name: string | null;
  lines: Line[];
};

const API = DAILY_ORDERS.api;

describe.each(backends())('daily orders on %s', (backend) => {
  let plant: Plant;
  let destinationId: number;
  /** The daily order run to fulfilled: 60 asked, 52 labeled on a flow without transfer. */
  let fulfilledNumber = '';

  const read = async (id: number) => (await plant.as.admin!.get<DailyOrder>(`${API}/${id}`)).data;
  const send = async (who: string, id: number, event: string, extra: object = {}) =>
    plant.as[who]!.send<DailyOrder>('POST', `${API}/${id}/events/${event}`, {
      version: (await read(id)).version,
      ...extra,
    });
  const step = async (who: string, id: number, event: string, extra: object = {}) => {
    const reply = await send(who, id, event, extra);
    expect(reply.httpStatus, `${event} by ${who}: ${JSON.stringify(reply.data)}`).toBe(200);
    return reply.data;
  };
  const draft = async (units = 40) =>
    (await plant.as.requester!.create(DAILY_ORDERS, {
      order_date: '2026-12-03',
      location_id: destinationId,
      lines: [{ product_id: plant.product.id, qty_units: units, priority: 'high' }],
    })) as DailyOrder;
  const accepted = async (units = 40) => {
    const d = await draft(units);
    await step('requester', d.id, 'submit');
    return step('planning', d.id, 'accept', { flow_id: plant.flowId });
  };
  const transitions = async (id: number) =>
    queryRows<{ event: string; to_status: string }>(
      plant.db(),
      sql`select event, to_status from status_transitions
           where entity_type = 'daily_orders' and entity_id = ${id} order by id`,
    );
  const count = async (table: 'daily_orders' | 'production_orders') =>
    (
      await queryRows<{ n: number }>(
        plant.db(),
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      )
    )[0]!.n;

  beforeAll(async () => {
    plant = await startPlant(backend, [
      'requester',
      'qa_manager',
      'hplc_tech',
      'labeler',
      'production_reports',
    ]);
    const locations = await plant.as.admin!.get<List>('/api/general/locations', {
      filter: [
        { field: 'code', field_type: 'text', filters: [{ operator: 'equals', value: 'DC-MTL' }] },
      ],
    });
    destinationId = Number(locations.data.rows[0]!.id);
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
    expect((await send('requester', d.id, 'accept')).httpStatus).toBe(422);

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
    const floorEvent = await send('planning', d.id, 'start_production');
    expect(floorEvent.httpStatus).toBe(422);
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

  it('follows its order: in production once released, fulfilled once completed', async () => {
    const d = await accepted(60);
    const moId = d.lines[0]!.production_order_id!;
    await plant.step('planning', moId, 'submit');
    expect((await read(d.id)).status).toBe('accepted');
    await plant.step('manager', moId, 'approve');
    await plant.step('planning', moId, 'release');
    expect((await read(d.id)).status).toBe('in_production');
    // Released: cancelling is now the orders' business (guard, 422), and nothing changes.
    const refused = await send('planning', d.id, 'cancel', { reason: 'no longer needed' });
    expect(refused.httpStatus).toBe(422);
    expect((await plant.order(moId)).status).toBe('released');

    const mo = await plant.order(moId);
    await plant.as.batcher!.send('POST', `${PRODUCTION_ORDERS.api}/${moId}/picks`, {
      version: mo.version,
    });
    await plant.step('batcher', moId, 'start_batching');
    await plant.step('batcher', moId, 'finish_batching', { actual_batch_ml: 1800 });
    const [sample] = await plant.labRequests('production_order_number', mo.number);
    const result = await plant.as.hplc_tech!.send(
      'POST',
      `${HPLC_REQUESTS.api}/${sample!.id}/result`,
      {
        measured_mg: 6,
      },
    );
    expect(result.httpStatus).toBe(200);
    await plant.step('bottler', moId, 'start_bottling');
    await plant.step('bottler', moId, 'finish_bottling', {
      bottled_units: 55,
      bottling_waste_units: 2,
    });
    expect((await read(d.id)).status).toBe('in_production');
    await plant.as.labeler!.send('POST', '/api/production/label-checks', {
      production_order_id: moId,
      scanned_code: plant.product.upc,
    });
    await plant.step('labeler', moId, 'finish_labeling', {
      labeled_units: 52,
      label_waste_units: 3,
    });
    const fulfilled = await read(d.id);
    fulfilledNumber = fulfilled.number;
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

  it('lapses to cancelled when planning cancels every one of its orders', async () => {
    const d = await accepted();
    const moId = d.lines[0]!.production_order_id!;
    await plant.step('planning', moId, 'cancel', { reason: 'raw material short' });
    const lapsed = await read(d.id);
    expect(lapsed.status).toBe('cancelled');
    expect(lapsed.lines[0]!.line_status).toBe('cancelled');
    expect((await transitions(d.id)).at(-1)).toEqual({ event: 'lapse', to_status: 'cancelled' });
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

  it('reports requested vs produced vs delivered with the fill rate, and lists the lines', async () => {
    const byNumber = {
      filter: [
        {
          field: 'number',
          field_type: 'text',
          filters: [{ operator: 'equals', value: fulfilledNumber }],
        },
      ],
    };
    expect((await plant.as.batcher!.get(DAILY_ORDERS_REPORT.api, byNumber)).httpStatus).toBe(403);
    const report = await plant.as.production_reports!.get<List>(DAILY_ORDERS_REPORT.api, byNumber);
    expect(report.httpStatus).toBe(200);
    expect(report.data.rows).toMatchObject([
      {
        number: fulfilledNumber,
        status: 'fulfilled',
        product_id: plant.product.id,
        requested_units: 60,
        produced_units: 52,
        transferred_units: 0,
        delivered_units: 52,
        fill_rate_pct: 86.67,
        location_name: 'Montréal distribution centre',
      },
    ]);
    for (const entity of [DAILY_ORDERS_REPORT, DAILY_ORDERS_LIST, RECIPES_REPORT]) {
      const csv = await fetch(`${plant.t.url}${entity.api}/export?format=csv`, {
        headers: { authorization: `Bearer ${plant.as.production_reports!.token}` },
      });
      expect(csv.status, entity.name).toBe(200);
      if (entity !== RECIPES_REPORT) expect(await csv.text()).toContain(fulfilledNumber);
    }
    const list = await plant.as.qa_manager!.get<List>(DAILY_ORDERS_LIST.api, byNumber);
    expect(list.data.rows).toMatchObject([
      { line_status: 'fulfilled', production_order_status: 'completed', priority: 'high' },
    ]);
  });

  it('reports each recipe version with its ingredients, approver and where it is used', async () => {
    const recipeId = plant.product.recipe_id!;
    const rows = (
      await plant.as.manager!.get<List>(RECIPES_REPORT.api, {
        filter: [
          {
            field: 'recipe_id',
            field_type: 'number',
            filters: [{ operator: 'equals', value: recipeId }],
          },
        ],
        per_page: 100,
      })
    ).data.rows as (Row & { percentage: number; is_fill: number; used_by_products: string })[];
    expect(rows.length).toBeGreaterThan(1);
    const [first] = rows;
    expect(first).toMatchObject({ status: 'approved', recipe_id: recipeId });
    expect(first!.approved_by_name).toBeTruthy();
    expect(first!.used_by_products).toContain(plant.product.sku);
    // The fill takes the rest: the declared shares of the non-fill ingredients stay ≤ 100.
    const declared = rows
      .filter((r) => !r.is_fill)
      .reduce((sum, r) => sum + Number(r.percentage), 0);
    expect(declared).toBeLessThanOrEqual(100);
    const openOrders = await queryRows<{ n: number }>(
      plant.db(),
      sql`select count(*)::int as n from production_orders o join products p on p.id = o.product_id
           where o.status not in ('completed', 'closed', 'cancelled', 'scrapped')
             and coalesce(o.recipe_id, p.recipe_id) = ${recipeId}`,
    );
    expect(first!.open_order_count).toBe(openOrders[0]!.n);
    expect(openOrders[0]!.n).toBeGreaterThan(0);
  });
});
