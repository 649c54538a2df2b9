import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/query-rows.ts';
import { startTestServer } from '../tests/support/test-server.ts';
import { tokenFor } from '../tests/support/api-client.ts';
import { runImportFile } from '../tests/support/import-client.ts';
import { inventoryCsv } from '../tests/support/inventory-import-csv.ts';
const t = await startTestServer();
const products = await queryRows<{ sku: string; lot: boolean }>(t.server.database.db, sql`select sku, is_lot_tracked as lot from products`);
const token = await tokenFor(t.url, 'admin');
for (const n of [2000, 20000]) {
  const csv = inventoryCsv(products.map((p) => ({ sku: p.sku, lotTracked: p.lot })), n);
  const t0 = performance.now();
  const r = await runImportFile(t.url, { route: '/api/inventory/inventory-import', name: 'big.csv', body: csv, token });
  console.log(n, csv.length, r.status, r.body.data.status, r.body.data.rows_ok, r.body.data.errors.slice(0,3), Math.round(performance.now() - t0), 'ms');
}
await t.close();
