import { toQueryString } from '../src/api/query-string.ts';
import { INVENTORY_MOVEMENTS } from '../src/domain/entities/stock/inventory-movements.entity.ts';
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
import { vacuumDueTables } from '../server/db/pglite-autovacuum.ts';
import { seedMovements } from './list-seed.ts';
import { envInt } from './sample-stats.ts';

// A list page over a big ledger: GET /api/inventory/reports/inventory-movements-details with
// three filters, a sort and a 100-row page, against the same SQL statements run directly through
// the driver on the same database in the same run. The ratio is what the HTTP layer, the
// query-string parsing, validation, the extra change-seq query, row mapping and JSON cost on
// top of the statement itself; the statement's own cost is in the baseline's absolute figures.
//
// The statements are the ones the server really runs: the first list request is sent once while
// the driver's `query` is watched, and the page's two statements are kept with their SQL,
// parameters and prepared name (exactly what `pageIdsStatement` and `pageRowsStatement` give,
// without rebuilding the report's binding).

const ENDPOINT = INVENTORY_MOVEMENTS.api;
const USER = 'inventory';

export interface ListOptions extends RoundOptions {
  /** Ledger rows seeded on top of the demo's. */
  rows: number;
}

export interface ListResult extends DriverVsHttp {
  backend: ListBackend;
  options: ListOptions;
  seedSeconds: number;
  /** Rows in stock_movements after seeding (demo rows included). */
  ledgerRows: number;
  /** `total` of the page: rows matching the three filters. */
  matching: number;
  query: TableQueryInput;
  statements: Statement[];
}

export function listOptionsFromEnv(): ListOptions {
  return {
    rows: envInt('BENCH_LIST_ROWS', 1_000_000, 2_000),
    concurrency: envInt('BENCH_LIST_CONCURRENCY', 1),
    rounds: envInt('BENCH_ROUNDS', 4, 2),
    requests: envInt('BENCH_LIST_REQUESTS', 2_000, 40),
    seconds: envInt('BENCH_LIST_SECONDS', 30, 2),
    warmup: envInt('BENCH_LIST_WARMUP', 5, 2),
  };
}

/** The end of the seeded ledger's two years; fixed so every run seeds the same rows. */
export const LEDGER_END = new Date('2026-11-20T00:00:00Z');

/** What the browser sends: receipts, shipments and transfers in, quantity in, last 90 days. */
export const LIST_QUERY: TableQueryInput = {
  filter: [
    {
      field: 'movement_type',
      field_type: 'enum',
      filters: [{ operator: 'in', value: ['receipt', 'ship', 'transfer_in'] }],
    },
    { field: 'qty', field_type: 'number', filters: [{ operator: 'greater', value: 0 }] },
    {
      field: 'moved_at',
      field_type: 'datetime',
      filters: [
        {
          operator: 'greater_or_equal',
          value: new Date(LEDGER_END.getTime() - 90 * 86_400_000).toISOString(),
        },
      ],
    },
  ],
  sort: { field: 'moved_at', direction: 'desc' },
  page: 1,
  per_page: 100,
};

export async function runListBench(
  options: ListOptions,
  backend: ListBackend,
  log: (line: string) => void = console.log,
): Promise<ListResult> {
  return onBenchServer(backend, 'plantline_bench', async (server, databaseUrl) => {
    const { seeded: ledgerRows, seconds: seedSeconds } = await timedSeed(async () => {
      const seeded = await seedMovements(server.database.db, options.rows, LEDGER_END);
      // Whatever else the server's PGlite autovacuum finds due (the demo's tables), done before
      // measuring instead of during it.
      if (server.database.kind === 'pglite') await vacuumDueTables(server.database.db);
      return seeded;
    });
    log(
      `  seeded ${options.rows.toLocaleString('en-US')} movements in ${seedSeconds.toFixed(1)} s`,
    );

    const token = await logIn(server.url, USER);
    const url = `${server.url}${ENDPOINT}?${toQueryString(LIST_QUERY)}`;
    const headers = { authorization: `Bearer ${token}` };
    const first = await firstPage(server, { url, headers, endpoint: ENDPOINT });
    log(`  one page: ${first.page.length} rows of ${first.total.toLocaleString('en-US')} matching`);
    const measured = await driverAgainstHttp(
      server,
      databaseUrl,
      {
        statements: first.statements,
        expected: Math.min(LIST_QUERY.per_page ?? 0, first.total),
        url,
        headers,
        what: 'list',
      },
      options,
    );
    return {
      backend,
      options,
      seedSeconds,
      ledgerRows,
      matching: first.total,
      query: LIST_QUERY,
      statements: first.statements,
      ...measured,
    };
  });
}
