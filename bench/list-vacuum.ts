import { toQueryString } from '../src/api/query-string.ts';
import { INVENTORY_MOVEMENTS } from '../src/domain/entities/stock/inventory-movements.entity.ts';
import { vacuumDueTables } from '../server/db/pglite-autovacuum.ts';
import { startBenchServer } from './bench-server.ts';
import { combine, measure, runLoad } from './http-load.ts';
import {
  LEDGER_END,
  LIST_QUERY,
  capturingStatement,
  driverQuery,
  inRounds,
  listOptionsFromEnv,
  logIn,
  type Target,
} from './list.bench.ts';
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
  const token = await logIn(server.url);
  const url = `${server.url}${INVENTORY_MOVEMENTS.api}?${toQueryString(LIST_QUERY)}`;
  const headers = { authorization: `Bearer ${token}` };
  const { statement } = await capturingStatement(server.database, async () => {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`the page answered ${res.status}`);
    return res.text();
  });
  const direct = await driverQuery(server.database, undefined, options.concurrency);
  const half = async (label: string) => {
    const targets: Target[] = [
      {
        label: 'driver',
        segments: [],
        run: (bounds) =>
          measure(async () => (await direct.query(statement.sql, statement.params)) > 0, {
            ...bounds,
            concurrency: options.concurrency,
          }),
      },
      {
        label: 'http',
        segments: [],
        run: (bounds) => runLoad({ url, headers, concurrency: options.concurrency, ...bounds }),
      },
    ];
    await inRounds(targets, options);
    const [driver, http] = targets.map((t) => combine(t.segments));
    for (const [name, r] of [
      ['driver', driver],
      ['http', http],
    ] as const) {
      console.log(
        `${label} ${name}: p50 ${r?.latency.p50Ms.toFixed(2)} ms, p99 ${r?.latency.p99Ms.toFixed(2)} ms, ${r?.requests} pages, ${r?.failures} failed`,
      );
    }
    return { driver, http };
  };
  const before = await half('before vacuum');
  const started = performance.now();
  const vacuumed = await vacuumDueTables(db);
  console.log(
    `one autovacuum pass: ${vacuumed.length} tables in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const after = await half('after vacuum');
  for (const name of ['driver', 'http'] as const) {
    const b = before[name]?.latency;
    const a = after[name]?.latency;
    if (a && b)
      console.log(
        `${name} after ÷ before: p50 ${ratio(a.p50Ms, b.p50Ms).toFixed(2)}×, p99 ${ratio(a.p99Ms, b.p99Ms).toFixed(2)}×`,
      );
  }
  await direct.close();
} finally {
  await server.close();
}
