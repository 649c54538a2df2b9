import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FLOWS } from '../../src/domain/entities/production/flows.entity.ts';
import { PHASES } from '../../src/domain/entities/production/phases.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { HPLC_REQUESTS } from '../../src/domain/entities/production/hplc-requests.entity.ts';
import {
  HPLC_ORDERS,
  PENDING_ORDERS,
} from '../../src/domain/entities/production/production-order-views.entity.ts';
import {
  BATCHING_SUMMARY,
  HPLC_REPORT,
  HPLC_RESULTS,
  LABEL_CHECKS,
  MASTER_PRODUCTION_REPORT,
  PRODUCTION_SUMMARY,
  VOLUME_VARIANCE,
} from '../../src/domain/entities/production/production-reports.entity.ts';
import type { QueryValue } from '../../src/api/query-string.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// The Production reports (docs/domain/production.md §3.6), the HPLC page and the pending orders,
// through HTTP on the demo plant: a few orders run through their stages, their transitions moved to
// fixed times (so days and minutes are known), then every report's figures checked to the unit,
// who may read, export and act, and the lab's result entry with the server's verdict.

type Order = Row & {
  number: string;
  status: string;
  stage: string | null;
  planned_ml: number;
  batch_lot_id: number;
  hplc_status: string;
};

type Product = Row & { sku: string; upc: string; recipe_id: number | null };

const equals = (field: string, value: string | number, type = 'text') => ({
  field,
  field_type: type,
  filters: [{ operator: 'equals', value }],
});

