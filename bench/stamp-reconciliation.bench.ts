import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { STAMP_RECONCILIATION_API } from '../src/domain/entities/production/stamp-reconciliation.ts';
import { monthFigures } from '../server/db/stamp-reels/month-figures.ts';
import { queryRows } from '../server/db/query-rows.ts';
import { type LoadResult, combine, measure } from './http-load.ts';
import { type Target, inRounds, logIn } from './driver-vs-http.ts';
import { envInt, ratio } from './sample-stats.ts';
import { startBenchServer } from './bench-server.ts';
import type { Row } from './bench-table.ts';

// The monthly stamp reconciliation (docs/domain/production.md "Monthly stamp reconciliation")
// over a year of reel movements: REELS reels received through 2025 across the demo's
// jurisdictions, each issued to a stamping order of its own that applies, wastes and damages its
// stamps within days: five ledger rows a reel, written by the database itself, so a month
// lists the few hundred reels that moved in it. The target is a month
// through HTTP as stamp inventory reads it (the figures, the counts, the envelope), every month
// of the year in turn, against the same derivation (monthFigures) called in the same process.
// The goal is a month in 200 ms at p99.

export const RECONCILIATION_GOAL_P99_MS = 200;
const YEAR = 2025;

export interface ReconciliationBenchOptions {
  reels: number;
  rounds: number;
  requests: number;
  seconds: number;
  warmup: number;
}

export interface ReconciliationBenchResult {
  options: ReconciliationBenchOptions;
  seedSeconds: number;
  movements: number;
  runs: { figures: LoadResult; month: LoadResult };
  ratios: { requestsPerSecond: number; latencyP50: number; latencyP99: number };
  met: boolean;
}

export function reconciliationOptionsFromEnv(): ReconciliationBenchOptions {
  return {
    reels: envInt('BENCH_RECON_REELS', 6_000, 240),
    rounds: envInt('BENCH_ROUNDS', 4, 2),
    requests: envInt('BENCH_RECON_REQUESTS', 1_000, 24),
    seconds: envInt('BENCH_RECON_SECONDS', 40, 3),
    warmup: envInt('BENCH_RECON_WARMUP', 12, 2),
  };
}

type Db = Parameters<typeof queryRows>[0];

