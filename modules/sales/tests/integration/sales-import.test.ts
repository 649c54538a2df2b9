import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { SALES_IMPORT_LOGS } from '../../shared/entities/sales-import-logs.entity.ts';
import { SALES_ORDERS } from '../../shared/entities/sales-orders.entity.ts';
import { call, tokenFor } from '../../../../tests/support/api-client.ts';
import { entityClient, type List, type Row } from '../../../../tests/support/entity-crud.ts';
import { refusals, runImportFile } from '../../../../tests/support/import-client.ts';
import { startTestServer, type TestServer } from '../../../../tests/support/test-server.ts';

// Sales import (docs/domain/sales.md §6 and docs/domain/imports.md §12): rows grouped by order
// reference into draft sales orders priced by the server; idempotent on the reference (created,
// updated while a draft, skipped when unchanged or no longer a draft); refused rows carry their
// docs/product.md §5 codes and write nothing, as does an order the server refuses while applying
// (no price): the file is all or nothing; every row's outcome is in sales_import_logs
// (/api/sales/sales_import_logs), linked to its order and its job; sale and
// admin import, nobody else.

const ROUTE = '/api/sales/import';
const HEADER = 'Order Ref,Customer,Ship From,SKU,Qty,Order Date,Ship By';

type Log = Row & {
  row_no: number;
  external_ref: string | null;
  result: string;
  sales_order_id: number | null;
  sales_order_number: string | null;
  import_job_number: string;
  message: string | null;
};

