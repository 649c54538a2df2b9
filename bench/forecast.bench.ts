import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { generateForecast } from '../modules/forecast/server/db/generate-forecast.ts';
import { salesHistoryQuery } from '../modules/forecast/server/db/sales-history.ts';
import { queryRows } from '../server/db/query-rows.ts';
import { type LoadResult, combine, measure } from './http-load.ts';
import { type Target, driverQuery, inRounds } from './driver-vs-http.ts';
import { envInt, ratio } from './sample-stats.ts';
import { startBenchServer } from './bench-server.ts';

// Forecast generation (docs/domain/forecast.md §11) over a big sales history: SALES_LINES shipped
// lines on orders over the two years before HISTORY_END, from every demo customer and centre, over
// the demo's finished goods. The target generates a period from the last year of it (the
// history aggregate, the allocations written, the production plan computed) in a transaction
// rolled back after each run, against the one aggregate SQL query generation needs, sent
// straight through the driver on the same database in the same run. The ratio is what
// generation adds on top of reading its history.

const HISTORY_END = '2026-11-20';
const PERIOD = { start_date: '2026-12-01', end_date: '2027-02-28', growth_pct: 5 };
const WINDOW = { history_from: '2025-11-21', history_to: HISTORY_END };

export interface ForecastOptions {
  lines: number;
  rounds: number;
  requests: number;
  seconds: number;
  warmup: number;
}

export interface ForecastResult {
  options: ForecastOptions;
  seedSeconds: number;
  lines: number;
  historyRows: number;
  allocations: number;
  plans: number;
  runs: { query: LoadResult; generate: LoadResult };
  ratios: { requestsPerSecond: number; latencyP50: number; latencyP99: number };
}

export function forecastOptionsFromEnv(): ForecastOptions {
  return {
    lines: envInt('BENCH_FORECAST_LINES', 1_000_000, 5_000),
    rounds: envInt('BENCH_ROUNDS', 4, 2),
    requests: envInt('BENCH_FORECAST_REQUESTS', 40, 4),
    seconds: envInt('BENCH_FORECAST_SECONDS', 60, 4),
    warmup: envInt('BENCH_FORECAST_WARMUP', 1),
  };
}

const hash = (n: ReturnType<typeof sql>) =>
  sql`('x' || substr(md5((${n})::text), 1, 15))::bit(60)::bigint`;

/** Five lines an order, written by the database itself; the same rows every run. */
async function seedHistory(db: Parameters<typeof queryRows>[0], lines: number): Promise<number> {
  const orders = Math.ceil(lines / 5);
  await db.execute(sql`
    with c as (select array_agg(id order by id) a from customers),
         l as (select array_agg(id order by id) a from locations
           where type in ('warehouse', 'distribution_center'))
    insert into sales_orders (number, customer_id, ship_from_location_id, order_date, source,
      status, allocation_status, shipping_status)
    select 'SB-' || lpad(x.g::text, 7, '0'), c.a[1 + x.h % cardinality(c.a)],
      l.a[1 + (x.h / 7) % cardinality(l.a)], ${HISTORY_END}::date - (x.g * 730 / ${orders})::int,
      'import', 'closed', 'allocated', 'shipped'
    from (select g, ${hash(sql`g`)} h from generate_series(1, ${orders}) g) x, c, l`);
  await db.execute(sql`
    with o as (select min(id) first, count(*) n from sales_orders where number like 'SB-%'),
         p as (select array_agg(id order by id) a from products where type = 'finished_good')
    insert into sales_order_lines (sales_order_id, product_id, qty, unit_price, line_total,
      qty_allocated, qty_shipped)
    select o.first + (x.g - 1) % o.n, p.a[1 + x.h % cardinality(p.a)], 6 + x.h % 60, 10,
      (6 + x.h % 60) * 10, 6 + x.h % 60, 6 + x.h % 60
    from (select g, ${hash(sql`g + 7919`)} h from generate_series(1, ${lines}) g) x, o, p`);
  await db.execute(sql`analyze sales_orders`);
  await db.execute(sql`analyze sales_order_lines`);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sales_order_lines`,
  );
  return count?.n ?? 0;
}

class RolledBack extends Error {}

export async function runForecastBench(
  options: ForecastOptions,
  log: (line: string) => void = console.log,
): Promise<ForecastResult> {
  const server = await startBenchServer();
  try {
    const { db } = server.database;
    const seedStarted = performance.now();
    const lines = await seedHistory(db, options.lines);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    log(`  seeded ${lines.toLocaleString('en-US')} sales lines in ${seedSeconds.toFixed(1)} s`);
    const [period] = await queryRows<{ id: number }>(
      db,
      sql`insert into forecast_periods (name, start_date, end_date, history_from, history_to,
          growth_pct)
        values ('Bench period', ${PERIOD.start_date}, ${PERIOD.end_date}, ${WINDOW.history_from},
          ${WINDOW.history_to}, ${PERIOD.growth_pct}) returning id::int`,
    );
    if (!period) throw new Error('the bench period was not written');
    const window = { id: period.id, ...PERIOD, ...WINDOW };
    const statement = new PgDialect().sqlToQuery(
      salesHistoryQuery(WINDOW.history_from, WINDOW.history_to),
    );
    const direct = await driverQuery(server.database, undefined, 1);
    const historyRows = await direct.run([statement]);
    let generated = { allocations: 0, plans: 0 };
    const generate = async () => {
      try {
        await db.transaction(async (tx) => {
          generated = await generateForecast(tx, window, 1);
          throw new RolledBack();
        });
      } catch (error) {
        if (!(error instanceof RolledBack)) throw error;
      }
      return generated.allocations === historyRows;
    };
    const targets: Target[] = [
      {
        label: 'query',
        segments: [],
        run: (bounds) =>
          measure(async () => (await direct.run([statement])) > 0, {
            ...bounds,
            concurrency: 1,
          }),
      },
      {
        label: 'generate',
        segments: [],
        run: (bounds) => measure(generate, { ...bounds, concurrency: 1 }),
      },
    ];
    await inRounds(targets, options);
    await direct.close();
    const [query, gen] = targets.map((t) => combine(t.segments)) as [LoadResult, LoadResult];
    return {
      options,
      seedSeconds,
      lines,
      historyRows,
      allocations: generated.allocations,
      plans: generated.plans,
      runs: { query, generate: gen },
      ratios: {
        requestsPerSecond: ratio(gen.requestsPerSecond, query.requestsPerSecond),
        latencyP50: ratio(gen.latency.p50Ms, query.latency.p50Ms),
        latencyP99: ratio(gen.latency.p99Ms, query.latency.p99Ms),
      },
    };
  } finally {
    await server.close();
  }
}
