import { toQueryString } from '../src/api/query-string.ts';
import { PURCHASE_ORDERS } from '../src/domain/entities/purchase/purchase-orders.entity.ts';
import type { TableQueryInput } from '../src/domain/table-filter/table-query.types.ts';
import {
  type DriverVsHttp,
  type ListBackend,
  type RoundOptions,
  type Statement,
  driverAgainstHttp,
  firstPage,
  logIn,
  onBenchServer,
  timedSeed,
} from './driver-vs-http.ts';
import { seedPurchases } from './purchase-list-seed.ts';
import { envInt } from './sample-stats.ts';

// The purchase orders list over a big history: 100,000 orders with 1,000,000 lines,
// the page the browser asks for (the list's default sort, newest first; one filter, the
// supplier column's checkbox list; 100 rows), through GET /api/purchase/purchase_orders
// against the same SQL statement the server runs, sent straight through the driver on the same
// database in the same run. The ratio is what the HTTP layer adds on top of the statement;
// the statement's own cost is in the baseline's absolute figures.

const ENDPOINT = PURCHASE_ORDERS.api;
const USER = 'purchase';
/** The seeded history's last day; fixed so every run seeds the same rows. */
const HISTORY_END = '2026-11-20';

export interface PurchaseListOptions extends RoundOptions {
  orders: number;
  lines: number;
}

export interface PurchaseListResult extends DriverVsHttp {
  backend: ListBackend;
  options: PurchaseListOptions;
  seedSeconds: number;
  orders: number;
  lines: number;
  /** `total` of the page: the supplier's orders. */
  matching: number;
  query: TableQueryInput;
  statements: Statement[];
}

export function purchaseListOptionsFromEnv(): PurchaseListOptions {
  return {
    orders: envInt('BENCH_PO_ORDERS', 100_000, 500),
    lines: envInt('BENCH_PO_LINES', 1_000_000, 2_000),
    concurrency: envInt('BENCH_LIST_CONCURRENCY', 1),
    rounds: envInt('BENCH_ROUNDS', 4, 2),
    requests: envInt('BENCH_LIST_REQUESTS', 1_000, 40),
    seconds: envInt('BENCH_LIST_SECONDS', 30, 2),
    warmup: envInt('BENCH_LIST_WARMUP', 5, 2),
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
  return onBenchServer(backend, 'plantline_bench_po', async (server, databaseUrl) => {
    const { seeded: seed, seconds: seedSeconds } = await timedSeed(() =>
      seedPurchases(server.database.db, options.orders, options.lines, HISTORY_END),
    );
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
    const first = await firstPage(server, { url, headers, endpoint: ENDPOINT });
    log(`  one page: ${first.page.length} rows of ${first.total.toLocaleString('en-US')} matching`);
    const measured = await driverAgainstHttp(
      server,
      databaseUrl,
      {
        statements: first.statements,
        expected: Math.min(query.per_page ?? 0, first.total),
        url,
        headers,
        what: 'purchase list',
      },
      options,
    );
    return {
      backend,
      options,
      seedSeconds,
      orders: seed.orders,
      lines: seed.lines,
      matching: first.total,
      query,
      statements: first.statements,
      ...measured,
    };
  });
}
