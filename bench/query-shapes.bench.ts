import { sql } from 'drizzle-orm';
import { toQueryString } from '../src/api/query-string.ts';
import type { EntityDeclaration } from '../src/domain/entity/entity-declaration.ts';
import { INVENTORY_MOVEMENTS } from '../src/domain/entities/stock/inventory-movements.entity.ts';
import { PURCHASE_ORDERS } from '../src/domain/entities/purchase/purchase-orders.entity.ts';
import { SALES_ORDERS } from '../modules/sales/shared/entities/sales-orders.entity.ts';
import type { TableQueryInput } from '../src/domain/table-filter/table-query.types.ts';
import { vacuumDueTables } from '../server/db/pglite-autovacuum.ts';
import type { Db } from '../server/db/client.ts';
import { type ListBackend, logIn, onBenchServer, timedSeed } from './driver-vs-http.ts';
import { runLoad } from './http-load.ts';
import { LEDGER_END } from './list.bench.ts';
import { seedMovements } from './list-seed.ts';
import { seedPurchases } from './purchase-list-seed.ts';
import { shapesOf, spread } from './query-shapes.ts';
import { seedSales } from './sales-seed.ts';
import { type LatencySummary, envInt, envText, summarize } from './sample-stats.ts';

// Every query shape the grid can send (query-shapes.ts derives them from the entity
// declarations), each sent N times over HTTP by a user allowed to read the list, one after the
// other: the movements ledger at a million rows, and at 200,000 rows each the largest table of
// sales (order lines, read by the sales orders list), purchase (PO lines, read by the PO list)
// and the transition log (read by a document's timeline). On PGlite, and on PostgreSQL when
// DATABASE_URL is set. Prints the ten worst shapes by p99 and how many meet the goal; asserts
// nothing about speed (bench/README.md).

/** p99 each shape should answer in, per backend. */
export const SHAPE_GOALS: Readonly<Record<ListBackend, number>> = { postgres: 60, pglite: 100 };

const END = '2026-11-20';
const TABLES = ['movements', 'sales', 'purchase'] as const;
type TableKey = (typeof TABLES)[number];

export interface QueryShapesOptions {
  movements: number;
  /** Rows of sales order lines, PO lines and status transitions each. */
  moduleRows: number;
  /** Per shape: requests and seconds, whichever ends first. */
  requests: number;
  seconds: number;
  /** At most this many shapes per table, spread over them all. */
  limit: number;
  tables: TableKey[];
}

export function queryShapesOptionsFromEnv(): QueryShapesOptions {
  const tables = envText('BENCH_SHAPES_TABLES', TABLES.join(','))
    .split(',')
    .map((t) => t.trim())
    .filter((t): t is TableKey => (TABLES as readonly string[]).includes(t));
  return {
    movements: envInt('BENCH_SHAPES_MOVEMENTS', 1_000_000, 1_000),
    moduleRows: envInt('BENCH_SHAPES_MODULE_ROWS', 200_000, 1_000),
    requests: envInt('BENCH_SHAPES_REQUESTS', 60, 1),
    seconds: envInt('BENCH_SHAPES_SECONDS', 5, 1),
    limit: envInt('BENCH_SHAPES_LIMIT', 10_000, 4),
    tables,
  };
}

export type ShapeResult = {
  table: string;
  shape: string;
  latency: LatencySummary;
  failures: number;
  /** The first answer's error, when the shape was refused. */
  error?: string;
};

export type QueryShapesRun = { backend: ListBackend; seeded: string[]; shapes: ShapeResult[] };

export type QueryShapesResult = Partial<Record<ListBackend, QueryShapesRun>> & {
  skipped?: string;
};

type Target = {
  key: TableKey;
  entity: EntityDeclaration;
  user: string;
  seed(db: Db): Promise<{ rows: number; note: string }>;
};

function targets(options: QueryShapesOptions): Target[] {
  const all: Target[] = [
    {
      key: 'movements',
      entity: INVENTORY_MOVEMENTS,
      user: 'inventory',
      seed: async (db) => {
        const rows = await seedMovements(db, options.movements, LEDGER_END);
        return { rows, note: `${rows.toLocaleString('en-US')} movements` };
      },
    },
    {
      key: 'sales',
      entity: SALES_ORDERS,
      user: 'sale',
      seed: async (db) => {
        const s = await seedSales(db, options.moduleRows, options.moduleRows, END);
        return {
          rows: s.orders,
          note: `${s.orders.toLocaleString('en-US')} sales orders, ${s.lines.toLocaleString('en-US')} lines, ${s.transitions.toLocaleString('en-US')} transitions`,
        };
      },
    },
    {
      key: 'purchase',
      entity: PURCHASE_ORDERS,
      user: 'purchase',
      seed: async (db) => {
        const s = await seedPurchases(
          db,
          Math.ceil(options.moduleRows / 10),
          options.moduleRows,
          END,
        );
        return {
          rows: s.orders,
          note: `${s.orders.toLocaleString('en-US')} POs, ${s.lines.toLocaleString('en-US')} lines`,
        };
      },
    },
  ];
  return all.filter((t) => options.tables.includes(t.key));
}

