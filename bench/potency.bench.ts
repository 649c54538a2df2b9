import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import {
  CHART_SUBJECTS,
  POTENCY_API,
  type ChartSubject,
} from '../src/domain/entities/production/potency-chart-values.ts';
import { potencyRows } from '../server/db/production/potency-points.ts';
import { queryRows } from '../server/db/query-rows.ts';
import { type LoadResult, combine, measure } from './http-load.ts';
import { type ListBackend, type Target, inRounds, logIn, onBenchServer } from './driver-vs-http.ts';
import { envInt, ratio } from './sample-stats.ts';
import type { Row } from './bench-table.ts';

// Potency control charts (docs/domain/production.md "Potency control charts") over RESULTS HPLC
// results: closed batches of the demo's finished goods, each with its batching step (one of the
// three batchers) and one result, written by the database itself. The target is the chart through
// HTTP as the QA manager reads it (a product's, a recipe's or a batcher's in turn: the SQL, the
// Westgard judgement, the envelope), against the same read of its rows straight from the
// database in the same process. The goal is a chart in 200 ms at p99. On PGlite, and on a fresh
// PostgreSQL database too when DATABASE_URL is set (run.ts).

export const POTENCY_GOAL_P99_MS = 200;

export interface PotencyOptions {
  results: number;
  rounds: number;
  requests: number;
  seconds: number;
  warmup: number;
}

export interface PotencyResult {
  backend: ListBackend;
  options: PotencyOptions;
  seedSeconds: number;
  results: number;
  runs: { rows: LoadResult; chart: LoadResult };
  ratios: { requestsPerSecond: number; latencyP50: number; latencyP99: number };
  met: boolean;
}

export function potencyOptionsFromEnv(): PotencyOptions {
  return {
    results: envInt('BENCH_POTENCY_RESULTS', 100_000, 2_000),
    rounds: envInt('BENCH_ROUNDS', 4, 2),
    requests: envInt('BENCH_POTENCY_REQUESTS', 2_000, 40),
    seconds: envInt('BENCH_POTENCY_SECONDS', 60, 4),
    warmup: envInt('BENCH_POTENCY_WARMUP', 20, 2),
  };
}

type Db = Parameters<typeof queryRows>[0];

