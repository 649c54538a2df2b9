import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import type { Db } from '../server/db/client.ts';
import { queryRows } from '../server/db/query-rows.ts';
import { traceLot, type TracePhaseTimings } from '../server/db/stock/lot-trace.ts';
import { walkSql } from '../server/db/stock/lot-trace-walk.ts';
import { TRACE_API, type Trace } from '../src/domain/entities/stock/lot-trace.ts';
import { startBenchServer } from './bench-server.ts';
import { logIn } from './driver-vs-http.ts';
import { envInt, ratio, summarize, type LatencySummary } from './sample-stats.ts';

// A lot with 10,000 descendants traced forward: one raw lot consumed by 100
// production orders, each making a batch that 99 more orders turn into finished lots (100 +
// 9,900 lots, 10,000 orders, 20,000 movements), seeded into the demo ledger in one statement
// each. Measured three ways on the same database in the same run, interleaved: the walk's
// recursive CTE alone through the driver (baseline), the whole trace service (walk, the
// records hung on the lots, labels, people, layers), and GET /api/inventory/trace over HTTP.
// The goal is the service under a second; the ratios say what the picture adds to the walk.

export interface TraceOptions {
  batches: number;
  perBatch: number;
  rounds: number;
}

export interface TraceResult {
  options: TraceOptions;
  descendants: number;
  nodes: number;
  edges: number;
  seedSeconds: number;
  runs: { walk: LatencySummary; service: LatencySummary; http: LatencySummary };
  /** Each phase of the service (seeds, walk, flows, …, people, layers) over the rounds. */
  phases: Record<string, LatencySummary>;
  ratios: { serviceP50: number; httpP50: number };
}

export function traceOptionsFromEnv(): TraceOptions {
  return {
    batches: envInt('BENCH_TRACE_BATCHES', 100, 5),
    perBatch: envInt('BENCH_TRACE_PER_BATCH', 99, 5),
    rounds: envInt('BENCH_TRACE_ROUNDS', 15, 2),
  };
}

/** The raw lot and its genealogy; answers the raw lot's id. */
export async function seedTraceGenealogy(
  db: Db,
  { batches, perBatch }: TraceOptions,
): Promise<number> {
  const [ids] = await queryRows<{ product: number; location: number }>(
    db,
    sql`select (select id::int from products where type = 'finished_good' order by id limit 1) as product,
               (select id::int from locations where type = 'production' order by id limit 1) as location`,
  );
  const product = Number(ids?.product);
  const location = Number(ids?.location);
  // Lot n: 0 the raw lot, 1..batches the batches, then perBatch finished lots per batch.
  const total = 1 + batches + batches * perBatch;
  await db.execute(sql`
    insert into stock_lots (product_id, lot_no, source, status)
    select ${product}::bigint, 'BENCH-' || n, 'production', 'released' from generate_series(0, ${total - 1}::int) n`);
  const [first] = await queryRows<{ id: number }>(
    db,
    sql`select id::int as id from stock_lots where lot_no = 'BENCH-0' and product_id = ${product}`,
  );
  const raw = Number(first?.id);
  // Order d (0-based) consumes lot parent(d) and produces lot d + 1: the first `batches`
  // orders use the raw lot, the rest each use their batch. Ids are contiguous from `raw`.
  const orders = batches + batches * perBatch;
  const parent = sql`case when d < ${batches}::int then 0 else 1 + (d - ${batches}::int) / ${perBatch}::int end`;
  await db.execute(sql`
    insert into stock_movements
      (product_id, lot_id, location_id, qty, balance_after, movement_type, source_type, source_id)
    select ${product}::bigint, ${raw}::bigint + ${parent}, ${location}::bigint, -1, 0, 'consume', 'production_orders', 9000000 + d
      from generate_series(0, ${orders - 1}::int) d
    union all
    select ${product}::bigint, ${raw}::bigint + d + 1, ${location}::bigint, 10, 0, 'produce', 'production_orders', 9000000 + d
      from generate_series(0, ${orders - 1}::int) d`);
  await db.execute(sql`analyze stock_movements`);
  return raw;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export async function runTraceBench(options: TraceOptions): Promise<TraceResult> {
  const server = await startBenchServer();
  try {
    const db = server.database.db;
    const s0 = performance.now();
    const raw = await seedTraceGenealogy(db, options);
    const seedSeconds = (performance.now() - s0) / 1000;
    const token = await logIn(server.url, 'qa_manager');
    const url = `${server.url}${TRACE_API}?from=lot:${raw}&direction=forward`;
    const walk = walkSql('forward', { lots: [raw], docs: [] });
    const samples = { walk: [] as number[], service: [] as number[], http: [] as number[] };
    const phaseSamples = new Map<string, number[]>();
    let trace: Trace | null = null;
    // One warm-up of each, then rounds interleaved so load on the machine hits all three alike.
    for (let round = -1; round < options.rounds; round += 1) {
      const w = await timed(() => db.execute(walk));
      const phases: TracePhaseTimings = {};
      const s = await timed(async () => {
        trace = await traceLot(db, { kind: 'lot', id: raw }, 'forward', phases);
      });
      const h = await timed(async () => {
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        if (!res.ok) throw new Error(`GET ${TRACE_API} answered ${res.status}`);
        await res.arrayBuffer();
      });
      if (round < 0) continue;
      samples.walk.push(w);
      samples.service.push(s);
      samples.http.push(h);
      for (const [phase, ms] of Object.entries(phases)) {
        phaseSamples.set(phase, [...(phaseSamples.get(phase) ?? []), ms]);
      }
    }
    const runs = {
      walk: summarize(samples.walk),
      service: summarize(samples.service),
      http: summarize(samples.http),
    };
    const found = trace as Trace | null;
    return {
      options,
      descendants: options.batches + options.batches * options.perBatch,
      nodes: found?.nodes.length ?? 0,
      edges: found?.edges.length ?? 0,
      seedSeconds,
      runs,
      phases: Object.fromEntries([...phaseSamples].map(([p, ms]) => [p, summarize(ms)])),
      ratios: {
        serviceP50: ratio(runs.service.p50Ms, runs.walk.p50Ms),
        httpP50: ratio(runs.http.p50Ms, runs.walk.p50Ms),
      },
    };
  } finally {
    await server.close();
  }
}
