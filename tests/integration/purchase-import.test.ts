import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import type { ImportPreview } from '../../src/domain/imports/import-job.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { runImportFile } from '../support/import-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// Purchase import (docs/product.md §2 /purchases/import; docs/domain/imports.md §12): rows grouped
// by PO reference into draft purchase orders; every row checked first, one bad row writes nothing;
// the same file again makes nothing new; admin and purchase only.

const ROUTE = '/api/purchase/import';
type Made = { purchase_orders: { id: number; number: string }[]; rows_skipped: number };

const HEADER = 'PO Ref,Supplier,Ship To,SKU,Qty,Unit Price,Expected Date';

describe('purchase import', () => {
  let t: TestServer;
  let admin: string;
  const tag = `T${Date.now().toString(36)}`;

  const upload = (name: string, body: string | Buffer, token = admin, extra = {}) =>
    runImportFile<Made>(t.url, { route: ROUTE, name, body, token, ...extra });

  const ordersOf = (ref: string) =>
    queryRows<{ id: number; status: string; lines: number; subtotal: string }>(
      t.server.database.db,
      sql`select po.id::int as id, po.status, po.subtotal::text as subtotal,
            (select count(*)::int from purchase_order_lines l where l.purchase_order_id = po.id) as lines
          from purchase_orders po where po.note like ${`Imported from ${ref} %`}`,
    );

  beforeAll(async () => {
    t = await startTestServer();
    admin = await tokenFor(t.url, 'admin');
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  it('makes one draft PO per reference with its lines and figures, then skips it on re-import', async () => {
    const file = [
      HEADER,
      `${tag}-A,SUP-GLYC,WH-MAIN,RM-PG-USP,1000,0.004,2026-12-01`,
      `${tag}-A,SUP-GLYC,WH-MAIN,RM-VG-USP,2000,,2026-12-01`,
      `${tag}-B,SUP-NICO,WH-MAIN,RM-NIC-FB-100,500,0.06,`,
    ].join('\n');
    const first = await upload('po.csv', file);
    expect(first.status).toBe(202);
    expect(first.body.data.status).toBe('completed');
    expect(first.body.data.result?.purchase_orders).toHaveLength(2);
    const [a] = await ordersOf(`${tag}-A`);
    expect(a).toMatchObject({ status: 'draft', lines: 2 });
    // 1000 × 0.004 + 2000 × the supplier's 0.0036
    expect(Number(a!.subtotal)).toBeCloseTo(11.2, 2);

    // The same bytes are refused; the same rows in another file are skipped by their keys.
    expect((await upload('po.csv', file)).status).toBe(409);
    const again = await upload('po-again.csv', `${file}\n`);
    expect(again.body.data.status).toBe('completed');
    expect(again.body.data.result?.purchase_orders).toEqual([]);
    expect(again.body.data.result?.rows_skipped).toBe(3);
    expect(await ordersOf(`${tag}-A`)).toHaveLength(1);
    const rows = await call<{ rows: { result: string }[] }>(
      t.url,
      'GET',
      `${ROUTE}/jobs/${again.body.data.id}/rows`,
      { token: admin },
    );
    expect(rows.data.rows.map((r) => r.result)).toEqual(['skipped', 'skipped', 'skipped']);
  });

  it('refuses the whole file with per-row codes when any row is wrong', async () => {
    const file = [
      HEADER,
      `${tag}-C,SUP-GLYC,WH-MAIN,RM-PG-USP,10,0.004,`,
      `${tag}-C,SUP-NOPE,WH-MAIN,RM-PG-USP,abc,,`,
      `${tag}-D,SUP-GLYC,WH-MAIN,NO-SUCH-SKU,5,1,2026-13-45`,
      `,SUP-GLYC,WH-MAIN,RM-PG-USP,5,1,`,
    ].join('\n');
    const reply = await upload('bad.csv', file);
    expect(reply.body.data.status).toBe('failed');
    expect(reply.body.data.rows_error).toBe(3);
    const byRow = Object.fromEntries(reply.body.data.errors.map((e) => [e.row_no, e.errors]));
    expect(byRow[3]).toMatchObject({ supplier: 'exists', qty: 'numeric' });
    expect(byRow[4]).toMatchObject({ sku: 'exists', expected_date: 'in' });
    expect(byRow[5]).toMatchObject({ po_ref: 'required' });
    // The refused row's cells come back for its grid.
    expect(reply.body.data.errors.find((e) => e.row_no === 3)?.values).toMatchObject({
      supplier: 'SUP-NOPE',
      qty: 'abc',
    });
    expect(await ordersOf(`${tag}-C`)).toEqual([]);
  });

  it('refuses rows of one reference that disagree on the supplier', async () => {
    const file = [
      HEADER,
      `${tag}-E,SUP-GLYC,WH-MAIN,RM-PG-USP,10,0.004,`,
      `${tag}-E,SUP-NICO,WH-MAIN,RM-NIC-FB-100,10,0.06,`,
    ].join('\n');
    const reply = await upload('mixed.csv', file);
    expect(reply.body.data.status).toBe('failed');
    expect(reply.body.data.errors.map((e) => [e.row_no, e.errors])).toEqual([
      [3, { supplier: 'Differs from the first row of this PO Ref' }],
    ]);
    expect(await ordersOf(`${tag}-E`)).toEqual([]);
  });

  it('reads an XLSX with its own headers through a mapping, formula cells by their saved value', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Orders');
    sheet.addRow(['Order #', 'Vendor', 'Deliver to', 'Item', 'Quantity', 'Price']);
    sheet.addRow([`${tag}-F`, 'SUP-GLYC', 'WH-MAIN', 'RM-PG-USP', 100, 0.005]);
    sheet.addRow([
      `${tag}-F`,
      'SUP-GLYC',
      'WH-MAIN',
      'RM-VG-USP',
      { formula: 'E2*2', result: 200 },
      0.004,
    ]);
    const body = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await fetch(`${t.url}${ROUTE}/preview?file_name=po.xlsx`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(body),
    });
    const preview = (await response.json()) as { data: ImportPreview };
    expect(preview.data.headers.map((h) => h.label)).toEqual([
      'Order #',
      'Vendor',
      'Deliver to',
      'Item',
      'Quantity',
      'Price',
    ]);
    // None of these headers is a column's name: nothing is matched until the user maps them.
    expect(preview.data.mapping).toEqual({});
    const unmapped = await upload('po.xlsx', body);
    expect(unmapped.status).toBe(422);

    const mapping = {
      po_ref: 'order_#',
      supplier: 'vendor',
      ship_to: 'deliver_to',
      sku: 'item',
      qty: 'quantity',
      unit_price: 'price',
    };
    const reply = await upload('po.xlsx', body, admin, { mapping });
    expect(reply.body.data.status).toBe('completed');
    const [f] = await ordersOf(`${tag}-F`);
    expect(f).toMatchObject({ lines: 2 });
    expect(Number(f!.subtotal)).toBeCloseTo(100 * 0.005 + 200 * 0.004, 3);
  });

  it('is for admin and purchase only', async () => {
    const file = `${HEADER}\n${tag}-G,SUP-GLYC,WH-MAIN,RM-PG-USP,10,0.004,`;
    const refused = await upload('po.csv', file, await tokenFor(t.url, 'warehouse'));
    expect(refused.status).toBe(403);
    expect(await ordersOf(`${tag}-G`)).toEqual([]);
    const allowed = await upload('po.csv', file, await tokenFor(t.url, 'purchase'));
    expect(allowed.body.data.status).toBe('completed');
    expect(await ordersOf(`${tag}-G`)).toHaveLength(1);
  });
});