export async function runQueryShapesBench(
  options: QueryShapesOptions,
  log: (line: string) => void = console.log,
): Promise<QueryShapesResult> {
  const backends = (['pglite', 'postgres'] as const).filter(
    (b) =>
      (b === 'pglite' || process.env.DATABASE_URL) &&
      envText('BENCH_SHAPES_BACKENDS', 'pglite,postgres').split(',').includes(b),
  );
  const result: QueryShapesResult = process.env.DATABASE_URL
    ? {}
    : { skipped: 'PostgreSQL skipped: DATABASE_URL is not set' };
  for (const backend of backends) {
    const run: QueryShapesRun = { backend, seeded: [], shapes: [] };
    // One server per backend holding every table: a bench server's start (demo data, and on
    // PostgreSQL the migrations) costs more than a small table's whole run.
    await onBenchServer(backend, 'plantline_bench_shapes', async (server) => {
      const chosen = targets(options);
      const seeds = [];
      for (const target of chosen) {
        const { seeded, seconds } = await timedSeed(() => target.seed(server.database.db));
        log(`  ${backend}: seeded ${seeded.note} in ${seconds.toFixed(1)} s`);
        run.seeded.push(seeded.note);
        seeds.push(seeded);
      }
      // Written in minutes, where a plant's ledger grows over years: vacuumed and analysed as
      // autovacuum would have left it by then (PGlite has no autovacuum of its own).
      if (server.database.kind === 'pglite') await vacuumDueTables(server.database.db);
      else await server.database.db.execute(sql`vacuum (analyze)`);
      for (const [i, target] of chosen.entries()) {
        const headers = { authorization: `Bearer ${await logIn(server.url, target.user)}` };
        const listUrl = (q: TableQueryInput) =>
          `${server.url}${target.entity.api}?${toQueryString(q)}`;
        const sample = await getJson(listUrl({ page: 1, per_page: 500 }), headers);
        const shapes = shapesOf(target.entity, { rows: sample.rows, total: seeds[i]?.rows ?? 0 });
        const requests = spread(shapes, options.limit).map((s) => ({
          name: s.name,
          url: listUrl(s.query),
        }));
        if (target.key === 'sales') requests.push(...timelineRequests(server.url, sample.rows));
        log(
          `  ${target.entity.pluralLabel}: ${requests.length} shapes (of ${shapes.length} derived) × ${options.requests} requests (≤ ${options.seconds} s each)…`,
        );
        for (const request of requests)
          run.shapes.push(await measureShape(target.key, request, headers, options));
      }
    });
    result[backend] = run;
    printShapes(run, log);
  }
  if (result.skipped) log(`\n${result.skipped}`);
  return result;
}

/** The transition log as it is read: one document's timeline, for orders across the range. */
function timelineRequests(baseUrl: string, rows: readonly Record<string, unknown>[]) {
  const ids = rows.map((r) => r.id).filter((id): id is number => typeof id === 'number');
  const id = ids[Math.floor(ids.length / 2)] ?? ids[0] ?? 1;
  return [
    { name: `timeline of sales order ${id}`, url: `${baseUrl}/api/timeline/sales_orders/${id}` },
  ];
}

async function getJson(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${text}`);
  const data = (JSON.parse(text) as { data?: { rows?: Record<string, unknown>[] } }).data;
  return { rows: data?.rows ?? [] };
}

async function measureShape(
  table: string,
  request: { name: string; url: string },
  headers: Record<string, string>,
  options: QueryShapesOptions,
): Promise<ShapeResult> {
  const segment = await runLoad({
    url: request.url,
    headers,
    concurrency: 1,
    maxRequests: options.requests,
    maxSeconds: options.seconds,
    warmupRequests: 0,
  });
  if (segment.failures > 0) {
    // A refused shape is a bug in the shape, not a figure: its answer says why.
    const res = await fetch(request.url, { headers });
    if (!res.ok) {
      const error = `${res.status} ${(await res.text()).slice(0, 200)}`;
      return { table, shape: request.name, latency: summarize([]), failures: 1, error };
    }
  }
  return {
    table,
    shape: request.name,
    latency: summarize(segment.samples),
    failures: segment.failures,
  };
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

export function printShapes(run: QueryShapesRun, log: (line: string) => void = console.log) {
  const goal = SHAPE_GOALS[run.backend];
  const refused = run.shapes.filter((s) => s.error);
  const measured = run.shapes.filter((s) => !s.error);
  const worst = [...measured].sort((a, b) => b.latency.p99Ms - a.latency.p99Ms);
  const met = measured.filter((s) => s.latency.p99Ms <= goal && s.failures === 0).length;
  log(`\nQuery shapes on ${run.backend} (${run.seeded.join('; ')})`);
  log(
    `  ${'table'.padEnd(10)} ${'shape'.padEnd(58)} ${'n'.padStart(4)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)}`,
  );
  for (const s of worst.slice(0, 10))
    log(
      `  ${s.table.padEnd(10)} ${s.shape.slice(0, 58).padEnd(58)} ${String(s.latency.count).padStart(4)} ${ms(s.latency.p50Ms).padStart(9)} ${ms(s.latency.p99Ms).padStart(9)}${s.failures ? ` FAILED ${s.failures}` : ''}`,
    );
  log(
    `  goal p99 ≤ ${goal} ms: ${met} of ${measured.length} shapes met${met === measured.length ? '' : ` — ${measured.length - met} MISSED`}`,
  );
  for (const s of refused) log(`  REFUSED ${s.table} ${s.shape}: ${s.error}`);
}
