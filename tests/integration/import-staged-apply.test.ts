import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../src/domain/entities/inventory/products.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { connectEcho, disconnectEchoes, subscribed } from '../support/echo-client.ts';
import { finishedImport, postImportFile } from '../support/import-client.ts';
import { inventoryCsv, type CsvProduct, csvProductsOf } from '../support/inventory-import-csv.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// An import's apply in two steps (server/imports/apply-import.ts): its rows are staged a short
// transaction at a time, then applied in one. A refusal after every row is staged leaves
// nothing applied and nothing staged; and a request that needs the database, sent once the
// apply has begun, is answered while the rows are still being staged, not after the commit.

const ROUTE = '/api/inventory/inventory-import';

type Progress = { id: number; ref: string; phase: string; processed: number; total: number };

describe('an import staged before it is applied', () => {
  let t: TestServer;
  let admin: string;
  let products: CsvProduct[];

  const countOf = async (statement: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: string }>(t.server.database.db, statement))[0]?.n ?? 0);

  beforeAll(async () => {
    t = await startTestServer();
    admin = await tokenFor(t.url, 'admin');
    products = await csvProductsOf(t.server.database.db);
  }, 600_000);
  afterAll(async () => {
    disconnectEchoes();
    await t?.close();
  });

  /** The job's progress and end as the Imports centre's channel tells them, in order. */
  async function follow(onImporting?: (event: Progress) => void) {
    const echo = await connectEcho(t.url, admin);
    const channel = echo.private('imports.jobs');
    await subscribed(channel);
    const events: string[] = [];
    channel.listen('.import.progress', (event: Progress) => {
      if (event.ref !== 'test' || event.phase !== 'importing') return;
      events.push(`importing ${event.processed}/${event.total}`);
      onImporting?.(event);
    });
    channel.listen('.import.finished', (event: { ref: string; status: string }) => {
      if (event.ref === 'test') events.push(`finished ${event.status}`);
    });
    return events;
  }

  it('leaves nothing applied and nothing staged when the apply is refused after staging', async () => {
    const [held] = await queryRows<{ id: string; code: string }>(
      t.server.database.db,
      sql`select id, code from locations where active and code <> 'WH-MAIN' order by id limit 1`,
    );
    await t.server.database.db.execute(
      sql`insert into stock_counts (number, location_id, scope, status)
          values ('SC-STAGED', ${held!.id}, 'full', 'in_progress')`,
    );
    const plain = products.find((p) => !p.lotTracked)!;
    // 3,000 good rows naming lots this database does not have yet, then one row into the
    // location the count holds: only the apply's stock posting knows the count refuses it.
    const file = `${inventoryCsv(products, 3_000)}${plain.sku},${held!.code},,,1,2.5\n`;
    const total = 3_001;
    const before = {
      movements: await countOf(sql`select count(*) as n from stock_movements`),
      lots: await countOf(sql`select count(*) as n from stock_lots`),
      adjustments: await countOf(sql`select count(*) as n from stock_adjustments`),
    };
    // The staged rows as the database held them while the job was staging.
    const stagedSeen: number[] = [];
    const events = await follow((event) => {
      if (event.processed < event.total)
        void countOf(
          sql`select count(*) as n from import_staged_rows where job_id = ${event.id}`,
        ).then((n) => stagedSeen.push(n));
    });

    const started = await postImportFile(t.url, {
      route: ROUTE,
      name: 'held-after-staging.csv',
      body: file,
      token: admin,
    });
    expect(started.status).toBe(202);
    const id = started.body.data.id;
    const outcome = await finishedImport(t.url, { route: ROUTE, token: admin }, id);

    expect(outcome).toMatchObject({ status: 'failed', rows_ok: 0 });
    expect(String(outcome.result?.error)).toContain('locked by SC-STAGED');
    // Every row was staged before the apply was refused… The job's row says it ended before
    // its broadcast is sent, so on a loaded machine the event may follow by some seconds.
    await expect.poll(() => events, { timeout: 30_000 }).toContain('finished failed');
    expect(events.indexOf(`importing ${total}/${total}`)).toBeGreaterThanOrEqual(0);
    expect(events.indexOf(`importing ${total}/${total}`)).toBeLessThan(
      events.indexOf('finished failed'),
    );
    expect(Math.max(...stagedSeen)).toBeGreaterThan(0);
    // …and none of it was applied: no movement, lot, adjustment or applied log row, and the
    // staging rows are gone.
    expect(await countOf(sql`select count(*) as n from stock_movements`)).toBe(before.movements);
    expect(await countOf(sql`select count(*) as n from stock_lots`)).toBe(before.lots);
    expect(await countOf(sql`select count(*) as n from stock_adjustments`)).toBe(
      before.adjustments,
    );
    expect(
      await countOf(
        sql`select count(*) as n from import_job_rows where job_id = ${id} and result <> 'error'`,
      ),
    ).toBe(0);
    expect(
      await countOf(sql`select count(*) as n from import_staged_rows where job_id = ${id}`),
    ).toBe(0);
    await t.server.database.db.execute(
      sql`update stock_counts set status = 'cancelled' where number = 'SC-STAGED'`,
    );
  }, 600_000);

  it('answers a request that needs the database while a large import is being applied', async () => {
    const rows = 12_000;
    const inventory = await tokenFor(t.url, 'inventory');
    // Asked once the apply has begun (the first rows are staged), and again at each progress
    // event until one is answered: on a loaded machine one request may meet a slow turn. Each
    // answer is logged among the job's own events, in the order they happened. Were the apply
    // one transaction, every answer would come after its last progress.
    const events = await follow(() => {
      if (events.some((event) => event.startsWith('products'))) return;
      void call(t.url, 'GET', `${PRODUCTS.api}?per_page=50`, { token: inventory }).then(
        (reply) => void events.push(`products ${reply.httpStatus}`),
      );
    });
    const movementsBefore = await countOf(sql`select count(*) as n from stock_movements`);

    const started = await postImportFile(t.url, {
      route: ROUTE,
      name: 'opening-while-others-read.csv',
      body: inventoryCsv(products, rows, 'WH-MAIN'),
      token: admin,
    });
    expect(started.status).toBe(202);
    const outcome = await finishedImport(
      t.url,
      { route: ROUTE, token: admin },
      started.body.data.id,
    );
    expect(outcome).toMatchObject({ status: 'completed', rows_ok: rows });
    await expect.poll(() => events, { timeout: 30_000 }).toContain('finished completed');

    // The other user was answered while the rows were still being staged: before the apply's
    // last progress, so long before its one transaction committed.
    const answered = events.indexOf('products 200');
    expect(answered, events.join(', ')).toBeGreaterThan(0);
    expect(answered, events.join(', ')).toBeLessThan(events.indexOf(`importing ${rows}/${rows}`));
    // And the file went in whole, with a log row for each row of the file and no staging row
    // left.
    expect(await countOf(sql`select count(*) as n from stock_movements`)).toBe(
      movementsBefore + rows,
    );
    expect(
      await countOf(
        sql`select count(distinct row_no) as n from import_job_rows
             where job_id = ${outcome.id} and result = 'ok' and "values" ? 'sku'`,
      ),
    ).toBe(rows);
    expect(
      await countOf(sql`select count(*) as n from import_job_rows where job_id = ${outcome.id}`),
    ).toBe(rows);
    expect(await countOf(sql`select count(*) as n from import_staged_rows`)).toBe(0);
  }, 600_000);
});
