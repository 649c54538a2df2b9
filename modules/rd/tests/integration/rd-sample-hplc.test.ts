import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { HPLC_REQUESTS } from '../../../../src/domain/entities/production/hplc-requests.entity.ts';
import { RD_SAMPLES } from '../../shared/entities/rd-samples.entity.ts';
import type { RdSamplesReport } from '../../shared/entities/rd-report-rows.ts';
import {
  connectEcho,
  disconnectEchoes,
  subscribed,
  waitFor,
} from '../../../../tests/support/echo-client.ts';
import type { List, Row } from '../../../../tests/support/entity-crud.ts';
import { startRdWorld, type RdWorld } from '../rd-fixtures.ts';

// The optional HPLC request of an R&D sample (docs/domain/rd.md §7 "optional HPLC request (reason
// rd)") through the real HTTP stack: quality control sends the sample with hplc: true and the lab's
// queue gets request no. 1 of that sample, no product, no lot; without the specifications' HPLC
// category it is refused with nothing written. The hplc_tech (only) enters its result, judged
// by the same server code as a batch's against the category's ranges, with the specifications'
// nicotine as the claim; no lot and no order moves. The samples report shows it.

const SAMPLES = RD_SAMPLES.api;
const HPLC = HPLC_REQUESTS.api;