/** `reels` reels over the year, each with its stamping order and five movements. */
export async function seedYear(db: Db, reels: number): Promise<number> {
  await db.execute(sql`
    with j as (select array_agg(p.id order by p.id) a from parameters p
                join parameter_types t on t.id = p.parameter_type_id where t.code = 'stamp_jurisdiction'),
         ty as (select min(p.id) id from parameters p
                join parameter_types t on t.id = p.parameter_type_id where t.code = 'stamp_type')
    insert into stamp_reels (reel_no, stamp_jurisdiction_id, stamp_type_id, first_serial,
      last_serial, stamps_qty, received_at, status, remaining_qty)
    select 'BR-' || lpad(g::text, 7, '0'), j.a[1 + g % cardinality(j.a)], ty.id, g * 10000::bigint,
      g * 10000::bigint + 4999, 5000, make_date(${YEAR}, 1, 1) + (g * 365 / ${reels}), 'depleted', 0
    from generate_series(1, ${reels}) g, j, ty`);
  await db.execute(sql`
    insert into product_stamping_orders (number, source_product_id, product_id, location_id,
      stamp_jurisdiction_id, machine_id, planned_units, status, applied_stamps, wasted_stamps,
      damaged_stamps, returned_stamps, stamped_units)
    select 'BST-' || substr(r.reel_no, 4), p.id, p.id, l.id, r.stamp_jurisdiction_id, m.id, 4900,
      'finished', 4900, 80, 20, 0, 4900
    from stamp_reels r,
      (select min(id) id from products where type = 'finished_good') p,
      (select min(id) id from locations) l,
      (select min(id) id from machines) m
    where r.reel_no like 'BR-%'`);
  await db.execute(sql`
    insert into stamping_order_reels (stamping_order_id, reel_id, issued_qty, applied, wasted,
      damaged, returned)
    select o.id, r.id, 5000, 4900, 80, 20, 0
    from stamp_reels r join product_stamping_orders o on o.number = 'BST-' || substr(r.reel_no, 4)
    where r.reel_no like 'BR-%'`);
  await db.execute(sql`
    insert into reel_movements (reel_id, type, qty, stamping_order_id, created_at)
    select r.id, m.type, m.qty, case when m.type = 'receive' then null else o.id end,
      r.received_at + make_interval(days => m.day, hours => 14)
    from stamp_reels r join product_stamping_orders o on o.number = 'BST-' || substr(r.reel_no, 4),
      (values ('receive', 5000, 0), ('issue', 0, 1), ('apply', -4900, 2), ('waste', -80, 2),
              ('damage', -20, 2)) as m(type, qty, day)
    where r.reel_no like 'BR-%'`);
  for (const table of [
    'stamp_reels',
    'reel_movements',
    'product_stamping_orders',
    'stamping_order_reels',
  ]) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reel_movements`,
  );
  return count?.n ?? 0;
}

export async function runReconciliationBench(
  options: ReconciliationBenchOptions,
  log: (line: string) => void = console.log,
): Promise<ReconciliationBenchResult> {
  const server = await startBenchServer();
  try {
    const { db } = server.database;
    const seedStarted = performance.now();
    const movements = await seedYear(db, options.reels);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    log(
      `  seeded ${movements.toLocaleString('en-US')} reel movements in ${seedSeconds.toFixed(1)} s`,
    );
    const token = await logIn(server.url, 'stamp_inventory');
    let turn = 0;
    const next = () => `${YEAR}-${String((turn++ % 12) + 1).padStart(2, '0')}`;
    const targets: Target[] = [
      {
        label: 'figures',
        segments: [],
        run: (bounds) =>
          measure(async () => (await monthFigures(db, next())).length > 0, {
            ...bounds,
            concurrency: 1,
          }),
      },
      {
        label: 'month',
        segments: [],
        run: (bounds) =>
          measure(
            async () => {
              const res = await fetch(`${server.url}${STAMP_RECONCILIATION_API}/${next()}`, {
                headers: { authorization: `Bearer ${token}` },
              });
              const body = (await res.json()) as { data?: { rows?: unknown[] } };
              return res.ok && (body.data?.rows?.length ?? 0) > 0;
            },
            { ...bounds, concurrency: 1 },
          ),
      },
    ];
    await inRounds(targets, options);
    const [figures, month] = targets.map((t) => combine(t.segments)) as [LoadResult, LoadResult];
    return {
      options,
      seedSeconds,
      movements,
      runs: { figures, month },
      ratios: {
        requestsPerSecond: ratio(month.requestsPerSecond, figures.requestsPerSecond),
        latencyP50: ratio(month.latency.p50Ms, figures.latency.p50Ms),
        latencyP99: ratio(month.latency.p99Ms, figures.latency.p99Ms),
      },
      met: month.latency.p99Ms <= RECONCILIATION_GOAL_P99_MS,
    };
  } finally {
    await server.close();
  }
}

export function reconciliationBenchRows(result: ReconciliationBenchResult): Row[] {
  const { figures, month } = result.runs;
  const note = (r: LoadResult) =>
    `${r.requests} reads${r.failures > 0 ? `, ${r.failures} FAILED` : ''}`;
  return [
    {
      target: "a month's figures derived in process (baseline)",
      rate: figures.requestsPerSecond,
      unit: 'months/s',
      latency: figures.latency,
      rateRatio: NaN,
      p50Ratio: NaN,
      p99Ratio: NaN,
      note: note(figures),
    },
    {
      target: 'GET stamp-reconciliations/:month (each month of the year in turn)',
      rate: month.requestsPerSecond,
      unit: 'months/s',
      latency: month.latency,
      rateRatio: result.ratios.requestsPerSecond,
      p50Ratio: result.ratios.latencyP50,
      p99Ratio: result.ratios.latencyP99,
      note: `${note(month)}; p99 ${result.met ? 'met' : 'MISSED'} (goal ${RECONCILIATION_GOAL_P99_MS} ms)`,
    },
  ];
}
