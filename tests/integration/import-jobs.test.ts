import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../src/domain/entities/inventory/products.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { INTERRUPTED_REASON } from '../../server/imports/interrupted-imports.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { connectEcho, disconnectEchoes, subscribed } from '../support/echo-client.ts';
import {
  finishedImport,
  postImportFile,
  refusals,
  runImportFile,
} from '../support/import-client.ts';
import { inventoryCsv, type CsvProduct, csvProductsOf } from '../support/inventory-import-csv.ts';
import { restartTestServer, startTestServer, type TestServer } from '../support/test-server.ts';

// Big imports: the upload answers 202 with the job, which then reads the
// file in batches, logs refused rows in bounded inserts and applies all the rows in one
// transaction of batched statements; its progress goes out on private-imports.jobs in order,
// other users are served meanwhile, and a job a crash left running is failed at the next start.

const ROUTE = '/api/inventory/inventory-import';
const BIG = 20_000;

type Progress = {
  ref: string;
  phase: 'validating' | 'importing';
  processed: number;
  total: number;
};

describe('import jobs', () => {
  let t: TestServer;
  let admin: string;
  let products: CsvProduct[];

  const countOf = async (statement: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: string }>(t.server.database.db, statement))[0]?.n ?? 0);

  beforeAll(async () => {
    t = await startTestServer();
    admin = await tokenFor(t.url, 'admin');
    products = await csvProductsOf(t.server.database.db);
  });
  afterAll(async () => {
    disconnectEchoes();
    await t.close();
  });

  it(`imports ${BIG} rows, reports progress in order, and serves another user meanwhile`, async () => {
    const echo = await connectEcho(t.url, admin);
    const channel = echo.private('imports.jobs');
    await subscribed(channel);
    const inventory = await tokenFor(t.url, 'inventory');
    const progress: Progress[] = [];
    // What happened, in the order it happened: the other user's answer and the job's end.
    const order: string[] = [];
    let otherUser: Promise<void> | undefined;
    channel.listen('.import.progress', (event: Progress) => {
      if (event.ref !== 'test') return;
      progress.push(event);
      otherUser ??= call(t.url, 'GET', `${PRODUCTS.api}?per_page=50`, { token: inventory }).then(
        (reply) => void order.push(`products ${reply.httpStatus}`),
      );
    });
    channel.listen('.import.finished', (event: { ref: string; status: string }) => {
      if (event.ref === 'test') order.push(`finished ${event.status}`);
    });
    const movementsBefore = await countOf(sql`select count(*) as n from stock_movements`);

    const started = await postImportFile(t.url, {
      route: ROUTE,
      name: 'opening-20k.csv',
      body: inventoryCsv(products, BIG),
      token: admin,
    });
    expect(started.status).toBe(202);
    expect(started.body.data.status).toBe('uploaded');
    expect(started.body.data.number).toMatch(/^IM-\d{5}$/);
    const outcome = await finishedImport(
      t.url,
      { route: ROUTE, token: admin },
      started.body.data.id,
    );

    expect(outcome).toMatchObject({
      status: 'completed',
      rows_total: BIG,
      rows_ok: BIG,
      rows_error: 0,
    });
    expect(await countOf(sql`select count(*) as n from stock_movements`)).toBe(
      movementsBefore + BIG,
    );
    expect(
      await countOf(
        sql`select count(*) as n from import_job_rows where job_id = ${outcome.id} and result = 'ok'`,
      ),
    ).toBe(BIG);
    await expect.poll(() => order).toContain('finished completed');
    expect(order).toEqual(['products 200', 'finished completed']);
    // Validation counts up to every row, then the apply does, each without going back.
    const phases = progress.map((p) => p.phase);
    expect(phases.indexOf('importing')).toBeGreaterThan(phases.lastIndexOf('validating'));
    for (const phase of ['validating', 'importing'] as const) {
      const counts = progress.filter((p) => p.phase === phase).map((p) => p.processed);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      expect(counts.length).toBeGreaterThan(BIG / 1000);
      expect(counts.at(-1)).toBe(BIG);
    }
    expect(new Set(progress.map((p) => p.total))).toEqual(new Set([BIG]));
  }, 600_000);

  it('logs each refused row with its codes across batches, and applies nothing', async () => {
    const good = inventoryCsv(products, 1_200).trimEnd().split('\n');
    const lotTracked = products.find((p) => p.lotTracked)!;
    // Rows 2, 700 and 1,202 of the file: in the first, second and third batch of 500.
    good[1] = 'NO-SUCH-SKU,WH-MAIN,,,1,2.5';
    good[699] = `${lotTracked.sku},WH-MAIN,,,abc,2.5`;
    good.push(`${lotTracked.sku},NOWHERE,L-1,31/12/2029,,`);
    const movementsBefore = await countOf(sql`select count(*) as n from stock_movements`);

    const reply = await runImportFile(t.url, {
      route: ROUTE,
      name: 'bad.csv',
      body: good.join('\n'),
      token: admin,
    });

    expect(reply.body.data).toMatchObject({
      status: 'failed',
      rows_total: 1_201,
      rows_error: 3,
      rows_ok: 1_198,
    });
    expect(refusals(reply.body.data.errors)).toEqual([
      { row_no: 2, errors: { sku: 'exists' } },
      { row_no: 700, errors: { lot_no: 'requiredif', qty: 'numeric' } },
      { row_no: 1_202, errors: { location: 'exists', expiry_date: 'in', qty: 'required' } },
    ]);
    expect(await countOf(sql`select count(*) as n from stock_movements`)).toBe(movementsBefore);
    expect(
      await countOf(
        sql`select count(*) as n from import_job_rows where job_id = ${reply.body.data.id}`,
      ),
    ).toBe(3);
  });

  it('fails at start a job that a crash left validating', async () => {
    const [left] = await queryRows<{ id: string }>(
      t.server.database.db,
      sql`insert into import_jobs (type, file_name, size_bytes, sha256, status, rows_total)
          values ('inventory', 'crashed.csv', 10, repeat('0', 64), 'validating', 100) returning id`,
    );
    t = await restartTestServer(t);
    admin = await tokenFor(t.url, 'admin');
    const outcome = await finishedImport(t.url, { route: ROUTE, token: admin }, Number(left!.id));
    expect(outcome).toMatchObject({
      status: 'failed',
      result: { error: INTERRUPTED_REASON },
      errors: [{ row_no: 0, errors: { file: INTERRUPTED_REASON } }],
    });
  }, 300_000);
});