/** `results` closed batches over the demo's goods with a nicotine claim, a result each. */
export async function seedPotencyResults(db: Db, results: number): Promise<number> {
  await db.execute(sql`
    with g as (select array_agg(id order by id) a from products
                where type = 'finished_good' and nicotine_mg > 0),
         r as (select array_agg(id order by id) a from recipes),
         f as (select min(id) id from flows)
    insert into production_orders (number, product_id, recipe_id, flow_id, planned_units,
      planned_ml, due_date, status, stage, hplc_status, actual_batch_ml)
    select 'PB-' || lpad(x::text, 7, '0'), g.a[1 + x % cardinality(g.a)],
      r.a[1 + x % cardinality(r.a)], f.id, 500, 15000, current_date, 'closed', 'transferred',
      'passed', 15000
    from generate_series(1, ${results}) x, g, r, f`);
  await db.execute(sql`
    insert into production_order_operations (production_order_id, seq, phase_id, assigned_to, status)
    select o.id, 1, (select id from phases where module = 'production' and code = 'batching'),
      (select array_agg(id order by id) from users
        where username in ('batcher', 'head_batcher', 'supervisor_batcher'))[1 + o.id % 3], 'done'
    from production_orders o where o.number like 'PB-%'`);
  await db.execute(sql`
    insert into hplc_requests (number, production_order_id, product_id, status)
    select 'HB-' || substr(o.number, 4), o.id, o.product_id, 'passed'
    from production_orders o where o.number like 'PB-%'`);
  await db.execute(sql`
    insert into hplc_results (hplc_request_id, nominal_mg, min_pct, max_pct, measured_mg,
      percent_of_claim, passed, tested_at)
    select q.id, 6, 90, 110, round((6 * p / 100)::numeric, 3), round(p::numeric, 3), true,
      now() - make_interval(mins => q.id::int)
    from hplc_requests q,
      lateral (select 100 + 3 * (random() + random() + random() + random() - 2) as p) v
    where q.number like 'HB-%'`);
  for (const table of [
    'production_orders',
    'production_order_operations',
    'hplc_requests',
    'hplc_results',
    'potency_points',
  ]) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from hplc_results`,
  );
  return count?.n ?? 0;
}

export async function runPotencyBench(
  options: PotencyOptions,
  backend: ListBackend = 'pglite',
  log: (line: string) => void = console.log,
): Promise<PotencyResult> {
  return onBenchServer(backend, 'plantline_bench_potency', async (server) => {
    const { db } = server.database;
    const seedStarted = performance.now();
    const results = await seedPotencyResults(db, options.results);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    log(`  seeded ${results.toLocaleString('en-US')} HPLC results in ${seedSeconds.toFixed(1)} s`);
    const subjects: { by: ChartSubject; id: number }[] = [];
    for (const by of CHART_SUBJECTS) {
      const column =
        by === 'product' ? 'o.product_id' : by === 'recipe' ? 'o.recipe_id' : 'p.assigned_to';
      const ids = await queryRows<{ id: number }>(
        db,
        sql`select distinct ${sql.raw(column)}::int as id from production_orders o
              join production_order_operations p on p.production_order_id = o.id
             where o.number like 'PB-%' limit 3`,
      );
      subjects.push(...ids.map(({ id }) => ({ by, id })));
    }
    const token = await logIn(server.url, 'qa_manager');
    let turn = 0;
    const next = () => subjects[turn++ % subjects.length]!;
    const targets: Target[] = [
      {
        label: 'rows',
        segments: [],
        run: (bounds) =>
          measure(
            async () => {
              const { by, id } = next();
              return (await potencyRows(db, by, id)).length > 0;
            },
            { ...bounds, concurrency: 1 },
          ),
      },
      {
        label: 'chart',
        segments: [],
        run: (bounds) =>
          measure(
            async () => {
              const { by, id } = next();
              const res = await fetch(`${server.url}${POTENCY_API}?by=${by}&id=${id}`, {
                headers: { authorization: `Bearer ${token}` },
              });
              const body = (await res.json()) as { data?: { points?: unknown[] } };
              return res.ok && (body.data?.points?.length ?? 0) > 0;
            },
            { ...bounds, concurrency: 1 },
          ),
      },
    ];
    await inRounds(targets, options);
    const [rows, chart] = targets.map((t) => combine(t.segments)) as [LoadResult, LoadResult];
    return {
      backend,
      options,
      seedSeconds,
      results,
      runs: { rows, chart },
      ratios: {
        requestsPerSecond: ratio(chart.requestsPerSecond, rows.requestsPerSecond),
        latencyP50: ratio(chart.latency.p50Ms, rows.latency.p50Ms),
        latencyP99: ratio(chart.latency.p99Ms, rows.latency.p99Ms),
      },
      met: chart.latency.p99Ms <= POTENCY_GOAL_P99_MS,
    };
  });
}

export function potencyBenchRows(result: PotencyResult): Row[] {
  const { rows, chart } = result.runs;
  const note = (r: LoadResult) =>
    `${r.requests} reads${r.failures > 0 ? `, ${r.failures} FAILED` : ''}`;
  return [
    {
      target: "a chart's rows straight from the database (baseline)",
      rate: rows.requestsPerSecond,
      unit: 'reads/s',
      latency: rows.latency,
      rateRatio: NaN,
      p50Ratio: NaN,
      p99Ratio: NaN,
      note: note(rows),
    },
    {
      target: 'GET potency-charts (product, recipe, batcher in turn)',
      rate: chart.requestsPerSecond,
      unit: 'charts/s',
      latency: chart.latency,
      rateRatio: result.ratios.requestsPerSecond,
      p50Ratio: result.ratios.latencyP50,
      p99Ratio: result.ratios.latencyP99,
      note: `${note(chart)}; p99 ${result.met ? 'met' : 'MISSED'} (goal ${POTENCY_GOAL_P99_MS} ms)`,
    },
  ];
}
