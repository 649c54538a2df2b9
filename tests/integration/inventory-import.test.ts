import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_IMPORT_JOBS } from '../../src/domain/entities/inventory/inventory-import-jobs.entity.ts';
import { PRODUCTS } from '../../src/domain/entities/inventory/products.entity.ts';
import { INVENTORY_MOVEMENTS } from '../../src/domain/entities/stock/inventory-movements.entity.ts';
import { STOCK_ON_HAND } from '../../src/domain/entities/stock/stock-on-hand.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { tokenFor } from '../support/api-client.ts';
import { refusals, runImportFile } from '../support/import-client.ts';
import { connectEcho, disconnectEchoes, subscribed } from '../support/echo-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// Inventory import: every row is checked before anything is written, a file
// with one bad row writes nothing and names the row, a good file posts opening stock as a
// stock adjustment in one transaction, and the log keeps every import.

/** What a finished import reports it made. */
type Made = { stock_adjustments?: { number: string }[] };

describe('inventory import', () => {
  let t: TestServer;
  let api: EntityApiClient;
  let tracked: Row;
  let untracked: Row;

  const upload = (name: string, body: string | Buffer, token = api.token, dryRun = false) =>
    runImportFile<Made>(t.url, {
      route: '/api/inventory/inventory-import',
      name,
      body,
      token,
      dryRun,
    });

  const onHand = async (productId: number) => {
    const list = await api.get<List>(STOCK_ON_HAND.api, {
      filter: [
        {
          field: 'product_id',
          field_type: 'number',
          filters: [{ operator: 'equals', value: productId }],
        },
      ],
      per_page: 500,
    });
    return list.data.rows.reduce((sum, r) => sum + Number(r.qty_on_hand), 0);
  };

  beforeAll(async () => {
    t = await startTestServer();
    api = entityClient(t.url, await tokenFor(t.url, 'inventory'));
    const products = await api.get<List>(PRODUCTS.api, { per_page: 500 });
    tracked = products.data.rows.find((p) => p.is_lot_tracked === 1)!;
    untracked = products.data.rows.find((p) => p.is_lot_tracked === 0) ?? tracked;
  });
  afterAll(async () => {
    disconnectEchoes();
    await t.close();
  });

  it('refuses a file with a bad row, names every bad row, and writes nothing', async () => {
    const before = await onHand(Number(tracked.id));
    const csv = [
      'SKU,Location,Lot No,Qty',
      `${String(tracked.sku)},WH-MAIN,IMP-1,5`,
      `${String(tracked.sku)},WH-MAIN,,5`,
      'NO-SUCH-SKU,WH-MAIN,L,1',
      `${String(tracked.sku)},NOWHERE,L,abc`,
    ].join('\n');
    const reply = await upload('opening.csv', csv);
    expect(reply.status).toBe(202);
    expect(reply.body.data).toMatchObject({ status: 'failed', rows_total: 4, rows_error: 3 });
    expect(refusals(reply.body.data.errors)).toEqual([
      { row_no: 3, errors: { lot_no: 'requiredif' } },
      { row_no: 4, errors: { sku: 'exists' } },
      { row_no: 5, errors: { location: 'exists', qty: 'numeric' } },
    ]);
    expect(await onHand(Number(tracked.id))).toBeCloseTo(before, 3);
  });

  it('imports a good XLSX file as one posted stock adjustment and reports progress', async () => {
    const echo = await connectEcho(t.url, api.token);
    const channel = echo.private('inventory.imports');
    await subscribed(channel);
    const phases: string[] = [];
    channel.listen(
      '.import.progress',
      (e: { phase: string; ref: string }) => e.ref === 'test' && phases.push(e.phase),
    );
    const before = await onHand(Number(tracked.id));
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stock');
    sheet.addRow(['sku', 'location', 'lot_no', 'expiry_date', 'qty', 'unit_cost']);
    sheet.addRow([tracked.sku, 'WH-MAIN', 'IMP-2026-01', '2028-01-31', 12.5, 3.25]);
    sheet.addRow([untracked.sku, 'WH-MAIN', 'IMP-2026-02', '', 4, '']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const reply = await upload('opening.xlsx', bytes);
    expect(reply.body.data).toMatchObject({ status: 'completed', rows_ok: 2, rows_error: 0 });
    const adjustment = reply.body.data.result?.stock_adjustments?.[0]?.number;
    expect(adjustment).toMatch(/^SA-\d{5}$/);
    // Its movements name the adjustment, in the ledger and in the movements report.
    // source_id alone is not unique across documents: a receiving may share the adjustment's id.
    const sources = await queryRows<{ source_type: string; rows: number }>(
      t.server.database.db,
      sql`select m.source_type, count(*)::int as rows from stock_movements m
           join stock_adjustments a on a.id = m.source_id and m.source_type = 'stock_adjustments'
           where a.number = ${adjustment} group by m.source_type`,
    );
    expect(sources).toEqual([{ source_type: 'stock_adjustments', rows: 2 }]);
    const movements = await api.get<List>(INVENTORY_MOVEMENTS.api, {
      filter: [
        {
          field: 'document_number',
          field_type: 'text',
          filters: [{ operator: 'equals', value: String(adjustment) }],
        },
      ],
    });
    expect(movements.data.rows.map((r) => [r.movement_type, r.source_type])).toEqual([
      ['opening', 'stock_adjustments'],
      ['opening', 'stock_adjustments'],
    ]);
    expect(await onHand(Number(tracked.id))).toBeCloseTo(
      before + 12.5 + (untracked.id === tracked.id ? 4 : 0),
      3,
    );
    await expect.poll(() => phases).toContain('importing');
    const log = await api.get<List>(INVENTORY_IMPORT_JOBS.api);
    expect(log.data.rows.slice(0, 2).map((r) => r.status)).toEqual(['completed', 'failed']);
  });

  it('checks a file without writing when asked to check only', async () => {
    const before = await onHand(Number(tracked.id));
    const reply = await upload(
      'check.csv',
      `sku,location,lot_no,qty\n${String(tracked.sku)},WH-MAIN,IMP-3,1\n`,
      api.token,
      true,
    );
    expect(reply.body.data.status).toBe('validated');
    expect(await onHand(Number(tracked.id))).toBeCloseTo(before, 3);
  });

  it('refuses a file without the required columns, and a role outside inventory', async () => {
    const missing = await upload('bad.csv', 'sku,qty\nX,1\n');
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe('validation_error');
    const outsider = await upload(
      'opening.csv',
      'sku,location,qty\nX,WH-MAIN,1\n',
      await tokenFor(t.url, 'batcher'),
    );
    expect(outsider.status).toBe(403);
  });
});
