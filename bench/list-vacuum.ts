import { toQueryString } from '../src/api/query-string.ts';
import { INVENTORY_MOVEMENTS } from '../src/domain/entities/stock/inventory-movements.entity.ts';
import { vacuumDueTables } from '../server/db/pglite-autovacuum.ts';
import { startBenchServer } from './bench-server.ts';
import { driverAgainstHttp, firstPage, logIn } from './driver-vs-http.ts';
import { LEDGER_END, LIST_QUERY, listOptionsFromEnv } from './list.bench.ts';
import { seedMovements } from './list-seed.ts';
import { ratio } from './sample-stats.ts';

// What the server's PGlite autovacuum (server/db/pglite-autovacuum.ts) does for the movements
// report: the list bench's page over the same million-row ledger on PGlite, measured before
// any vacuum (as every PGlite database was before the pass existed: PGlite never vacuums by
// itself) and again after one pass, in the same process, on the same rows, so the machine's
// load falls on both halves alike. Each half is the list bench's two targets (the statement
// through the driver, the page over HTTP) taking turns in rounds.
//
//   node --import tsx bench/list-vacuum.ts       (BENCH_LIST_* as for `npm run bench -- list`)

const options = listOptionsFromEnv();
// The server's own pass is off: it would vacuum the ledger in the middle of the first half.
const server = await startBenchServer(undefined, { PGLITE_AUTOVACUUM_SECONDS: '0' });
try {
  const { db } = server.database;
  await seedMovements(db, options.rows, LEDGER_END, { vacuum: false });
  const endpoint = INVENTORY_MOVEMENTS.api;
  const url = `${server.url}${endpoint}?${toQueryString(LIST_QUERY)}`;
  const headers = { authorization: `Bearer ${await logIn(server.url, 'inventory')}` };
  const first = await firstPage(server, { url, headers, endpoint });
  const measured = {
    statements: first.statements,
    expected: Math.min(LIST_QUERY.per_page ?? 0, first.total),
    url,
    headers,
    what: 'list',
  };
  const half = async (label: string) => {
    const { runs } = await driverAgainstHttp(server, undefined, measured, options);
    for (const [name, r] of Object.entries(runs))
      console.log(
        `${label} ${name}: p50 ${r.latency.p50Ms.toFixed(2)} ms, p99 ${r.latency.p99Ms.toFixed(2)} ms, ${r.requests} pages, ${r.failures} failed`,
      );
    return runs;
  };
  const before = await half('before vacuum');
  const started = performance.now();
  const vacuumed = await vacuumDueTables(db);
  console.log(
    `one autovacuum pass: ${vacuumed.length} tables in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const after = await half('after vacuum');
  for (const name of ['driver', 'http'] as const) {
    const [a, b] = [after[name].latency, before[name].latency];
    console.log(
      `${name} after ÷ before: p50 ${ratio(a.p50Ms, b.p50Ms).toFixed(2)}×, p99 ${ratio(a.p99Ms, b.p99Ms).toFixed(2)}×`,
    );
  }
} finally {
  await server.close();
}
