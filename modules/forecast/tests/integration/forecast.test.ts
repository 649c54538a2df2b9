import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FORECAST_ALLOCATIONS } from '../../shared/entities/forecast-allocations.entity.ts';
import { FORECAST_PERIODS } from '../../shared/entities/forecast-periods.entity.ts';
import { FORECAST_PRODUCTION_PLANS } from '../../shared/entities/forecast-production-plans.entity.ts';
import { FORECAST_QTY_RANGES } from '../../shared/entities/forecast-qty-ranges.entity.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import type { List, Row } from '../../../../tests/support/entity-crud.ts';
import { startForecastWorld, type ForecastWorld } from '../forecast-fixtures.ts';

// Forecast (docs/domain/forecast.md §11) through the real HTTP stack: periods that may not overlap,
// each transition allowed and refused (by role, by guard, for a stale version), generation against
// a hand-computed case, a changed forecast needing its reason and the family's shares held to
// 100 %, planned units rounded by the quantity ranges, and "create orders" making draft
// production orders linked to their plan rows.

const PERIODS = FORECAST_PERIODS.api;

describe('forecast', () => {
  let w: ForecastWorld;
  let a: number;
  let b: number;
  /** The hand-computed period: history 2020-01-01..03-31 (91 days), 30 days at +10 %. */
  let period: Row;

  const as = async (user: string) => w.api(user);
  const send = async (user: string, url: string, body: object, method = 'POST') =>
    (await as(user)).send<Row>(method, url, body);
  const event = (user: string, doc: Row, name: string, extra: object = {}) =>
    send(user, `${PERIODS}/${doc.id}/events/${name}`, { version: doc.version, ...extra });
  const rowsOf = async (api: string, periodId: number) =>
    (
      await (
        await as('manager')
      ).get<List>(api, {
        per_page: 100,
        filter: [
          {
            field: 'forecast_period_id',
            field_type: 'number',
            filters: [{ operator: 'equals', value: periodId }],
          },
        ],
      })
    ).data.rows;
  const readPeriod = async (id: number) =>
    (await (await as('manager')).get<Row>(`${PERIODS}/${id}`)).data;
  async function newPeriod(name: string, start: string, end: string, extra: object = {}) {
    const reply = await send('manager', PERIODS, {
      name,
      start_date: start,
      end_date: end,
      history_from: '2020-01-01',
      history_to: '2020-03-31',
      growth_pct: 10,
      ...extra,
    });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return reply.data;
  }

  beforeAll(async () => {
    w = await startForecastWorld('pglite');
    a = await w.newFinishedGood(20);
    b = await w.newFinishedGood(20);
    await w.setRanges([
      { min: 1, max: 99, roundTo: 10 },
      { min: 100, max: 999, roundTo: 50 },
      { min: 1000, max: null, roundTo: 250 },
    ]);
    // In the window: A 182 from main and 50 from the second warehouse, B 91 from main.
    await w.shipped('2020-01-15', w.ids.main, [
      { product_id: a, qty: 100 },
      { product_id: b, qty: 91 },
    ]);
    await w.shipped('2020-03-01', w.ids.main, [{ product_id: a, qty: 82 }]);
    await w.shipped('2020-02-10', w.ids.second, [{ product_id: a, qty: 50 }]);
    // Not history: before the window, never shipped, cancelled.
    await w.shipped('2019-12-31', w.ids.main, [{ product_id: a, qty: 1000 }]);
    await w.shipped('2020-02-01', w.ids.main, [{ product_id: b, qty: 500 }], 'draft');
    await w.shipped('2020-02-02', w.ids.main, [{ product_id: b, qty: 700 }], 'cancelled');
    // 10 of B on hand.
    await w.stockLot(b, 10, '2030-01-01');
    period = await newPeriod('June 2021', '2021-06-01', '2021-06-30');
  }, 240_000);
  afterAll(async () => w.t.close());

  describe('periods', () => {
    it('refuses a period overlapping another, naming it', async () => {
      const reply = await send('manager', PERIODS, {
        name: 'Mid June 2021',
        start_date: '2021-06-15',
        end_date: '2021-07-15',
        history_from: '2020-01-01',
        history_to: '2020-03-31',
      });
      expect(reply.httpStatus).toBe(422);
      expect(reply.data).toEqual({
        start_date: 'Overlaps the forecast period June 2021 (2021-06-01 to 2021-06-30)',
      });
      const [count] = await queryRows<{ n: number }>(
        w.db,
        sql`select count(*)::int as n from forecast_periods where name = 'Mid June 2021'`,
      );
      expect(count!.n).toBe(0);
    });

    it('refuses a name already taken and a period ending before it starts', async () => {
      const taken = await send('manager', PERIODS, {
        name: 'June 2021',
        start_date: '2030-01-01',
        end_date: '2030-01-31',
        history_from: '2020-01-01',
        history_to: '2020-03-31',
      });
      expect([taken.httpStatus, taken.data]).toEqual([422, { name: 'unique' }]);
      const backwards = await send('manager', PERIODS, {
        name: 'Backwards',
        start_date: '2030-02-28',
        end_date: '2030-02-01',
        history_from: '2020-01-01',
        history_to: '2020-03-31',
      });
      expect(backwards.httpStatus).toBe(422);
      expect(backwards.data).toHaveProperty('end_date');
    });

    it('refuses roles outside Forecast', async () => {
      const reply = await send('planning', PERIODS, {
        name: 'Planning tries',
        start_date: '2031-01-01',
        end_date: '2031-01-31',
        history_from: '2020-01-01',
        history_to: '2020-03-31',
      });
      expect(reply.httpStatus).toBe(403);
    });
  });

  describe('generate', () => {
    it('refuses a role outside Forecast, before the version', async () => {
      const reply = await event('planning', { ...period, version: 99 }, 'generate');
      expect(reply.httpStatus).toBe(403);
      expect(JSON.stringify(reply.data ?? null)).not.toContain('version');
    });

    it('refuses a stale version', async () => {
      const reply = await event('manager', { ...period, version: period.version + 5 }, 'generate');
      expect(reply.httpStatus).toBe(409);
      expect(reply.message).toBe('stale_version');
    });

    it('refuses a history window without shipped sales (guard)', async () => {
      const empty = await newPeriod('Empty history', '2021-08-01', '2021-08-31', {
        history_from: '2018-01-01',
        history_to: '2018-12-31',
      });
      const reply = await event('manager', empty, 'generate');
      expect(reply.httpStatus).toBe(422);
      expect(reply.data).toEqual({
        status: 'No shipped sales in the history window: widen it first',
      });
      expect((await readPeriod(empty.id)).status).toBe('draft');
    });

    it('generates allocations per product and centre from the shipped history, by hand', async () => {
      const reply = await event('manager', period, 'generate');
      expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
      expect(reply.data.status).toBe('open');
      period = reply.data;
      const rows = await rowsOf(FORECAST_ALLOCATIONS.api, period.id);
      const got = rows
        .map((r) => [
          r.product_id,
          r.location_id,
          r.history_units,
          r.forecast_units,
          r.allocation_pct,
        ])
        .sort((x, y) => String(x).localeCompare(String(y)));
      // 182 × 30/91 × 1.1 = 66; 50 × 30/91 × 1.1 = 18.13 → 18; 91 × 30/91 × 1.1 = 33.
      // Shares of the family's 117, rounded down: 56.41, 15.38, 28.2.
      const expected = [
        [a, w.ids.main, 182, 66, 56.41],
        [a, w.ids.second, 50, 18, 15.38],
        [b, w.ids.main, 91, 33, 28.2],
      ].sort((x, y) => String(x).localeCompare(String(y)));
      expect(got).toEqual(expected);
      expect(period).toMatchObject({ history_units: 323, forecast_units: 117 });
    });

    it('plans required = forecast + safety − on hand − open orders, rounded by the ranges', async () => {
      const plans = await rowsOf(FORECAST_PRODUCTION_PLANS.api, period.id);
      const byProduct = new Map(plans.map((p) => [p.product_id, p]));
      // A: 84 + 20 − 0 − 0 = 104, in 100–999 by 50 → 150. B: 33 + 20 − 10 = 43, by 10 → 50.
      expect(byProduct.get(a)).toMatchObject({
        forecast_units: 84,
        safety_units: 20,
        on_hand: 0,
        open_mo_units: 0,
        required_units: 104,
        planned_units: 150,
        status: 'proposed',
      });
      expect(byProduct.get(b)).toMatchObject({
        forecast_units: 33,
        on_hand: 10,
        required_units: 43,
        planned_units: 50,
      });
    });

    it('refuses generating twice (no such transition from open)', async () => {
      const reply = await event('manager', period, 'generate');
      expect(reply.httpStatus).toBe(422);
      expect(reply.data).toEqual({ status: 'Transition open→generate not allowed' });
    });
  });

  describe('adjusting the forecast', () => {
    const allocation = async (product: number, location: number) =>
      (await rowsOf(FORECAST_ALLOCATIONS.api, period.id)).find(
        (r) => r.product_id === product && r.location_id === location,
      )!;

    it('needs a reason when the forecast differs from the computed one', async () => {
      const row = await allocation(b, w.ids.main);
      const reply = await send(
        'manager',
        `${FORECAST_ALLOCATIONS.api}/${row.id}`,
        { version: row.version, forecast_units: 80 },
        'PUT',
      );
      expect([reply.httpStatus, reply.data]).toEqual([422, { override_reason: 'required' }]);
      expect((await allocation(b, w.ids.main)).forecast_units).toBe(33);
    });

    it('takes the forecast with its reason and moves the plan row with it', async () => {
      const row = await allocation(b, w.ids.main);
      const reply = await send(
        'manager',
        `${FORECAST_ALLOCATIONS.api}/${row.id}`,
        { version: row.version, forecast_units: 80, override_reason: 'A new listing at a chain' },
        'PUT',
      );
      expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
      expect(reply.data).toMatchObject({ forecast_units: 80, overridden: 1 });
      const plan = (await rowsOf(FORECAST_PRODUCTION_PLANS.api, period.id)).find(
        (p) => p.product_id === b,
      )!;
      // 80 + 20 − 10 = 90 → 90.
      expect(plan).toMatchObject({ forecast_units: 80, required_units: 90, planned_units: 90 });
    });

    it('refuses family shares over 100 % with more100%', async () => {
      const row = await allocation(a, w.ids.second);
      // The others hold 56.41 + 28.2 = 84.61: 15.39 fits, 15.4 passes 100.
      const over = await send(
        'manager',
        `${FORECAST_ALLOCATIONS.api}/${row.id}`,
        { version: row.version, allocation_pct: 15.4 },
        'PUT',
      );
      expect([over.httpStatus, over.data]).toEqual([422, { allocation_pct: 'more100%' }]);
      const fits = await send(
        'manager',
        `${FORECAST_ALLOCATIONS.api}/${row.id}`,
        { version: row.version, allocation_pct: 15.39 },
        'PUT',
      );
      expect(fits.httpStatus).toBe(200);
    });

    it('refuses a stale version and a role outside Forecast', async () => {
      const row = await allocation(a, w.ids.main);
      const stale = await send(
        'manager',
        `${FORECAST_ALLOCATIONS.api}/${row.id}`,
        { version: row.version - 1 || 99, forecast_units: 66 },
        'PUT',
      );
      expect(stale.httpStatus).toBe(409);
      const refused = await send(
        'planning',
        `${FORECAST_ALLOCATIONS.api}/${row.id}`,
        { version: row.version, forecast_units: 66 },
        'PUT',
      );
      expect(refused.httpStatus).toBe(403);
    });
  });

  describe('lock, create orders and close', () => {
    it('refuses to lock while plan rows are proposed (guard)', async () => {
      const reply = await event('manager', await readPeriod(period.id), 'lock');
      expect(reply.httpStatus).toBe(422);
      expect(reply.data).toEqual({
        status: 'Some production plan rows are still proposed: accept them first',
      });
    });

    it('refuses creating orders before the period is locked (guard)', async () => {
      const plan = (await rowsOf(FORECAST_PRODUCTION_PLANS.api, period.id)).find(
        (p) => p.product_id === a,
      )!;
      const accepted = await send(
        'manager',
        `${FORECAST_PRODUCTION_PLANS.api}/${plan.id}/events/accept`,
        { version: plan.version },
      );
      expect(accepted.httpStatus, JSON.stringify(accepted.data)).toBe(200);
      expect(accepted.data.status).toBe('accepted');
      const early = await send(
        'manager',
        `${FORECAST_PRODUCTION_PLANS.api}/${plan.id}/events/create_orders`,
        { version: accepted.data.version },
      );
      expect([early.httpStatus, early.data]).toEqual([
        422,
        { status: 'Orders are created once the period is locked' },
      ]);
    });

    it('accepts every proposed row at once, then locks', async () => {
      const current = await readPeriod(period.id);
      const refused = await send('planning', `${PERIODS}/${period.id}/plan/accept`, {
        version: current.version,
      });
      expect(refused.httpStatus).toBe(403);
      const all = await send('manager', `${PERIODS}/${period.id}/plan/accept`, {
        version: current.version,
      });
      expect(all.httpStatus, JSON.stringify(all.data)).toBe(200);
      const plans = await rowsOf(FORECAST_PRODUCTION_PLANS.api, period.id);
      expect(plans.map((p) => p.status)).toEqual(['accepted', 'accepted']);
      const locked = await event('manager', await readPeriod(period.id), 'lock');
      expect(locked.httpStatus, JSON.stringify(locked.data)).toBe(200);
      expect(locked.data.status).toBe('locked');
      period = locked.data;
    });

    it("keeps a locked period's forecast read-only", async () => {
      const row = (await rowsOf(FORECAST_ALLOCATIONS.api, period.id))[0]!;
      const reply = await send(
        'manager',
        `${FORECAST_ALLOCATIONS.api}/${row.id}`,
        { version: row.version, forecast_units: 1, override_reason: 'Too late' },
        'PUT',
      );
      expect([reply.httpStatus, reply.data]).toEqual([
        422,
        { status: "A locked period's forecast is final" },
      ]);
    });

    it('refuses to close while accepted rows wait for their orders (guard)', async () => {
      const reply = await event('manager', await readPeriod(period.id), 'close');
      expect(reply.httpStatus).toBe(422);
      expect(reply.data).toEqual({
        status: 'Accepted plan rows are waiting for their production orders: create them first',
      });
    });

    it('creates draft production orders of the planned units, linked to their rows', async () => {
      const plans = await rowsOf(FORECAST_PRODUCTION_PLANS.api, period.id);
      const stale = await send(
        'manager',
        `${FORECAST_PRODUCTION_PLANS.api}/${plans[0]!.id}/events/create_orders`,
        { version: plans[0]!.version + 3 },
      );
      expect(stale.httpStatus).toBe(409);
      const reply = await send('manager', `${PERIODS}/${period.id}/plan/create_orders`, {
        version: (await readPeriod(period.id)).version,
      });
      expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
      const ordered = await rowsOf(FORECAST_PRODUCTION_PLANS.api, period.id);
      expect(ordered.map((p) => p.status)).toEqual(['ordered', 'ordered']);
      const orders = await queryRows<{
        id: number;
        number: string;
        status: string;
        planned_units: number;
        product_id: number;
        due_date: string;
        plan_id: number;
      }>(
        w.db,
        sql`select id::int, number, status, planned_units, product_id::int,
            to_char(due_date, 'YYYY-MM-DD') as due_date, forecast_production_plan_id::int as plan_id
          from production_orders where forecast_production_plan_id in
            (select id from forecast_production_plans where forecast_period_id = ${period.id})
          order by product_id`,
      );
      expect(orders.map((o) => [o.product_id, o.status, o.planned_units, o.due_date])).toEqual([
        [a, 'draft', 150, '2021-06-01'],
        [b, 'draft', 90, '2021-06-01'],
      ]);
      for (const o of orders) {
        const row = ordered.find((p) => p.id === o.plan_id)!;
        expect(row.production_order_id).toBe(o.id);
        expect(row.production_order_number).toBe(o.number);
        expect(o.number).toMatch(/^MO-\d{5}$/);
      }
    });

    it('closes once every accepted row is ordered', async () => {
      const refused = await event('planning', await readPeriod(period.id), 'close');
      expect(refused.httpStatus).toBe(403);
      const reply = await event('manager', await readPeriod(period.id), 'close');
      expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
      expect(reply.data.status).toBe('closed');
      const edit = await send(
        'manager',
        `${PERIODS}/${period.id}`,
        { version: reply.data.version, growth_pct: 50 },
        'PUT',
      );
      expect([edit.httpStatus, edit.data]).toEqual([
        422,
        { status: 'A closed forecast period cannot be edited' },
      ]);
    });
  });

  describe('quantity ranges', () => {
    it('refuses a range overlapping another, naming it', async () => {
      const reply = await send('manager', FORECAST_QTY_RANGES.api, {
        min_units: 900,
        max_units: 1200,
        round_to_units: 100,
      });
      expect([reply.httpStatus, reply.data]).toEqual([
        422,
        { min_units: 'This range overlaps the range 100–999' },
      ]);
    });

    it('takes a range that meets none', async () => {
      await w.setRanges([{ min: 1, max: 99, roundTo: 10 }]);
      const reply = await send('manager', FORECAST_QTY_RANGES.api, {
        min_units: 100,
        max_units: null,
        round_to_units: 25,
      });
      expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    });
  });

  describe('reports', () => {
    it('reports weeks of cover and below-safety per product of the period', async () => {
      const reply = await (
        await as('manager')
      ).get<{ rows: Row[] }>('/api/forecast/stock-report', { period_id: period.id });
      expect(reply.httpStatus).toBe(200);
      const byProduct = new Map(reply.data.rows.map((r) => [r.product_id, r]));
      // B: 10 on hand at 80 units per 30 days (18.67 a week) = 0.5 weeks; below its 20.
      expect(byProduct.get(b)).toMatchObject({
        on_hand: 10,
        forecast_units: 80,
        safety_units: 20,
        weeks_of_cover: 0.5,
        below_safety: 1,
      });
      expect(byProduct.get(a)).toMatchObject({ on_hand: 0, weeks_of_cover: 0, below_safety: 1 });
    });

    it('reports units and CAD per product and month beside the forecast', async () => {
      const reply = await (
        await as('manager')
      ).get<{ rows: Row[] }>('/api/forecast/sales-report', { period_id: period.id });
      expect(reply.httpStatus).toBe(200);
      const cell = (month: string, product: number) =>
        reply.data.rows.find((r) => r.month === month && r.product_id === product);
      expect(cell('2020-01', a)).toMatchObject({ units: 100, cad: 1000, forecast_units: null });
      expect(cell('2020-03', a)).toMatchObject({ units: 82, cad: 820 });
      expect(cell('2021-06', b)).toMatchObject({ units: 0, forecast_units: 80 });
      expect(cell('2021-06', a)).toMatchObject({ forecast_units: 84 });
      const refused = await (await as('planning')).get('/api/forecast/sales-report');
      expect(refused.httpStatus).toBe(403);
    });
  });
});
