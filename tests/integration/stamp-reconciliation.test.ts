import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  STAMP_RECONCILIATION_API,
  type ReconciliationRow,
  type StampReconciliation,
} from '../../src/domain/entities/production/stamp-reconciliation.ts';
import { monthFigures } from '../../server/db/stamp-reels/month-figures.ts';
import { tokenFor } from '../support/api-client.ts';
import { connectEcho, disconnectEchoes, subscribed, waitFor } from '../support/echo-client.ts';
import { entityClient, type EntityApiClient } from '../support/entity-crud.ts';
import { readPdf } from '../support/pdf-text.ts';
import { ON_MARCH, RECON_MONTH, seedStampMonth, type StampMonth } from '../support/stamp-month.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// The monthly stamp reconciliation (docs/domain/production.md "Monthly stamp reconciliation")
// on a real server: the figures of March 2025 derived from reels and a stamping order written
// through the reel ledger, the counts and reasons saved with the month's version, the close
// refused while a difference has no reason, the month read-only once closed, the roles, the
// exports (CSV and XLSX parsed back, the PDF read back) and the close heard by a second viewer.

const URL_OF = (month: string) => `${STAMP_RECONCILIATION_API}/${month}`;

describe('the monthly stamp reconciliation', () => {
  let t: TestServer;
  let keeper: EntityApiClient;
  let manager: EntityApiClient;
  let admin: EntityApiClient;
  let seeded: StampMonth;

  beforeAll(async () => {
    t = await startTestServer();
    seeded = await seedStampMonth(t.server.database.db);
    keeper = entityClient(t.url, await tokenFor(t.url, 'stamp_inventory'));
    manager = entityClient(t.url, await tokenFor(t.url, 'manager'));
    admin = entityClient(t.url, await tokenFor(t.url, 'admin'));
  }, 180_000);
  afterEach(() => disconnectEchoes());
  afterAll(async () => t.close());

  const read = async (month = RECON_MONTH) =>
    (await keeper.get<StampReconciliation>(URL_OF(month))).data;
  const rowOf = (reading: StampReconciliation, id: number) =>
    reading.rows.find((r) => r.stamp_jurisdiction_id === id) as ReconciliationRow;
  const file = async (format: string, token = keeper.token) =>
    fetch(`${t.url}${URL_OF(RECON_MONTH)}/export?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    });

  it('derives the month per jurisdiction from the reel ledger, with its reels and orders', async () => {
    const reading = await read();
    expect(reading).toMatchObject({ month: RECON_MONTH, status: 'open', version: 0 });
    const on = rowOf(reading, seeded.on);
    expect(on).toMatchObject({ ...ON_MARCH, counted: null, difference: null });
    expect(on.reels.map((r) => [r.reel_no, r.opening, r.received, r.closing])).toEqual([
      ['RC-A-RC', 1000, 0, 375],
      ['RC-B-RC', 0, 500, 490],
    ]);
    expect(on.orders).toEqual([
      {
        kind: 'stamping',
        order_id: expect.any(Number) as unknown,
        number: seeded.orderNumber,
        reel_no: 'RC-A-RC',
        applied: 600,
        wasted: 20,
        damaged: 5,
        returned: 375,
      },
    ]);
    expect(rowOf(reading, seeded.qc)).toMatchObject({ opening: 300, destroyed: 300, closing: 0 });
    // April moved reel B again; February is a month of its own.
    const april = rowOf(await read('2025-04'), seeded.on);
    expect(april).toMatchObject({ opening: 865, applied: 100, closing: 765 });
    const february = rowOf(await read('2025-02'), seeded.on);
    expect(february).toMatchObject({ opening: 0, received: 1000, closing: 1000 });
  });

  it('reads the same opening from either end of the ledger', async () => {
    const db = t.server.database.db;
    const now = new Date().toISOString().slice(0, 7);
    const months = ['2025-01', '2025-02', '2025-03', '2025-04', now];
    for (let back = 0, m = now; back < 5; back += 1) {
      m = m.endsWith('-01')
        ? `${Number(m.slice(0, 4)) - 1}-12`
        : `${m.slice(0, 5)}${String(Number(m.slice(5)) - 1).padStart(2, '0')}`;
      months.push(m);
    }
    let compared = 0;
    for (const month of months) {
      const history = await monthFigures(db, month, 'history');
      expect(await monthFigures(db, month, 'remaining'), month).toEqual(history);
      compared += history.length;
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('opens to stamp inventory, the manager and admin only', async () => {
    expect((await manager.get(URL_OF(RECON_MONTH))).httpStatus).toBe(200);
    expect((await admin.get(URL_OF(RECON_MONTH))).httpStatus).toBe(200);
    for (const user of ['stamper', 'supervisor_production', 'production_reports']) {
      const other = entityClient(t.url, await tokenFor(t.url, user));
      expect((await other.get(URL_OF(RECON_MONTH))).httpStatus, user).toBe(403);
      const put = await other.send('PUT', URL_OF(RECON_MONTH), { version: 0, counts: [] });
      expect(put.httpStatus, user).toBe(403);
      const close = await other.send('POST', `${URL_OF(RECON_MONTH)}/close`, { version: 0 });
      expect(close.httpStatus, user).toBe(403);
      expect((await file('csv', other.token)).status, user).toBe(403);
    }
    expect((await read()).version).toBe(0);
  });

  it('refuses bad input with its field named, and writes nothing', async () => {
    const bad = [
      [URL_OF('2025-13'), { version: 0, counts: [] }, 'params.month'],
      [
        URL_OF(RECON_MONTH),
        { version: 0, counts: [{ stamp_jurisdiction_id: seeded.on, counted: -1 }] },
        'counts.0.counted',
      ],
      [
        URL_OF(RECON_MONTH),
        { version: 0, counts: [{ stamp_jurisdiction_id: 1, counted: 5 }] },
        'counts.0.stamp_jurisdiction_id',
      ],
      [URL_OF(RECON_MONTH), { counts: [] }, 'version'],
    ] as const;
    for (const [url, body, field] of bad) {
      const reply = await keeper.send<Record<string, string>>('PUT', url, body);
      expect(reply.httpStatus, field).toBe(422);
      expect(Object.keys(reply.data), field).toContain(field);
    }
    expect((await read()).version).toBe(0);
  });

  it('saves counts with the version read, refuses a stale one, and flags the difference', async () => {
    const saved = await keeper.send<StampReconciliation>('PUT', URL_OF(RECON_MONTH), {
      version: 0,
      counts: [
        { stamp_jurisdiction_id: seeded.on, counted: 860 },
        { stamp_jurisdiction_id: seeded.qc, counted: 0 },
      ],
    });
    expect(saved.httpStatus, JSON.stringify(saved.data)).toBe(200);
    expect(saved.data.version).toBeGreaterThan(0);
    expect(rowOf(saved.data, seeded.on)).toMatchObject({ counted: 860, difference: -5 });
    expect(rowOf(saved.data, seeded.qc)).toMatchObject({ counted: 0, difference: 0 });
    const stale = await manager.send<{ current: { version: number; updated_by_name: string } }>(
      'PUT',
      URL_OF(RECON_MONTH),
      { version: 0, counts: [{ stamp_jurisdiction_id: seeded.on, counted: 1 }] },
    );
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
    expect(stale.data.current.version).toBe(saved.data.version);
    expect(rowOf(await read(), seeded.on).counted).toBe(860);
  });

  it('refuses to close while a difference has no reason, naming it, and a month not yet over', async () => {
    const before = await read();
    const refused = await keeper.send<Record<string, string>>(
      'POST',
      `${URL_OF(RECON_MONTH)}/close`,
      {
        version: before.version,
      },
    );
    expect(refused.httpStatus).toBe(422);
    expect(refused.data[`counts.${seeded.on}.reason`]).toMatch(/Ontario difference of -5/);
    expect(Object.keys(refused.data)).toHaveLength(1);
    expect(await read()).toMatchObject({ status: 'open', version: before.version });
    const thisMonth = new Date().toISOString().slice(0, 7);
    const early = await keeper.send<Record<string, string>>('POST', `${URL_OF(thisMonth)}/close`, {
      version: 0,
    });
    expect(early.httpStatus).toBe(422);
    expect(early.data.month).toMatch(/has not ended/);
  });

  it('closes with a reason for the difference, heard by a second viewer, and is read-only after', async () => {
    const echo = await connectEcho(t.url, manager.token);
    const channel = echo.private('production.reels');
    await subscribed(channel);
    const heard = new Promise<{ month: string; status: string }>((resolve) => {
      channel.listen('.stamp_reconciliation.updated', resolve);
    });
    const before = await read();
    const closed = await keeper.send<StampReconciliation>('POST', `${URL_OF(RECON_MONTH)}/close`, {
      version: before.version,
      counts: [
        {
          stamp_jurisdiction_id: seeded.on,
          counted: 860,
          reason: 'Five stamps torn at the splice',
        },
      ],
    });
    expect(closed.httpStatus, JSON.stringify(closed.data)).toBe(200);
    expect(closed.data).toMatchObject({
      status: 'closed',
      closed_by_name: expect.any(String) as unknown,
    });
    expect(closed.data.closed_at).toBeTruthy();
    expect(rowOf(closed.data, seeded.on)).toMatchObject({
      filed_closing: 865,
      reason: 'Five stamps torn at the splice',
    });
    expect(await waitFor(heard, 'the close')).toMatchObject({
      month: RECON_MONTH,
      status: 'closed',
    });

    const version = closed.data.version;
    const edit = await manager.send<Record<string, string>>('PUT', URL_OF(RECON_MONTH), {
      version,
      counts: [{ stamp_jurisdiction_id: seeded.on, counted: 865 }],
    });
    expect(edit.httpStatus).toBe(422);
    expect(edit.data.status).toMatch(/March 2025 is closed/);
    const again = await admin.send('POST', `${URL_OF(RECON_MONTH)}/close`, { version });
    expect(again.httpStatus).toBe(422);
    expect(await read()).toMatchObject({ status: 'closed', version });
    expect(rowOf(await read(), seeded.on).counted).toBe(860);
  });

  it('exports the month as CSV, XLSX and a PDF on the letterhead', async () => {
    const csv = await file('csv');
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.headers.get('content-disposition')).toContain(
      `stamp-reconciliation-${RECON_MONTH}.csv`,
    );
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    const header = lines[0]!;
    expect(header).toEqual(
      expect.arrayContaining([
        'Opening',
        'Received',
        'Applied',
        'Wasted',
        'Damaged',
        'Destroyed or lost',
        'Returned',
        'Closing',
        'Counted',
        'Difference',
        'Reason',
      ]),
    );
    const on = lines.find((l) => l[1] === 'ON')!;
    const cell = (name: string) => on[header.indexOf(name)];
    expect([cell('Opening'), cell('Closing'), cell('Counted'), cell('Difference')]).toEqual([
      '1000',
      '865',
      '860',
      '-5',
    ]);
    expect(cell('Reason')).toBe('Five stamps torn at the splice');

    const xlsx = await file('xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Reconciliation', 'Reels', 'Orders']);
    const sheet = workbook.getWorksheet('Reconciliation')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const onRow = [2, 3, 4, 5, 6, 7].map(values).find((v) => v[1] === 'ON')!;
    expect(onRow).toEqual(expect.arrayContaining([1000, 500, 600, 865, 860, -5]));
    const orders = workbook.getWorksheet('Orders')!;
    expect((orders.getRow(2).values as unknown[]).slice(1)).toEqual([
      'ON',
      seeded.orderNumber,
      'RC-A-RC',
      600,
      20,
      5,
      375,
    ]);

    const pdf = await file('pdf');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const text = readPdf(bytes).text;
    expect(text).toContain('STAMP RECONCILIATION');
    expect(text).toContain('March 2025');
    expect(text).toContain('Five stamps torn at the splice');
    expect(text).toContain('RC-A-RC');
    expect(text).toContain(seeded.orderNumber);
  });
});