describe('sales import', () => {
  let t: TestServer;
  let sale: string;
  let customer = '';
  let skus: string[] = [];
  let unpriced = '';
  const tag = `S${Date.now().toString(36)}`;

  const upload = (name: string, body: string, token = sale) =>
    runImportFile(t.url, { route: ROUTE, name, body, token });

  const orderOf = async (ref: string) =>
    (
      await queryRows<{
        id: number;
        number: string;
        status: string;
        source: string;
        version: number;
        lines: string;
        subtotal: string;
      }>(
        t.server.database.db,
        sql`select so.id::int, so.number, so.status, so.source, so.version::int,
                 so.subtotal::text,
                 (select string_agg(l.qty::float8::text, ',' order by l.id)
                    from sales_order_lines l where l.sales_order_id = so.id) as lines
            from sales_orders so where so.external_ref = ${ref}`,
      )
    )[0];

  async function logsOf(job: number): Promise<Log[]> {
    const reply = await entityClient(t.url, sale).get<List>(SALES_IMPORT_LOGS.api, {
      filter: [
        {
          field: 'import_job_id',
          field_type: 'number',
          filters: [{ operator: 'equals', value: job }],
        },
      ],
      per_page: 100,
    });
    expect(reply.httpStatus, reply.message).toBe(200);
    return (reply.data.rows as Log[]).sort((a, b) => a.row_no - b.row_no);
  }

  beforeAll(async () => {
    t = await startTestServer();
    sale = await tokenFor(t.url, 'sale');
    const db = t.server.database.db;
    const [key] = await queryRows<{ code: string }>(
      db,
      sql`select code from customers where name = 'Maple Leaf Vape Distribution'`,
    );
    customer = key!.code;
    const priced = await queryRows<{ sku: string }>(
      db,
      sql`select p.sku from products p
           where p.type = 'finished_good'
             and exists (select 1 from price_tier_prices tp join price_tiers pt on pt.id = tp.price_tier_id
                          where tp.product_id = p.id and pt.code = 'WHOLESALE')
           order by p.sku limit 2`,
    );
    skus = priced.map((p) => p.sku);
    const [raw] = await queryRows<{ sku: string }>(
      db,
      sql`select p.sku from products p
           where not exists (select 1 from price_tier_prices tp where tp.product_id = p.id)
           order by p.sku limit 1`,
    );
    unpriced = raw!.sku;
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  const fileOf = (rows: string[]) => [HEADER, ...rows].join('\n');

  it('creates one draft per reference, priced by the server, and logs each row', async () => {
    const file = fileOf([
      `${tag}-A,${customer},WH-MAIN,${skus[0]},12,2026-11-02,2026-11-20`,
      `${tag}-A,${customer},WH-MAIN,${skus[1]},6,2026-11-02,2026-11-20`,
      `${tag}-B,${customer},WH-MAIN,${skus[0]},24,2026-11-02,`,
    ]);
    const first = await upload('sales.csv', file);
    expect(first.status).toBe(202);
    expect(first.body.data).toMatchObject({
      status: 'completed',
      result: { orders_created: 2, orders_updated: 0, orders_skipped: 0 },
    });
    const a = await orderOf(`${tag}-A`);
    expect(a).toMatchObject({ status: 'draft', source: 'import', lines: '12,6' });
    expect(Number(a!.subtotal)).toBeGreaterThan(0);
    // The same figures as the order's own reading: tier prices, discounts, taxes.
    const read = await call<Row>(t.url, 'GET', `${SALES_ORDERS.api}/${a!.id}`, { token: sale });
    expect(read.data).toMatchObject({
      external_ref: `${tag}-A`,
      requested_ship_date: '2026-11-20',
    });
    expect(Number(read.data.total)).toBeGreaterThan(Number(read.data.subtotal) - 0.01);

    const logs = await logsOf(first.body.data.id);
    expect(logs.map((l) => [l.row_no, l.external_ref, l.result])).toEqual([
      [2, `${tag}-A`, 'created'],
      [3, `${tag}-A`, 'created'],
      [4, `${tag}-B`, 'created'],
    ]);
    expect(logs[0]).toMatchObject({
      sales_order_id: a!.id,
      sales_order_number: a!.number,
      import_job_number: `IM-${String(first.body.data.id).padStart(5, '0')}`,
    });
  });

  it('skips an unchanged reference, updates a changed draft, and skips one no longer a draft', async () => {
    const base = [
      `${tag}-C,${customer},WH-MAIN,${skus[0]},10,2026-11-02,`,
      `${tag}-D,${customer},WH-MAIN,${skus[1]},10,2026-11-02,`,
      `${tag}-E,${customer},WH-MAIN,${skus[0]},10,2026-11-02,`,
    ];
    const first = await upload('base.csv', fileOf(base));
    expect(first.body.data.status).toBe('completed');
    // The same bytes are refused (409); the same rows in another file are skipped by reference.
    expect((await upload('base.csv', fileOf(base))).status).toBe(409);
    const again = await upload('base-again.csv', `${fileOf(base)}\n`);
    expect(again.body.data.result).toMatchObject({ orders_created: 0, orders_skipped: 3 });
    expect((await logsOf(again.body.data.id)).map((l) => l.result)).toEqual([
      'skipped',
      'skipped',
      'skipped',
    ]);
    const d = await orderOf(`${tag}-D`);
    const e = await orderOf(`${tag}-E`);
    // E is confirmed on its form: from then on the file no longer changes it.
    const confirmed = await call(t.url, 'POST', `${SALES_ORDERS.api}/${e!.id}/events/confirm`, {
      token: sale,
      body: { version: e!.version },
    });
    expect(confirmed.httpStatus, confirmed.message).toBe(200);

    const changed = await upload(
      'changed.csv',
      fileOf([
        base[0]!,
        `${tag}-D,${customer},WH-MAIN,${skus[1]},15,2026-11-02,`,
        `${tag}-D,${customer},WH-MAIN,${skus[0]},3,2026-11-02,`,
        `${tag}-E,${customer},WH-MAIN,${skus[0]},99,2026-11-02,`,
      ]),
    );
    expect(changed.body.data.result).toMatchObject({
      orders_created: 0,
      orders_updated: 1,
      orders_skipped: 2,
    });
    const logs = await logsOf(changed.body.data.id);
    expect(logs.map((l) => [l.external_ref, l.result])).toEqual([
      [`${tag}-C`, 'skipped'],
      [`${tag}-D`, 'updated'],
      [`${tag}-D`, 'updated'],
      [`${tag}-E`, 'skipped'],
    ]);
    expect(logs[0]!.message).toMatch(/unchanged/);
    expect(logs[3]!.message).toMatch(/confirmed, no longer a draft/);
    const updated = await orderOf(`${tag}-D`);
    expect(updated).toMatchObject({ id: d!.id, lines: '15,3' });
    // The row stamp renews the version: an editor holding the old one gets a 409.
    expect(updated!.version).toBeGreaterThan(d!.version);
    expect(await orderOf(`${tag}-E`)).toMatchObject({ status: 'confirmed', lines: '10' });
  });

  it('refuses a file with bad rows, logs what is wrong with each in words, and writes no order', async () => {
    const before = await queryRows<{ n: number }>(
      t.server.database.db,
      sql`select count(*)::int as n from sales_orders`,
    );
    const bad = await upload(
      'bad.csv',
      fileOf([
        `${tag}-F,${customer},WH-MAIN,${skus[0]},5,2026-11-02,`,
        `${tag}-F,NO-SUCH-CUSTOMER,WH-MAIN,${skus[0]},abc,2026-11-02,`,
        `${tag}-G,${customer},WH-MAIN,NO-SUCH-SKU,5,2026-13-45,`,
        `,${customer},WH-MAIN,${skus[0]},5,,`,
      ]),
    );
    expect(bad.body.data.status).toBe('failed');
    expect(refusals(bad.body.data.errors)).toEqual([
      { row_no: 3, errors: { customer: 'exists', qty: 'numeric' } },
      { row_no: 4, errors: { sku: 'exists', order_date: 'in' } },
      { row_no: 5, errors: { order_ref: 'required' } },
    ]);
    const logs = await logsOf(bad.body.data.id);
    expect(logs.map((l) => [l.row_no, l.result, l.message])).toEqual([
      [
        3,
        'error',
        'No active customer NO-SUCH-CUSTOMER; customer codes look like C-0001. ' +
          'Qty "abc" is not a number (expected: above 0)',
      ],
      [
        4,
        'error',
        'No product with SKU NO-SUCH-SKU; SKUs look like RM-PG-USP. ' +
          'Order Date "2026-13-45" is not accepted (expected: yyyy-MM-dd; today when empty)',
      ],
      [5, 'error', 'Order Ref is empty (expected: your order reference; one order per ref)'],
    ]);
    expect(await orderOf(`${tag}-F`)).toBeUndefined();
    const after = await queryRows<{ n: number }>(
      t.server.database.db,
      sql`select count(*)::int as n from sales_orders`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses the whole file for an order the server cannot price, logging it, and applies none', async () => {
    const reply = await upload(
      'unpriced.csv',
      fileOf([
        `${tag}-I,${customer},WH-MAIN,${skus[0]},5,2026-11-02,`,
        `${tag}-H,${customer},WH-MAIN,${unpriced},5,2026-11-02,`,
      ]),
    );
    expect(reply.body.data).toMatchObject({ status: 'failed', rows_ok: 0, rows_error: 1 });
    expect(String(reply.body.data.result?.error)).toContain(
      `Order ${tag}-H: No price for ${unpriced}`,
    );
    const logs = await logsOf(reply.body.data.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ row_no: 3, result: 'error', sales_order_id: null });
    expect(logs[0]!.message).toContain(`No price for ${unpriced}`);
    expect(await orderOf(`${tag}-H`)).toBeUndefined();
    expect(await orderOf(`${tag}-I`)).toBeUndefined();
  });

  it('lets sale and admin import and read the log; refuses the sales section and others', async () => {
    const file = fileOf([`${tag}-J,${customer},WH-MAIN,${skus[0]},1,2026-11-02,`]);
    const admin = await upload('admin.csv', file, await tokenFor(t.url, 'admin'));
    expect(admin.body.data.status).toBe('completed');
    for (const user of ['director', 'manager', 'warehouse', 'purchase']) {
      const token = await tokenFor(t.url, user);
      const refused = await upload('refused.csv', file, token);
      expect(refused.status, user).toBe(403);
      const log = await call(t.url, 'GET', SALES_IMPORT_LOGS.api, { token });
      expect(log.httpStatus, user).toBe(403);
    }
  });
});
