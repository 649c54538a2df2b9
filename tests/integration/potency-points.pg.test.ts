import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPotencyResults } from '../../bench/potency.bench.ts';
import type { Db } from '../../server/db/client.ts';
import { potencyRows, potencySubjects } from '../../server/db/production/potency-points.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import {
  CHART_SUBJECTS,
  CHART_WINDOW,
  POTENCY_API,
  type ChartSubject,
} from '../../src/domain/entities/production/potency-chart-values.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient } from '../support/entity-crud.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { driverClient, statementsOf } from '../support/watch-statements.ts';

// The potency charts read their points from potency_points (schema/potency-points.ts), which
// the database keeps by itself. Two things must hold: every chart is exactly the one the whole
// history gives (the newest CHART_WINDOW results with a % of claim of the subject's orders,
// joined and sorted as the charts were first read), also after an order's recipe changes and
// its batching step is reassigned or removed; and a chart's read takes its window off
// potency_points_chart_idx and stops, sorting nothing but the window (bench/potency.bench.ts
// measures the same read over 100,000 results).

const RESULTS = 2_000;
const HISTORY_TABLES = ['hplc_results', 'hplc_requests', 'production_orders', 'potency_points'];

/** The subject's orders as the charts first found them, on `o`. */
function subjectOf(by: ChartSubject, id: number) {
  if (by === 'product') return sql`o.product_id = ${id}`;
  if (by === 'recipe') return sql`o.recipe_id = ${id}`;
  return sql`o.id in (select p.production_order_id from production_order_operations p
      join phases h on h.id = p.phase_id and h.code = 'batching' where p.assigned_to = ${id})`;
}

/** A chart's result ids, oldest first, and its count of results, from the whole history. */
async function fromHistory(db: Db, by: ChartSubject, id: number) {
  const rows = await queryRows<{ id: number; results: number }>(
    db,
    sql`select s.id::int as id, (count(*) over ())::int as results from hplc_results s
          join hplc_requests q on q.id = s.hplc_request_id
          join production_orders o on o.id = q.production_order_id
         where s.percent_of_claim is not null and ${subjectOf(by, id)}
         order by s.tested_at desc, s.id desc`,
  );
  return {
    ids: rows
      .slice(0, CHART_WINDOW)
      .map((r) => r.id)
      .reverse(),
    results: rows[0]?.results ?? 0,
  };
}

describe.each(backends())('potency chart points on %s', (backend) => {
  let t: TestServer;
  let db: Db;
  beforeAll(async () => {
    t = await startTestServer({ backend });
    db = t.server.database.db;
    await seedPotencyResults(db, RESULTS);
  }, 300_000);
  afterAll(async () => t.close());

  /** Every chart of every subject, against the same chart from the whole history. */
  async function expectEveryChartAsHistory() {
    for (const by of CHART_SUBJECTS) {
      const subjects = await potencySubjects(db, by);
      expect(subjects.length, by).toBeGreaterThan(0);
      for (const { id, results } of subjects) {
        const drawn = (await potencyRows(db, by, id)).map((r) => r.result_id);
        expect({ ids: drawn, results }, `${by} ${id}`).toEqual(await fromHistory(db, by, id));
      }
    }
  }

  /** The seeded order with the newest result (tested `id` minutes ago), its batcher and another. */
  async function seededOrder() {
    const [order] = await queryRows<{ id: number; batcher: number; other: number }>(
      db,
      sql`select o.id::int as id, p.assigned_to::int as batcher,
            (select u.id::int from users u where u.username in ('batcher', 'head_batcher')
               and u.id <> p.assigned_to order by u.id limit 1) as other
          from production_orders o join production_order_operations p on p.production_order_id = o.id
         where o.number like 'PB-%' order by o.id limit 1`,
    );
    return order!;
  }

  it('draws every chart as the whole history does', async () => {
    await expectEveryChartAsHistory();
    const batchers = await potencySubjects(db, 'batcher');
    expect(batchers.reduce((n, s) => n + s.results, 0)).toBeGreaterThanOrEqual(RESULTS);
  });

  it("follows an order's new recipe and its batching step reassigned, then removed", async () => {
    const order = await seededOrder();
    const [recipe] = await queryRows<{ id: number }>(
      db,
      sql`select max(id)::int as id from recipes`,
    );
    await db.execute(
      sql`update production_orders set recipe_id = ${recipe!.id} where id = ${order.id}`,
    );
    await db.execute(sql`update production_order_operations set assigned_to = ${order.other}
                          where production_order_id = ${order.id}`);
    const ordersOf = async (by: ChartSubject, id: number) =>
      (await potencyRows(db, by, id)).map((r) => r.production_order_id);
    expect(await ordersOf('batcher', order.other)).toContain(order.id);
    expect(await ordersOf('batcher', order.batcher)).not.toContain(order.id);
    expect(await ordersOf('recipe', recipe!.id)).toContain(order.id);
    await expectEveryChartAsHistory();
    await db.execute(
      sql`delete from production_order_operations where production_order_id = ${order.id}`,
    );
    expect(await ordersOf('batcher', order.other)).not.toContain(order.id);
    await expectEveryChartAsHistory();
  });

  it("reads a chart's window off the chart index and sorts nothing but the window", async () => {
    const client = driverClient(db);
    const qa = entityClient(t.url, await tokenFor(t.url, 'qa_manager'));
    for (const by of CHART_SUBJECTS) {
      const [subject] = await potencySubjects(db, by);
      const statements = await statementsOf(db, () => qa.get(POTENCY_API, { by, id: subject!.id }));
      const chart = statements.find((s) => s.sql.includes('potency_points'));
      expect(chart, by).toBeDefined();
      // Decided: sorts and sequential scans are priced out (as list-plans.test.ts decides for
      // scans: a test-sized table is rightly read whole), so one left in the plan is one no
      // index can spare.
      await client.query('set enable_sort = off');
      await client.query('set enable_seqscan = off');
      const plan = (await client
        .query(`explain ${chart!.sql}`, chart!.params)
        .finally(() => client.query('reset all'))) as {
        rows: { 'QUERY PLAN': string }[];
      };
      const lines = plan.rows.map((r) => r['QUERY PLAN']);
      const limit = lines.findIndex((l) => l.includes('Limit'));
      expect(limit, lines.join('\n')).toBeGreaterThanOrEqual(0);
      const underLimit = lines.slice(limit);
      expect(
        underLimit.filter((l) => /\bSort\b/.test(l)),
        lines.join('\n'),
      ).toEqual([]);
      expect(underLimit.join('\n')).toMatch(/Index (Only )?Scan using potency_points_chart_idx/);
      expect(
        lines.filter((l) => HISTORY_TABLES.some((h) => l.includes(`Seq Scan on ${h}`))),
      ).toEqual([]);
    }
  });
});