describe('rd sample hplc', () => {
  let w: RdWorld;
  let freebase: number;
  const send = async (user: string, method: string, url: string, body?: object) =>
    (await w.api(user)).send<Row>(method, url, body);
  const read = async (api: string, id: number) =>
    (await (await w.api('admin')).get<Row>(`${api}/${id}`)).data;
  const sampleRequests = (sampleId: number) =>
    queryRows<{
      id: number;
      reason: string;
      sample_no: number;
      product_id: number | null;
      lot_id: number | null;
    }>(
      w.db,
      sql`select id::int, reason, sample_no, product_id, lot_id from hplc_requests
           where rd_sample_id = ${sampleId} order by id`,
    );

  /** A sample developed and prepared, specified (nicotine `mg`, the category if given). */
  const preparedSample = async (title: string, mg: number, category: number | null) => {
    const project = await w.approvedProject(title);
    let s = await w.requestSample(project.id);
    s = await w.event('rd_flavorist', SAMPLES, s, 'start_develop');
    s = (
      await send('rd_flavorist', 'PUT', `${SAMPLES}/${s.id}/ingredients`, {
        version: s.version,
        ingredients: [
          { product_id: w.ingredients.flavorA, pct: 6 },
          { product_id: w.ingredients.carrier, is_fill: true },
        ],
      })
    ).data;
    s = await w.event('rd_flavorist', SAMPLES, s, 'prepare');
    const specified = await send('rd_quality_control', 'PUT', `${SAMPLES}/${s.id}/specifications`, {
      version: s.version,
      nicotine_mg: mg,
      nicotine_type: mg > 0 ? 'freebase' : null,
      vg_pct: 70,
      pg_pct: 30,
      density_g_ml: 1.19,
      flashpoint_c: 101,
      shelf_life_days: 365,
      hplc_category_id: category,
    });
    expect(specified.httpStatus, JSON.stringify(specified.data)).toBe(200);
    return specified.data;
  };

  /** What a result on an R&D request must leave alone: every order and every lot. */
  const plantState = async () => ({
    orders: await queryRows(
      w.db,
      sql`select id::int, status, stage, hplc_status, version::int from production_orders
           order by id`,
    ),
    lots: await queryRows(
      w.db,
      sql`select id::int, status, version::int from stock_lots order by id`,
    ),
  });

  beforeAll(async () => {
    w = await startRdWorld('pglite');
    const [category] = await queryRows<{ id: number }>(
      w.db,
      sql`select id::int from hplc_categories where code = 'freebase'`,
    );
    freebase = category!.id;
  });
  afterEach(() => disconnectEchoes());
  afterAll(async () => {
    await w?.t.close();
  });

  it('sends without HPLC as before: no request is raised', async () => {
    const s = await preparedSample('No lab', 3, freebase);
    const sent = await w.event('rd_quality_control', SAMPLES, s, 'send');
    expect(sent.status).toBe('sent');
    expect(await sampleRequests(s.id)).toEqual([]);
  });

  it('refuses HPLC without the HPLC category, and the send with it: nothing written', async () => {
    const s = await preparedSample('No category', 3, null);
    const refused = await send('rd_quality_control', 'POST', `${SAMPLES}/${s.id}/events/send`, {
      version: s.version,
      hplc: true,
    });
    expect(refused.httpStatus).toBe(422);
    expect(Object.keys(refused.data as object)).toEqual(['hplc_category_id']);
    const after = await read(SAMPLES, s.id);
    expect(after).toMatchObject({ status: 'prepared', version: s.version });
    expect(await sampleRequests(s.id)).toEqual([]);
  });

  it('only quality control sends, and hplc belongs to send only', async () => {
    const s = await preparedSample('Wrong hands', 3, freebase);
    const flavorist = await send('rd_flavorist', 'POST', `${SAMPLES}/${s.id}/events/send`, {
      version: s.version,
      hplc: true,
    });
    expect(flavorist.httpStatus).toBe(403);
    const tech = await send('hplc_tech', 'POST', `${SAMPLES}/${s.id}/events/send`, {
      version: s.version,
      hplc: true,
    });
    expect(tech.httpStatus).toBe(403);
    expect(await sampleRequests(s.id)).toEqual([]);
    const sent = await w.event('rd_quality_control', SAMPLES, s, 'send');
    const wrongEvent = await send(
      'rd_quality_control',
      'POST',
      `${SAMPLES}/${s.id}/events/start_evaluation`,
      { version: sent.version, hplc: true },
    );
    expect(wrongEvent.httpStatus).toBe(422);
    expect(wrongEvent.data).toEqual({ hplc: 'in' });
    expect((await read(SAMPLES, s.id)).status).toBe('sent');
    expect(await sampleRequests(s.id)).toEqual([]);
  });

  it('sends with HPLC: request no. 1 of the sample, reason rd, in the lab queue', async () => {
    const s = await preparedSample('Lab bound', 6, freebase);
    // The lab hears of it on its channel, as it hears of a batch's request.
    const echo = await connectEcho(w.t.url, (await w.api('hplc_tech')).token);
    const channel = echo.private(HPLC_REQUESTS.channel.replace(/^private-/, ''));
    await subscribed(channel);
    const heard = waitFor(
      new Promise<{ id: number; rd_sample_id: number }>((resolve) =>
        channel.listen('.hplc.requested', resolve),
      ),
      'hplc.requested',
    );
    const sent = await w.event('rd_quality_control', SAMPLES, s, 'send', { hplc: true });
    expect(sent.status).toBe('sent');
    const requests = await sampleRequests(s.id);
    expect(requests.map(({ id: _id, ...rest }) => rest)).toEqual([
      { reason: 'rd', sample_no: 1, product_id: null, lot_id: null },
    ]);
    const queue = await (
      await w.api('hplc_tech')
    ).get<List>(HPLC, {
      filter: [
        {
          field: 'rd_sample_number',
          field_type: 'text',
          filters: [{ operator: 'equals', value: String(s.number) }],
        },
      ],
    });
    expect(queue.httpStatus).toBe(200);
    expect(queue.data.rows).toHaveLength(1);
    expect(queue.data.rows[0]).toMatchObject({
      rd_sample_id: s.id,
      rd_sample_number: s.number,
      production_order_id: null,
      status: 'requested',
      reason: 'rd',
    });
    expect(String(queue.data.rows[0]!.number)).toMatch(/^HR-/);
    expect(await heard).toEqual({ id: queue.data.rows[0]!.id, rd_sample_id: s.id });
  });

  it('only the hplc_tech enters the result; judged against the category, orders and lots untouched', async () => {
    const failing = await preparedSample('Weak batch', 6, freebase);
    await w.event('rd_quality_control', SAMPLES, failing, 'send', { hplc: true });
    const passing = await preparedSample('Right on', 6, freebase);
    await w.event('rd_quality_control', SAMPLES, passing, 'send', { hplc: true });
    const [low] = await sampleRequests(failing.id);
    const [good] = await sampleRequests(passing.id);
    const before = await plantState();

    for (const user of ['rd_quality_control', 'qa_manager', 'rd_supervisor']) {
      const refused = await send(user, 'POST', `${HPLC}/${good!.id}/result`, { measured_mg: 6 });
      expect(refused.httpStatus, user).toBe(403);
    }
    expect((await read(HPLC, good!.id)).status).toBe('requested');

    const passed = await send('hplc_tech', 'POST', `${HPLC}/${good!.id}/result`, {
      measured_mg: 6.12,
    });
    expect(passed.httpStatus, JSON.stringify(passed.data)).toBe(200);
    expect(passed.data).toMatchObject({
      status: 'passed',
      passed: 1,
      nominal_mg: 6,
      measured_mg: 6.12,
      percent_of_claim: 102,
      min_pct: 90,
      max_pct: 110,
    });
    const failed = await send('hplc_tech', 'POST', `${HPLC}/${low!.id}/result`, {
      measured_mg: 5.1,
    });
    expect(failed.data).toMatchObject({ status: 'failed', passed: 0, percent_of_claim: 85 });
    // A second result on the same request is refused.
    const again = await send('hplc_tech', 'POST', `${HPLC}/${good!.id}/result`, {
      measured_mg: 6,
    });
    expect(again.httpStatus).toBe(422);

    expect(await plantState()).toEqual(before);
    // The samples themselves stay where quality control sent them.
    expect((await read(SAMPLES, passing.id)).status).toBe('sent');
  });

  it('judges a nicotine-free sample against the zero-nicotine limit', async () => {
    const s = await preparedSample('Zero nic', 0, freebase);
    await w.event('rd_quality_control', SAMPLES, s, 'send', { hplc: true });
    const [request] = await sampleRequests(s.id);
    const result = await send('hplc_tech', 'POST', `${HPLC}/${request!.id}/result`, {
      measured_mg: 0.05,
    });
    expect(result.data).toMatchObject({ passed: 1, nominal_mg: 0, percent_of_claim: null });
  });

  it('the samples report shows each sample’s HPLC result and the pass rate per category', async () => {
    const s = await preparedSample('Reported', 3, freebase);
    await w.event('rd_quality_control', SAMPLES, s, 'send', { hplc: true });
    const [request] = await sampleRequests(s.id);
    await send('hplc_tech', 'POST', `${HPLC}/${request!.id}/result`, { measured_mg: 2.97 });
    const report = await (await w.api('hplc_tech')).get<RdSamplesReport>('/api/rd/reports/samples');
    expect(report.httpStatus).toBe(200);
    const row = report.data.results.find((r) => r.id === s.id);
    expect(row).toMatchObject({
      hplc_request_id: request!.id,
      hplc_status: 'passed',
      hplc_measured_mg: 2.97,
      hplc_percent_of_claim: 99,
      hplc_passed: 1,
    });
    const rate = report.data.hplc_pass_rate.find((r) => r.category === 'Freebase nicotine');
    const [counted] = await queryRows<{ tested: number; passed: number }>(
      w.db,
      sql`select count(*)::int as tested, (count(*) filter (where res.passed))::int as passed
           from hplc_results res join hplc_requests r on r.id = res.hplc_request_id
           where r.rd_sample_id is not null and res.hplc_category_id = ${freebase}`,
    );
    expect(rate).toEqual({
      category: 'Freebase nicotine',
      tested: counted!.tested,
      passed: counted!.passed,
      pass_rate_pct: Math.round((1000 * counted!.passed) / counted!.tested) / 10,
    });
    expect(counted!.tested).toBeGreaterThanOrEqual(3);
    // The plant's HPLC report leaves the sample's result out; the lab's results list keeps it.
    const byRequest = {
      filter: [
        {
          field: 'hplc_request_id',
          field_type: 'number',
          filters: [{ operator: 'equals', value: String(request!.id) }],
        },
      ],
    };
    const lab = await w.api('hplc_tech');
    const plant = await lab.get<List>('/api/production/reports/hplc-report', byRequest);
    const results = await lab.get<List>('/api/production/hplc-results', byRequest);
    expect([plant.httpStatus, results.httpStatus]).toEqual([200, 200]);
    expect(plant.data.rows).toEqual([]);
    expect(results.data.rows).toHaveLength(1);
  });
});
