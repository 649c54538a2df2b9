import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config.ts';
import { SIMULATOR_FLOWS } from '../../server/db/demo/demo-production.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { seededRandom } from '../../server/simulate/crew-context.ts';
import {
  startPlantSimulator,
  type PlantSimulator,
  type SimulatorStats,
} from '../../server/simulate/plant-simulator.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type Row } from '../support/entity-crud.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// The plant simulator (server/simulate) against a real server with the demo plant: driven by
// tick() with a fixed seed, it plans orders and works them through every stage of the
// to-transfer flow over HTTP, writing the ledger as people would; it recovers from a version
// changed underneath it; stopped, it leaves nothing running.

type Done = {
  id: number;
  number: string;
  status: string;
  volume_ml: number;
  actual_batch_ml: number;
  bottled_units: number;
  bottling_waste_units: number;
  labeled_units: number;
  label_waste_units: number;
  stamped_units: number;
  stamping_waste_units: number;
  flow: string;
  stage: string | null;
  transferred_units: number;
  batch_lot_id: number;
  product_id: number;
};

/** The runs tick until something rare was seen (bounded): on a loaded machine, a while. */
const TICKING = 120_000;

describe.each(backends())('plant simulator on %s', (backend) => {
  let t: TestServer;
  let sim: PlantSimulator;
  const db = () => t.server.database.db;
  const transitions = async () =>
    (
      await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from status_transitions where entity_type = 'production_orders'`,
      )
    )[0]!.n;
  const simOrders = (statuses: string[]) =>
    queryRows<Done>(
      db(),
      sql`select o.id::int as id, o.number, o.status, p.volume_ml::float8 as volume_ml,
                 o.actual_batch_ml::float8 as actual_batch_ml, o.bottled_units::int as bottled_units,
                 o.bottling_waste_units::int as bottling_waste_units,
                 o.labeled_units::int as labeled_units, o.label_waste_units::int as label_waste_units,
                 o.stamped_units::int as stamped_units,
                 o.stamping_waste_units::int as stamping_waste_units, f.code as flow, o.stage, o.transferred_units::int as transferred_units,
                 o.batch_lot_id::int as batch_lot_id, o.product_id::int as product_id
            from production_orders o
            join flows f on f.id = o.flow_id
            join products p on p.id = o.product_id
           where f.code in (${SIMULATOR_FLOWS.unstamped.code}, ${SIMULATOR_FLOWS.stamped.code})
             and o.status in (${sql.join(
               statuses.map((s) => sql`${s}`),
               sql`, `,
             )})
           order by o.id`,
    );

  beforeAll(async () => {
    // The server's own simulator is on, paced so slowly that only the tests' ticks count.
    t = await startTestServer({
      backend,
      env: { PLANTLINE_SIMULATE: '1', PLANTLINE_SIMULATE_PACE_MS: '3600000' },
    });
    sim = startPlantSimulator({
      baseUrl: t.url,
      paceMs: 0,
      seed: 7,
      autoTick: false,
      openOrders: 3,
    });
  });
  afterAll(async () => {
    await sim?.stop();
    await t?.close();
  });

  it('is off unless asked, and the server starts and stops its own when it is', async () => {
    expect(loadConfig({}).PLANTLINE_SIMULATE).toBe(false);
    expect(loadConfig({}).PLANTLINE_SIMULATE_PACE_MS).toBe(3000);
    expect(() => loadConfig({ PLANTLINE_SIMULATE_PACE_MS: '5' })).toThrow(
      /PLANTLINE_SIMULATE_PACE_MS/,
    );
    const own = t.server.simulator;
    expect(own).not.toBeNull();
    expect(own!.stats().scheduled).toBe(true);
    await own!.stop();
    expect(own!.stats()).toMatchObject({ scheduled: false, ticks: 0 });
  });

  it('repeats itself for a seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(first.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(new Set(first).size).toBe(5);
  });

  it(
    'plans orders and works them through every stage, keeping the ledger whole',
    async () => {
      // The demo's own finished orders (the traced lot's) are not the simulator's work.
      const seeded = new Set((await simOrders(['completed', 'closed'])).map((o) => o.id));
      for (let i = 0; i < 120 && sim.stats().ordersCompleted < 3; i += 1) await sim.tick();
      const stats = sim.stats();
      expect(stats.ordersCompleted, JSON.stringify(stats)).toBeGreaterThanOrEqual(3);
      expect(stats.ordersPlanned).toBeGreaterThanOrEqual(3);
      expect(stats.open).toBeLessThanOrEqual(3);
      expect(stats.tracked).toBeLessThanOrEqual(9);
      expect(stats.hplcPassed).toBeGreaterThanOrEqual(3);
      expect(stats.refused.forbidden + stats.refused.other, JSON.stringify(stats)).toBe(0);

      // Every HPLC request of a finished batch has its result, judged by the server.
      const tests = await queryRows<{ requests: number; results: number }>(
        db(),
        sql`select count(*)::int as requests, count(r.id)::int as results
            from hplc_requests q left join hplc_results r on r.hplc_request_id = q.id
            join production_orders o on o.id = q.production_order_id
           where o.status in ('completed', 'closed')`,
      );
      expect(tests[0]!.requests).toBeGreaterThanOrEqual(3);
      expect(tests[0]!.results).toBe(tests[0]!.requests);

      const done = (await simOrders(['completed', 'closed'])).filter((o) => !seeded.has(o.id));
      expect(done.length).toBe(stats.ordersCompleted);
      for (const o of done) {
        // Stamped goods leave as stamped units, the others as labeled units: on a transfer,
        // whose receipt completed the order.
        const stamped = o.flow === SIMULATOR_FLOWS.stamped.code;
        const finished = stamped ? o.stamped_units : o.labeled_units;
        expect([o.stage, o.transferred_units], o.number).toEqual(['transferred', finished]);
        // Conservation (docs/domain/README.md §13): nothing labeled that was not bottled, nothing
        // stamped that was not labeled, nothing bottled that the batch did not hold.
        expect(o.bottled_units, o.number).toBeGreaterThanOrEqual(
          o.labeled_units + o.label_waste_units,
        );
        if (stamped) {
          expect(o.labeled_units, o.number).toBe(o.stamped_units + o.stamping_waste_units);
        }
        expect((o.bottled_units + o.bottling_waste_units) * o.volume_ml).toBeLessThanOrEqual(
          o.actual_batch_ml,
        );
        const moves = await queryRows<{
          movement_type: string;
          qty: number;
          lot_id: number;
          product_id: number;
        }>(
          db(),
          sql`select movement_type, qty::float8 as qty, lot_id::int as lot_id, product_id::int as product_id
              from stock_movements where source_type = 'production_orders' and source_id = ${o.id}`,
        );
        const sum = (keep: (m: (typeof moves)[number]) => boolean) =>
          moves.filter(keep).reduce((s, m) => s + m.qty, 0);
        expect(
          sum((m) => m.movement_type === 'produce' && m.lot_id === o.batch_lot_id),
        ).toBeCloseTo(o.actual_batch_ml, 3);
        expect(
          sum((m) => m.movement_type === 'consume' && m.lot_id === o.batch_lot_id),
        ).toBeCloseTo(-(o.bottled_units + o.bottling_waste_units) * o.volume_ml, 3);
        expect(sum((m) => m.movement_type === 'produce' && m.product_id === o.product_id)).toBe(
          finished,
        );
        expect(
          sum((m) => m.movement_type === 'consume' && m.lot_id !== o.batch_lot_id),
        ).toBeLessThan(0);
      }
    },
    TICKING,
  );

  it(
    'plans stamped goods on the stamped flow, stamps them with reconciled reels and ships them',
    async () => {
      const stampedDone = async () =>
        (await simOrders(['completed', 'closed'])).filter(
          (o) => o.flow === SIMULATOR_FLOWS.stamped.code,
        );
      for (let i = 0; i < 150 && (await stampedDone()).length === 0; i += 1) await sim.tick();
      const [order] = await stampedDone();
      expect(order, JSON.stringify(sim.stats())).toBeDefined();
      expect(sim.stats().ordersStamped).toBeGreaterThanOrEqual(1);
      const [product] = await queryRows<{ requires_stamp: boolean }>(
        db(),
        sql`select requires_stamp from products where id = ${order!.product_id}`,
      );
      expect(product!.requires_stamp).toBe(true);
      // Its stamping order finished with every reel reconciled (docs/domain/README.md §13.5).
      const reels = await queryRows<{ status: string; ok: boolean }>(
        db(),
        sql`select o.status, l.issued_qty = l.applied + l.wasted + l.damaged + l.returned as ok
            from product_stamping_orders o
            join stamping_order_reels l on l.stamping_order_id = o.id
           where o.production_order_id = ${order!.id}`,
      );
      expect(reels.length).toBeGreaterThan(0);
      expect(reels.every((r) => r.status === 'finished' && r.ok)).toBe(true);
    },
    TICKING,
  );

  it(
    'reads an order again when its version changed underneath, and carries on',
    async () => {
      const before = sim.stats();
      let stale = before.refused.stale;
      for (let i = 0; i < 10 && stale === before.refused.stale; i += 1) {
        // Someone else saves every order on the floor between the simulator's read and its step.
        await db().execute(sql`update production_orders o set updated_at = now()
        from flows f where f.id = o.flow_id
          and f.code in (${SIMULATOR_FLOWS.unstamped.code}, ${SIMULATOR_FLOWS.stamped.code})
          and o.status in ('draft', 'pending_approval', 'approved', 'released', 'in_progress', 'on_hold', 'completed')`);
        await sim.tick();
        stale = sim.stats().refused.stale;
      }
      expect(stale).toBeGreaterThan(before.refused.stale);
      const moved = await transitions();
      const completed = sim.stats().ordersCompleted;
      for (let i = 0; i < 60 && sim.stats().ordersCompleted === completed; i += 1) await sim.tick();
      expect(await transitions()).toBeGreaterThan(moved);
      expect(sim.stats().ordersCompleted).toBeGreaterThan(completed);
    },
    TICKING,
  );

  it(
    'raises machine faults and maintenance fixes them',
    async () => {
      for (let i = 0; i < 150 && sim.stats().workOrdersCompleted < 1; i += 1) await sim.tick();
      const stats = sim.stats();
      expect(stats.workOrdersRaised, JSON.stringify(stats)).toBeGreaterThanOrEqual(1);
      expect(stats.workOrdersCompleted).toBeGreaterThanOrEqual(1);
      const fixed = await queryRows<{ status: string; machine_down: boolean; resolution: string }>(
        db(),
        sql`select status, machine_down, resolution from work_orders
           where description like '%(plant simulator)' and status = 'completed'`,
      );
      expect(fixed.length).toBe(stats.workOrdersCompleted);
      expect(fixed.every((w) => w.machine_down && w.resolution.length > 0)).toBe(true);
    },
    TICKING,
  );

  it(
    'over the run, failed HPLC tests were retested, wrong labels caught and orders held',
    async () => {
      const followUps = async () =>
        (
          await queryRows<{ retests: number; holds: number; resumes: number }>(
            db(),
            sql`select (select count(*) from hplc_requests where reason = 'retest')::int as retests,
                     count(*) filter (where event = 'hold')::int as holds,
                     count(*) filter (where event = 'resume')::int as resumes
                from status_transitions where entity_type = 'production_orders'`,
          )
        )[0]!;
      // Each is a one-in-ten event, and its follow-up (a retest, a resume) a tick or more later:
      // the run goes on until each was seen (bounded).
      const seen = async (s: SimulatorStats) => {
        if (!(s.hplcFailed > 0 && s.labelChecksFailed > 0 && s.holds > 0)) return false;
        const f = await followUps();
        return f.retests > 0 && f.resumes > 0;
      };
      for (let i = 0; i < 200 && !(await seen(sim.stats())); i += 1) await sim.tick();
      const stats = sim.stats();
      expect(stats.hplcFailed, JSON.stringify(stats)).toBeGreaterThanOrEqual(1);
      expect(stats.labelChecksFailed).toBeGreaterThanOrEqual(1);
      expect(stats.holds).toBeGreaterThanOrEqual(1);
      const events = await followUps();
      expect(events.retests).toBeGreaterThanOrEqual(1);
      expect(events.holds).toBe(stats.holds);
      expect(events.resumes).toBeGreaterThanOrEqual(1);
      // Every refusal was one a busy plant gives (stale or a rule), never a role or a crash.
      expect(stats.refused.forbidden + stats.refused.other).toBe(0);

      // The labeler scans the lot with the UPC, as the label check form takes them: every
      // passing check read the order's batch lot, and each failure says what did not match.
      const checks = await queryRows<{
        result: string;
        lot_no_scanned: string | null;
        batch_lot: string;
        reason: string | null;
      }>(
        db(),
        sql`select c.result, c.lot_no_scanned, coalesce(l.lot_no, o.number) as batch_lot, c.reason
            from label_checks c
            join production_orders o on o.id = c.production_order_id
            join flows f on f.id = o.flow_id
            left join stock_lots l on l.id = o.batch_lot_id
           where f.code in (${SIMULATOR_FLOWS.unstamped.code}, ${SIMULATOR_FLOWS.stamped.code})`,
      );
      expect(checks.length).toBeGreaterThan(0);
      expect(checks.filter((c) => c.lot_no_scanned === null)).toEqual([]);
      const passed = checks.filter((c) => c.result === 'pass');
      expect(passed.length).toBeGreaterThan(0);
      expect(passed.filter((c) => c.lot_no_scanned !== c.batch_lot)).toEqual([]);
      const failed = checks.filter((c) => c.result === 'fail');
      expect(failed.length).toBe(stats.labelChecksFailed);
      for (const c of failed) expect(c.reason).toMatch(/^Scanned (UPC|lot) /);
    },
    TICKING,
  );

  it('leaves an order a person held to the people', async () => {
    const supervisor = entityClient(t.url, await tokenFor(t.url, 'supervisor_production'));
    const [order] = await simOrders(['released', 'in_progress']);
    const path = `/api/production/production-orders/${order!.id}`;
    const current = async () => (await supervisor.get<Row>(path)).data;
    const held = await supervisor.send<Row>('POST', `${path}/events/hold`, {
      version: (await current()).version,
      reason: 'Waiting for the flavourist',
    });
    expect(held.httpStatus).toBe(200);
    for (let i = 0; i < 8; i += 1) await sim.tick();
    expect((await current()).status).toBe('on_hold');
    const resumed = await supervisor.send<Row>('POST', `${path}/events/resume`, {
      version: (await current()).version,
    });
    expect(resumed.httpStatus).toBe(200);
  });

  it('stops between ticks and leaves no timer behind', async () => {
    const paced = startPlantSimulator({ baseUrl: t.url, paceMs: 1, seed: 3, openOrders: 1 });
    expect(paced.stats().scheduled).toBe(true);
    // Wait for the timer's ticks by polling the count (no assertion on time).
    for (let i = 0; i < 1000 && paced.stats().ticks < 3; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(paced.stats().ticks).toBeGreaterThanOrEqual(3);
    await paced.stop();
    const after = paced.stats();
    expect(after.scheduled).toBe(false);
    await paced.tick();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(paced.stats().ticks).toBe(after.ticks);
  });
});
