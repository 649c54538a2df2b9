import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { postImportFile, refusals, runImportFile } from '../support/import-client.ts';
import { inventoryCsv, type CsvProduct, csvProductsOf } from '../support/inventory-import-csv.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// A file is applied exactly once, whole or not at all: a row the server refuses while applying
// (here a location a stock count holds) rolls back every row before it, and the same file sent
// again to the same kind is refused with a link to the job that applied it, even when two
// uploads of it race. (A crash mid-apply: import-interrupted.test.ts.)

const ROUTE = '/api/inventory/inventory-import';

type Refusal = {
  message: string;
  data: { file: string; job_id: number; job_number: string; job_url: string };
};

describe('an import is applied exactly once', () => {
  let t: TestServer;
  let admin: string;
  let products: CsvProduct[];

  const countOf = async (statement: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: string }>(t.server.database.db, statement))[0]?.n ?? 0);
  /** Adjustment lines the given jobs posted. */
  const linesOf = (...jobs: number[]) =>
    countOf(sql`select count(*) as n from stock_adjustment_lines l
                  join stock_adjustments a on a.id = l.adjustment_id
                 where a.note in (${sql.join(
                   jobs.map((id) => sql`${`Opening stock from import ${id}`}`),
                   sql`, `,
                 )})`);
  const upload = (name: string, body: string, dryRun = false) =>
    runImportFile(t.url, { route: ROUTE, name, body, token: admin, dryRun });

  beforeAll(async () => {
    t = await startTestServer();
    admin = await tokenFor(t.url, 'admin');
    products = await csvProductsOf(t.server.database.db);
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  it('rolls back every row when one is refused while applying, in the last batch', async () => {
    const [held] = await queryRows<{ id: string; code: string }>(
      t.server.database.db,
      sql`select id, code from locations where active and code <> 'WH-MAIN' order by id limit 1`,
    );
    await t.server.database.db.execute(
      sql`insert into stock_counts (number, location_id, scope, status)
          values ('SC-HELD', ${held!.id}, 'full', 'in_progress')`,
    );
    const plain = products.find((p) => !p.lotTracked)!;
    // 1,200 good rows (three batches of 500 before this change committed two of them), then
    // one into the location the count holds.
    const file = `${inventoryCsv(products, 1_200)}${plain.sku},${held!.code},,,1,2.5\n`;
    const movementsBefore = await countOf(sql`select count(*) as n from stock_movements`);

    const reply = await upload('held.csv', file);

    expect(reply.body.data).toMatchObject({ status: 'failed', rows_ok: 0 });
    expect(reply.body.data.result).toMatchObject({ rows_applied: 0 });
    expect(String(reply.body.data.result?.error)).toContain('locked by SC-HELD');
    expect(await countOf(sql`select count(*) as n from stock_movements`)).toBe(movementsBefore);
    expect(await linesOf(reply.body.data.id)).toBe(0);
    expect(
      await countOf(
        sql`select count(*) as n from import_job_rows where job_id = ${reply.body.data.id} and result <> 'error'`,
      ),
    ).toBe(0);
  });

  it('refuses the same file again with a link to the job that applied it, dry run or not', async () => {
    const file = inventoryCsv(products, 30);
    const first = await upload('opening.csv', file);
    expect(first.body.data.status).toBe('completed');

    for (const dryRun of [false, true]) {
      const again = await postImportFile(t.url, {
        route: ROUTE,
        name: 'opening-again.csv',
        body: file,
        token: admin,
        dryRun,
      });
      const refused = again.body as unknown as Refusal;
      expect(again.status, `dry run ${dryRun}`).toBe(409);
      expect(refused.data).toEqual({
        file: `This file was already imported by ${first.body.data.number}`,
        job_id: first.body.data.id,
        job_number: first.body.data.number,
        job_url: `${ROUTE}/jobs/${first.body.data.id}/outcome`,
      });
    }
    expect(await linesOf(first.body.data.id)).toBe(30);
    const linked = await call(t.url, 'GET', `${ROUTE}/jobs/${first.body.data.id}/outcome`, {
      token: admin,
    });
    expect(linked.httpStatus).toBe(200);
  });

  it('lets a file whose import failed be sent again, and applies it once', async () => {
    const bad = `${inventoryCsv(products, 10)}NO-SUCH-SKU,WH-MAIN,,,1,2.5\n`;
    const failed = await upload('retry.csv', bad);
    expect(failed.body.data.status).toBe('failed');

    const again = await upload('retry.csv', bad);

    expect(again.status).toBe(202);
    expect(again.body.data.status).toBe('failed');
    expect(refusals(again.body.data.errors)).toEqual([{ row_no: 12, errors: { sku: 'exists' } }]);
  });

  it('applies a file once when two uploads of it race', async () => {
    const file = inventoryCsv(products, 700);

    const [one, two] = await Promise.all([upload('race-1.csv', file), upload('race-2.csv', file)]);

    const jobs = [one, two].filter((r) => r.status === 202).map((r) => r.body.data);
    const completed = jobs.filter((job) => job.status === 'completed');
    expect(completed).toHaveLength(1);
    expect(await linesOf(...jobs.map((job) => job.id))).toBe(700);
    for (const reply of [one, two]) {
      if (reply.status === 409) continue;
      if (reply.body.data.status === 'completed') continue;
      expect(reply.body.data.result?.error).toMatch(/^This file was already imported by IM-/);
    }
  });
});
