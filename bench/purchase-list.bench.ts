import { performance } from 'node:perf_hooks';
import { createPostgresDatabase } from '../server/db/fresh-postgres-database.ts';
import { toQueryString } from '../src/api/query-string.ts';
import { PURCHASE_ORDERS } from '../src/domain/entities/purchase/purchase-orders.entity.ts';
import type { TableQueryInput } from '../src/domain/table-filter/table-query.types.ts';
import { type LoadResult, combine, measure, runLoad } from './http-load.ts';
import {
  type ListBackend,
  type Target,
  capturingStatement,
  driverQuery,
  inRounds,
  logIn,
} from './list.bench.ts';
import { seedPurchases } from './purchase-list-seed.ts';
import { envInt, ratio } from './sample-stats.ts';
import { startBenchServer } from './bench-server.ts';

// The purchase orders list over a big history (issue 16): 100,000 orders with 1,000,000 lines,
// the page the browser asks for (the list's default sort, newest first; one filter, the
// supplier column's checkbox list; 100 rows), through GET /api/purchase/purchase_orders
// against the same SQL statement the server runs, sent straight through the driver on the same
// database in the same run. The ratio is what the HTTP layer adds on top of the statement;
// the statement's own cost is in the baseline's absolute figures.

const ENDPOINT = PURCHASE_ORDERS.api;
const USER = 'purchase';
/** The seeded history's last day; fixed so every run seeds the same rows. */
const HISTORY_END = '2026-11-20';

export interface PurchaseListOptions {
  orders: number;
  lines: number;
  concurrency: number;
  rounds: number;
  requests: number;
  seconds: number;
  warmup: number;
}

export interface PurchaseListResult {
  backend: ListBackend;
  options: PurchaseListOptions;
  seedSeconds: number;
  orders: number;
  lines: number;
  /** `total` of the page: the supplier's orders. */
  matching: number;
  query: TableQueryInput;
  statement: { sql: string; params: unknown[] };
  runs: { driver: LoadResult; http: LoadResult };
  ratios: { requestsPerSecond: number; latencyP50: number; latencyP99: number };
}

export function purchaseListOptionsFromEnv(): PurchaseListOptions {
  return {
    orders: envInt('BENCH_PO_ORDERS', 100_000),
    lines: envInt('BENCH_PO_LINES', 1_000_000),
    concurrency: envInt('BENCH_LIST_CONCURRENCY', 1),
    rounds: envInt('BENCH_ROUNDS', 4),
    requests: envInt('BENCH_LIST_REQUESTS', 1_000),
    seconds: envInt('BENCH_LIST_SECONDS', 30),
    warmup: envInt('BENCH_LIST_WARMUP', 5),
  };
}

/** The browser's first page of one supplier's orders, newest first. */
export function purchaseListQuery(supplierId: number): TableQueryInput {
  return {
    filter: [
      {
        field: 'supplier_id',
        field_type: 'number',
        filters: [{ operator: 'in', value: [supplierId] }],
      },
    ],
    sort: PURCHASE_ORDERS.defaultSort,
    page: 1,
    per_page: 100,
  };
}

export async function runPurchaseListBench(
  options: PurchaseListOptions,
  backend: ListBackend,
  log: (line: string) => void = console.log,
): Promise<PurchaseListResult> {
  const database =
    backend === 'postgres' ? await createPostgresDatabase('plantline_bench_po') : undefined;
  try {
    const server = await startBenchServer(database?.url);
    try {
      const seedStarted = performance.now();
      const seed = await seedPurchases(
        server.database.db,
        options.orders,
        options.lines,
        HISTORY_END,
      );
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      log(
        `  seeded ${seed.orders.toLocaleString('en-US')} orders, ${seed.lines.toLocaleString('en-US')} lines in ${seedSeconds.toFixed(1)} s`,
      );
      // A supplier in the middle of the list: its orders are spread over the whole history.
      const supplierId = seed.suppliers[Math.floor(seed.suppliers.length / 2)];
      if (supplierId === undefined) throw new Error('no bench supplier was seeded');
      const query = purchaseListQuery(supplierId);
      const token = await logIn(server.url, USER);
      const url = `${server.url}${ENDPOINT}?${toQueryString(query)}`;
      const headers = { authorization: `Bearer ${token}` };
      const first = await capturingStatement(
        server.database,
        async () => {
          const res = await fetch(url, { headers });
          const text = await res.text();
          if (!res.ok) throw new Error(`GET ${ENDPOINT} answered ${res.status}: ${text}`);
          const answer = JSON.parse(text) as { data?: { rows?: unknown[]; total?: number } };
          if (!answer.data?.rows || typeof answer.data.total !== 'number')
            throw new Error(`GET ${ENDPOINT} answered without rows and total`);
          return { rows: answer.data.rows, total: answer.data.total };
        },
        ENDPOINT,
      );
      const { statement } = first;
      log(
        `  one page: ${first.result.rows.length} rows of ${first.result.total.toLocaleString('en-US')} matching`,
      );
      const direct = await driverQuery(server.database, database?.url, options.concurrency);
      try {
        const expected = Math.min(query.per_page ?? 0, first.result.total);
        const targets: Target[] = [
          {
            label: 'driver',
            segments: [],
            run: (bounds) =>
              measure(
                async () => (await direct.query(statement.sql, statement.params)) === expected,
                {
                  ...bounds,
                  concurrency: options.concurrency,
                },
              ),
          },
          {
            label: 'http',
            segments: [],
            run: (bounds) => runLoad({ url, headers, concurrency: options.concurrency, ...bounds }),
          },
        ];
        await inRounds(targets, options);
        const [driver, http] = targets.map((t) => combine(t.segments));
        if (!driver || !http) throw new Error('a purchase list target produced no result');
        return {
          backend,
          options,
          seedSeconds,
          orders: seed.orders,
          lines: seed.lines,
          matching: first.result.total,
          query,
          statement,
          runs: { driver, http },
          ratios: {
            requestsPerSecond: ratio(http.requestsPerSecond, driver.requestsPerSecond),
            latencyP50: ratio(http.latency.p50Ms, driver.latency.p50Ms),
            latencyP99: ratio(http.latency.p99Ms, driver.latency.p99Ms),
          },
        };
      } finally {
        await direct.close();
      }
    } finally {
      await server.close();
    }
  } finally {
    await database?.drop();
  }
}