describe.each(backends())('production reports on %s', (backend) => {
  let t: TestServer;
  const as: Record<string, EntityApiClient> = {};
  let product: Product;
  let flowId: number;
  const mo: Record<'a' | 'b' | 'd', Order> = {} as Record<'a' | 'b' | 'd', Order>;

  const db = () => t.server.database.db;
  const order = async (id: number) =>
    (await as.admin!.get<Order>(`${PRODUCTION_ORDERS.api}/${id}`)).data;
  const send = (who: string, api: string, id: number, event: string, body: object) =>
    as[who]!.send<Order>('POST', `${api}/${id}/events/${event}`, body);
  const step = async (who: string, id: number, event: string, extra: object = {}) => {
    const reply = await send(who, PRODUCTION_ORDERS.api, id, event, {
      version: (await order(id)).version,
      ...extra,
    });
    expect(
      reply.httpStatus,
      `${event} by ${who}: ${reply.message} ${JSON.stringify(reply.data)}`,
    ).toBe(200);
    return reply.data;
  };
  const draft = async (units: number) =>
    (await as.planning!.create(PRODUCTION_ORDERS, {
      product_id: product.id,
      flow_id: flowId,
      planned_units: units,
      due_date: '2026-12-01',
    })) as Order;
  const released = async (units: number) => {
    const o = await draft(units);
    await step('planning', o.id, 'submit');
    await step('manager', o.id, 'approve');
    return step('planning', o.id, 'release');
  };
  const batched = async (units: number, ml: number) => {
    const o = await released(units);
    await as.batcher!.send('POST', `${PRODUCTION_ORDERS.api}/${o.id}/picks`, {
      version: (await order(o.id)).version,
    });
    await step('batcher', o.id, 'start_batching');
    return step('batcher', o.id, 'finish_batching', { actual_batch_ml: ml });
  };
  const requestsOf = async (number: string) =>
    (
      await as.hplc_tech!.get<List>(HPLC_REQUESTS.api, {
        filter: [equals('production_order_number', number)],
        sort: { field: 'sample_no', direction: 'asc' },
      })
    ).data.rows;
  const enter = (who: string, requestId: number, body: object) =>
    as[who]!.send<Row>('POST', `${HPLC_REQUESTS.api}/${requestId}/result`, body);
  /**
   * Moves an order's transition of `event` to a fixed UTC time, so days and minutes are known.
   * The log is append-only; the test lifts its guard for this one update.
   */
  const at = (id: number, event: string, time: string) =>
    db().transaction(async (tx) => {
      await tx.execute(sql`alter table status_transitions disable trigger plantline_append_only`);
      await tx.execute(sql`update status_transitions set created_at = ${time}::timestamptz
                            where entity_type = 'production_orders' and entity_id = ${id}
                              and event = ${event}`);
      await tx.execute(sql`alter table status_transitions enable trigger plantline_append_only`);
    });
  const rowsOf = async (who: string, api: string, filter: QueryValue[]) => {
    const reply = await as[who]!.get<List>(api, { filter, per_page: 100 });
    expect(reply.httpStatus, `${api}: ${reply.message} ${JSON.stringify(reply.data)}`).toBe(200);
    return reply.data.rows;
  };

  beforeAll(async () => {
    t = await startTestServer({ backend });
    for (const user of [
      'admin',
      'planning',
      'manager',
      'batcher',
      'bottler',
      'labeler',
      'hplc_tech',
      'qa_manager',
      'production_reports',
      'inventory',
    ]) {
      as[user] = entityClient(t.url, await tokenFor(t.url, user));
    }
    const goods = await as.admin!.get<List>('/api/inventory/products', {
      filter: [equals('sku', 'FG-MANGO-06-30')],
    });
    product = goods.data.rows[0] as Product;
    const phases = await as.admin!.get<List>(PHASES.api, { per_page: 50 });
    const phase = (code: string) =>
      phases.data.rows.find((p) => p.code === code && p.module === 'production')?.id;
    flowId = (
      await as.admin!.create(FLOWS, {
        code: 'T-REPORT',
        name: 'Report flow to labeling',
        actions: ['batching', 'hplc', 'bottling', 'labeling'].map((code) => ({
          phase_id: phase(code),
        })),
      })
    ).id;

    // A: fails HPLC, passes the retest, bottled and labeled to completion.
    mo.a = await batched(120, 3600);
    const [first] = await requestsOf(mo.a.number);
    expect((await enter('hplc_tech', first!.id, { measured_mg: 5 })).httpStatus).toBe(200);
    await step('qa_manager', mo.a.id, 'retest');
    const [, second] = await requestsOf(mo.a.number);
    expect((await enter('hplc_tech', second!.id, { measured_mg: 6.05 })).httpStatus).toBe(200);
    await step('bottler', mo.a.id, 'start_bottling');
    await step('bottler', mo.a.id, 'finish_bottling', {
      bottled_units: 110,
      bottling_waste_units: 5,
    });
    for (const code of ['000000000000', product.upc]) {
      await as.labeler!.send('POST', '/api/production/label-checks', {
        production_order_id: mo.a.id,
        scanned_code: code,
      });
    }
    await step('labeler', mo.a.id, 'finish_labeling', { labeled_units: 105, label_waste_units: 5 });
    // B: batched, waiting on the lab (its result is entered by the HPLC test below).
    mo.b = await batched(60, 1800);
    // D: batched, stays waiting on the lab.
    mo.d = await batched(10, 300);

    await at(mo.a.id, 'start_batching', '2025-03-04 13:00:00+00');
    await at(mo.a.id, 'finish_batching', '2025-03-04 13:42:00+00');
    await at(mo.b.id, 'start_batching', '2025-03-04 14:00:00+00');
    await at(mo.b.id, 'finish_batching', '2025-03-04 14:30:00+00');
    await at(mo.a.id, 'start_bottling', '2025-03-05 14:00:00+00');
    await at(mo.a.id, 'finish_bottling', '2025-03-05 15:00:00+00');
    await at(mo.a.id, 'finish_labeling', '2025-03-05 16:00:00+00');
  });
  afterAll(async () => t.close());

  it('enters an HPLC result and answers with the verdict, for the lab only', async () => {
    const [request] = await requestsOf(mo.b.number);
    expect(request).toMatchObject({ status: 'requested', sample_no: 1 });
    expect((await enter('production_reports', request!.id, { measured_mg: 6 })).httpStatus).toBe(
      403,
    );
    expect((await enter('qa_manager', request!.id, { measured_mg: 6 })).httpStatus).toBe(403);
    const negative = await enter('hplc_tech', request!.id, { measured_mg: -1 });
    expect(negative.httpStatus).toBe(422);
    expect(negative.data).toHaveProperty('measured_mg');
    const [ranges] = [
      (
        await as.hplc_tech!.get<{ type: number; percent_range: number }[]>(
          '/api/production/hplc_ranges',
        )
      ).data,
    ];
    const verdict = await enter('hplc_tech', request!.id, {
      measured_mg: 5.7,
      replicates: [5.69, 5.71],
    });
    expect(verdict.httpStatus, JSON.stringify(verdict.data)).toBe(200);
    expect(verdict.data).toMatchObject({
      status: 'passed',
      passed: 1,
      nominal_mg: 6,
      measured_mg: 5.7,
      percent_of_claim: 95,
    });
    expect(ranges.map((r) => r.percent_range)).toContain(verdict.data.min_pct);
    expect(ranges.map((r) => r.percent_range)).toContain(verdict.data.max_pct);
    const replicates = await queryRows<{ replicates: number[] }>(
      db(),
      sql`select replicates from hplc_results where hplc_request_id = ${request!.id}`,
    );
    expect(replicates[0]?.replicates).toEqual([5.69, 5.71]);
    expect((await order(mo.b.id)).stage).toBe('hplc_passed');
    // Entered once: the request is settled.
    expect((await enter('hplc_tech', request!.id, { measured_mg: 6 })).httpStatus).toBe(422);

    const results = await rowsOf('hplc_tech', HPLC_RESULTS.api, [
      equals('production_order_number', mo.b.number),
    ]);
    expect(results).toEqual([
      expect.objectContaining({
        request_number: request!.number,
        sample_no: 1,
        nominal_mg: 6,
        measured_mg: 5.7,
        percent_of_claim: 95,
        passed: 1,
        result: 'passed',
        analyst_name: expect.any(String) as unknown,
        lot_no: mo.b.number,
      }),
    ]);
    expect((await as.production_reports!.get(HPLC_RESULTS.api)).httpStatus).toBe(403);
  });

  it('lists the orders waiting on the lab or failed by it', async () => {
    const rows = await rowsOf('qa_manager', HPLC_ORDERS.api, [
      {
        field: 'product_id',
        field_type: 'number',
        filters: [{ operator: 'equals', value: product.id }],
      },
    ]);
    const numbers = rows.map((r) => r.number);
    expect(numbers).toContain(mo.d.number);
    expect(numbers).not.toContain(mo.a.number);
    expect(rows.every((r) => ['pending', 'failed'].includes(String(r.hplc_status)))).toBe(true);
    // A retest is for a failed batch; D only waits.
    const retest = await send('qa_manager', HPLC_ORDERS.api, mo.d.id, 'retest', {
      version: (await order(mo.d.id)).version,
    });
    expect(retest.httpStatus).toBe(422);
    const release = await send('qa_manager', HPLC_ORDERS.api, mo.d.id, 'release', {
      version: (await order(mo.d.id)).version,
    });
    expect(release.httpStatus).toBe(422);
    expect((await as.batcher!.get(HPLC_ORDERS.api)).httpStatus).toBe(403);
  });

  it('approves and rejects pending orders from their page, by the Pending roles', async () => {
    const c = await draft(30);
    await step('planning', c.id, 'submit');
    const e = await draft(40);
    await step('planning', e.id, 'submit');
    const pending = await rowsOf('manager', PENDING_ORDERS.api, []);
    expect(pending.map((r) => r.number)).toEqual(expect.arrayContaining([c.number, e.number]));
    expect(pending.every((r) => r.status === 'pending_approval')).toBe(true);
    expect((await as.batcher!.get(PENDING_ORDERS.api)).httpStatus).toBe(403);
    expect((await as.production_reports!.get(PENDING_ORDERS.api)).httpStatus).toBe(403);

    const version = (await order(c.id)).version;
    const self = await send('planning', PENDING_ORDERS.api, c.id, 'approve', { version });
    expect(self.httpStatus).toBe(422);
    expect(self.message + JSON.stringify(self.data)).toContain('another person must approve');
    expect(
      (await send('manager', PENDING_ORDERS.api, c.id, 'release', { version })).httpStatus,
    ).toBe(422);
    expect(
      (await send('manager', PENDING_ORDERS.api, c.id, 'approve', { version: version - 1 }))
        .httpStatus,
    ).toBe(409);
    const approved = await send('manager', PENDING_ORDERS.api, c.id, 'approve', { version });
    expect(approved.httpStatus).toBe(200);
    expect(approved.data.status).toBe('approved');

    const noReason = await send('manager', PENDING_ORDERS.api, e.id, 'reject', {
      version: (await order(e.id)).version,
    });
    expect(noReason.httpStatus).toBe(422);
    const rejected = await send('manager', PENDING_ORDERS.api, e.id, 'reject', {
      version: (await order(e.id)).version,
      reason: 'Wrong size',
    });
    expect(rejected.data.status).toBe('draft');
    const left = (await rowsOf('manager', PENDING_ORDERS.api, [])).map((r) => r.number);
    expect(left).not.toContain(c.number);
    expect(left).not.toContain(e.number);
    expect((await as.manager!.get(`${PENDING_ORDERS.api}/${c.id}`)).httpStatus).toBe(404);
  });

  it('reports each order: master report and volume variance', async () => {
    const [a] = await rowsOf('production_reports', MASTER_PRODUCTION_REPORT.api, [
      equals('number', mo.a.number),
    ]);
    expect(a).toMatchObject({
      product_sku: 'FG-MANGO-06-30',
      status: 'completed',
      planned_units: 120,
      planned_ml: 3672,
      actual_batch_ml: 3600,
      bottled_units: 110,
      bottling_waste_units: 5,
      labeled_units: 105,
      label_waste_units: 5,
      stamped_units: 0,
      hplc_status: 'passed',
      hplc_pct: 100.833,
      hplc_tests: 2,
      batching_minutes: 42,
      bottling_minutes: 60,
      labeling_minutes: 60,
    });
    expect(String(a!.batching_started_at)).toContain('2025-03-04');
    const drafts = await rowsOf('planning', MASTER_PRODUCTION_REPORT.api, [
      equals('status', 'draft', 'enum'),
    ]);
    expect(drafts).toEqual([]);

    const variance = await rowsOf('manager', VOLUME_VARIANCE.api, [
      equals('product_sku', 'FG-MANGO-06-30'),
    ]);
    const byNumber = new Map(variance.map((r) => [r.number, r]));
    expect(byNumber.get(mo.a.number)).toMatchObject({
      batched_on: '2025-03-04',
      volume_ml: 30,
      planned_ml: 3672,
      actual_batch_ml: 3600,
      variance_ml: -72,
      variance_pct: -1.96,
      bottled_units: 110,
      bottled_ml: 3300,
      yield_pct: 91.67,
      loss_ml: 300,
    });
    expect(byNumber.get(mo.b.number)).toMatchObject({
      planned_ml: 1836,
      actual_batch_ml: 1800,
      variance_ml: -36,
      variance_pct: -1.96,
      bottled_ml: 0,
      yield_pct: 0,
      loss_ml: 1800,
    });
  });

  it('reports per day and product: production and batching summaries', async () => {
    const day = (d: string) => [
      equals('day', d, 'date'),
      {
        field: 'product_id',
        field_type: 'number',
        filters: [{ operator: 'equals', value: product.id }],
      },
    ];
    expect(await rowsOf('admin', BATCHING_SUMMARY.api, day('2025-03-04'))).toEqual([
      expect.objectContaining({
        day: '2025-03-04',
        product_sku: 'FG-MANGO-06-30',
        batches: 2,
        planned_ml: 5508,
        batch_ml: 5400,
        avg_minutes: 36,
      }),
    ]);
    expect(await rowsOf('production_reports', PRODUCTION_SUMMARY.api, day('2025-03-04'))).toEqual([
      expect.objectContaining({ orders: 2, batched_ml: 5400, bottled_units: 0, waste_units: 0 }),
    ]);
    const [bottling] = await rowsOf(
      'production_reports',
      PRODUCTION_SUMMARY.api,
      day('2025-03-05'),
    );
    expect(bottling).toMatchObject({
      orders: 1,
      batched_ml: 0,
      bottled_units: 110,
      bottling_waste_units: 5,
      labeled_units: 105,
      label_waste_units: 5,
      stamped_units: 0,
      waste_units: 10,
      waste_pct: 8.7,
    });
  });

  it('reports HPLC results and label checks', async () => {
    const hplc = await rowsOf('production_reports', HPLC_REPORT.api, [
      equals('production_order_number', mo.a.number),
    ]);
    const ranges = (
      await as.hplc_tech!.get<{ type: number; percent_range: number }[]>(
        '/api/production/hplc_ranges',
      )
    ).data;
    const min = Math.min(...ranges.map((r) => r.percent_range));
    expect(
      hplc
        .sort((x, y) => Number(x.sample_no) - Number(y.sample_no))
        .map((r) => [
          r.sample_no,
          r.reason,
          r.nominal_mg,
          r.measured_mg,
          r.percent_of_claim,
          r.result,
        ]),
    ).toEqual([
      [1, 'initial', 6, 5, 83.333, 'failed'],
      [2, 'retest', 6, 6.05, 100.833, 'passed'],
    ]);
    expect(hplc.every((r) => r.lot_no === mo.a.number && r.analyst_name)).toBe(true);
    expect(hplc.every((r) => Number(r.min_pct) >= min)).toBe(true);

    const checks = await rowsOf('qa_manager', LABEL_CHECKS.api, [
      equals('production_order_number', mo.a.number),
    ]);
    const [labeler] = await queryRows<{ name: string }>(
      db(),
      sql`select name from users where username = 'labeler'`,
    );
    expect(
      checks
        .sort((x, y) => x.id - y.id)
        .map((c) => [c.scanned_code, c.expected_code, c.result, c.phase_code, c.created_by_name]),
    ).toEqual([
      ['000000000000', product.upc, 'fail', 'labeling', labeler!.name],
      [product.upc, product.upc, 'pass', 'labeling', labeler!.name],
    ]);
    expect(checks.every((c) => c.product_sku === 'FG-MANGO-06-30')).toBe(true);
  });

  it('opens the reports to their roles, and exports them to production_reports', async () => {
    for (const entity of [
      LABEL_CHECKS,
      MASTER_PRODUCTION_REPORT,
      VOLUME_VARIANCE,
      HPLC_REPORT,
      PRODUCTION_SUMMARY,
      BATCHING_SUMMARY,
    ]) {
      expect((await as.inventory!.get(entity.api)).httpStatus, entity.name).toBe(403);
      expect((await as.batcher!.get(entity.api)).httpStatus, entity.name).toBe(403);
      expect((await as.hplc_tech!.get(entity.api)).httpStatus, entity.name).toBe(200);
      const csv = await fetch(`${t.url}${entity.api}/export?format=csv`, {
        headers: { authorization: `Bearer ${as.production_reports!.token}` },
      });
      expect(csv.status, entity.name).toBe(200);
      const text = await csv.text();
      if (entity !== PRODUCTION_SUMMARY && entity !== BATCHING_SUMMARY) {
        expect(text, entity.name).toContain(mo.a.number);
      } else {
        expect(text, entity.name).toContain('2025-03-04');
      }
      const outsider = await fetch(`${t.url}${entity.api}/export?format=csv`, {
        headers: { authorization: `Bearer ${as.inventory!.token}` },
      });
      expect(outsider.status, entity.name).toBe(403);
    }
    // Export-only: the reporter writes nothing, here or on the orders behind the reports.
    expect(
      (
        await send('production_reports', PRODUCTION_ORDERS.api, mo.d.id, 'hold', {
          version: (await order(mo.d.id)).version,
          reason: 'x',
        })
      ).httpStatus,
    ).toBe(403);
    expect(
      (
        await as.production_reports!.send('POST', '/api/production/label-checks', {
          production_order_id: mo.d.id,
          scanned_code: product.upc,
        })
      ).httpStatus,
    ).toBe(403);
  });
});
