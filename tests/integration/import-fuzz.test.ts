import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { VALIDATION_MESSAGES } from '../../src/domain/validation-codes.ts';
import { tokenFor } from '../support/api-client.ts';
import { refusals, runImportFile, type ImportReply } from '../support/import-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// Hostile import files, through the customers kind of the Imports centre (a
// row is one record, so what was written is easy to count): wrong types, bad rows, missing
// columns, other encodings, spreadsheet formulas, cells that look like formulas, repeated
// keys, random junk and 100,000 rows. Every refused row names its cells in docs/product.md §5 codes
// (or a message shown as given, §5 `other`), a refused file is a 422 validation_error, and a file
// with any refusal writes nothing at all.

const ROUTE = '/api/imports/customers';
const HEADER = 'Code,Name,Type,Currency,Payment Terms Days,Credit Limit';

/** §5 codes, or a message a person can read as given (`other`): never an unexplained token. */
const isSection5 = (code: string) => code in VALIDATION_MESSAGES || /^[A-Z][a-z].* /.test(code);

describe('import fuzz', () => {
  let t: TestServer;
  let admin: string;
  const tag = `F${Date.now().toString(36)}`.toUpperCase();

  const upload = (name: string, body: string | Buffer, dryRun = false) =>
    runImportFile(t.url, { route: ROUTE, name, body, token: admin, dryRun });
  const written = async (prefix: string) =>
    (
      await queryRows<{ n: number }>(
        t.server.database.db,
        sql`select count(*)::int as n from customers where code like ${`${prefix}%`}`,
      )
    )[0]?.n ?? 0;
  const named = async (code: string) =>
    (
      await queryRows<{ name: string }>(
        t.server.database.db,
        sql`select name from customers where code = ${code}`,
      )
    )[0]?.name;
  const jobs = async () =>
    (
      await queryRows<{ n: number }>(
        t.server.database.db,
        sql`select count(*)::int as n from import_jobs`,
      )
    )[0]?.n ?? 0;

  /** Every refusal of `reply` is in §5 terms, and a refused file wrote nothing. */
  async function expectAllOrNothing(reply: ImportReply, prefix: string) {
    if (reply.status === 422) {
      expect(reply.body.message).toBe('validation_error');
      for (const code of Object.values(reply.body.data as unknown as Record<string, string>))
        expect(isSection5(code), code).toBe(true);
      expect(await written(prefix)).toBe(0);
      return;
    }
    expect(reply.status).toBe(202);
    for (const row of reply.body.data.errors)
      for (const code of Object.values(row.errors)) expect(isSection5(code), code).toBe(true);
    if (reply.body.data.status === 'failed') expect(await written(prefix)).toBe(0);
  }

  beforeAll(async () => {
    t = await startTestServer();
    admin = await tokenFor(t.url, 'admin');
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  it('names wrong types and bad rows by cell, and writes none of the good rows beside them', async () => {
    const p = `${tag}A`;
    const reply = await upload(
      'types.csv',
      [
        HEADER,
        `${p}-1,Good Vapes,retail,CAD,30,100`,
        `${p}-2,Bad Terms,retail,CAD,1.5,100`,
        `${p}-3,Bad Credit,retail,CAD,30,lots`,
        `${p}-4,Bad Type,shop,CAD,30,100`,
        `${p}-5,Bad Currency,retail,XYZ,30,100`,
        `${p}-6,,retail,CAD,-3,-1`,
        `${p}-${'X'.repeat(40)},Long Code,retail,CAD,30,100`,
        `${p}-8,Short Row`,
      ].join('\r\n'),
    );
    expect(reply.body.data.status).toBe('failed');
    expect(refusals(reply.body.data.errors)).toEqual([
      { row_no: 3, errors: { payment_terms_days: 'integer' } },
      { row_no: 4, errors: { credit_limit: 'numeric' } },
      { row_no: 5, errors: { type: 'in' } },
      { row_no: 6, errors: { currency: 'exists' } },
      {
        row_no: 7,
        errors: {
          name: 'required',
          payment_terms_days: 'Must be at least 0',
          credit_limit: 'Must be at least 0',
        },
      },
      { row_no: 8, errors: { code: 'max' } },
      { row_no: 9, errors: { type: 'required' } },
    ]);
    await expectAllOrNothing(reply, p);
  });

  it('refuses a file without a required column, or without rows, before any job', async () => {
    const before = await jobs();
    const missing = await upload('missing.csv', `Code,Type\n${tag}B-1,retail`);
    expect(missing.status).toBe(422);
    expect(missing.body.data).toEqual({ file: 'Missing columns: Name' });
    const empty = await upload('empty.csv', `${HEADER}\n\n,,,,,\n`);
    expect(empty.status).toBe(422);
    expect(empty.body.data).toEqual({ file: 'The file has no data rows' });
    const notText = await upload('binary.csv', Buffer.from([0x43, 0x6f, 0x00, 0x01, 0x02]));
    expect(notText.status).toBe(422);
    const wrongKind = await upload('customers.txt', `${HEADER}\n${tag}B-2,X,retail,CAD,1,1`);
    expect(wrongKind.status).toBe(422);
    for (const reply of [missing, empty, notText, wrongKind])
      await expectAllOrNothing(reply, `${tag}B`);
    expect(await jobs()).toBe(before);
  });

  it('reads Windows-1252, UTF-16 with its BOM and UTF-8 with its BOM alike', async () => {
    const p = `${tag}C`;
    const text = (code: string) => `${HEADER}\r\n${code},Café Élan Québec,retail,CAD,30,0\r\n`;
    const cp1252 = Buffer.from(text(`${p}-1`), 'latin1');
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(text(`${p}-2`), 'utf16le'),
    ]);
    const utf8bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text(`${p}-3`))]);
    for (const [name, body] of [
      ['cp1252.csv', cp1252],
      ['utf16.csv', utf16],
      ['utf8.csv', utf8bom],
    ] as const)
      expect((await upload(name, body)).body.data.status, name).toBe('completed');
    expect([await named(`${p}-1`), await named(`${p}-2`), await named(`${p}-3`)]).toEqual([
      'Café Élan Québec',
      'Café Élan Québec',
      'Café Élan Québec',
    ]);
  });

  it('takes bytes that are not UTF-8 as Windows-1252, never as a crash or a lost row', async () => {
    const p = `${tag}D`;
    // A UTF-8 sequence cut short (0xC3 then a comma), and Windows-1252's €, “ ” and ’ (0x80,
    // 0x93, 0x94, 0x92), which are lone continuation bytes to UTF-8.
    const body = Buffer.concat([
      Buffer.from(`${HEADER}\n${p}-1,Caf`),
      Buffer.from([0xc3]),
      Buffer.from(`,retail,CAD,30,0\n${p}-2,Euro `),
      Buffer.from([0x80, 0x20, 0x93, 0x71, 0x94, 0x92]),
      Buffer.from(',retail,CAD,30,0\n'),
    ]);
    const reply = await upload('broken-utf8.csv', body);
    expect(reply.body.data.status).toBe('completed');
    expect([await named(`${p}-1`), await named(`${p}-2`)]).toEqual(['CafÃ', 'Euro € “q”’']);
  });

  it('reads an XLSX formula by the value saved with it, and one saved without a value as empty', async () => {
    const p = `${tag}E`;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Customers');
    sheet.addRow(['Code', 'Name', 'Type', 'Credit Limit']);
    sheet.addRow([`${p}-1`, { formula: 'UPPER("vapes")', result: 'VAPES' }, 'retail', 10]);
    sheet.addRow([`${p}-2`, 'Sum Co', 'retail', { formula: 'D2*3', result: 30 }]);
    sheet.addRow([`${p}-3`, { formula: 'A1&"x"' }, 'retail', 1]);
    const refused = await upload('formulas.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(refusals(refused.body.data.errors)).toEqual([
      { row_no: 4, errors: { name: 'required' } },
    ]);
    await expectAllOrNothing(refused, p);

    sheet.spliceRows(4, 1);
    const applied = await upload('formulas.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(applied.body.data.status).toBe('completed');
    const rows = await queryRows<{ name: string; credit_limit: string }>(
      t.server.database.db,
      sql`select name, credit_limit::text from customers where code like ${`${p}%`} order by code`,
    );
    expect(rows).toEqual([
      { name: 'VAPES', credit_limit: '10.00' },
      { name: 'Sum Co', credit_limit: '30.00' },
    ]);
  });

  it('keeps CSV cells that begin with = + - @ as the text they are', async () => {
    const p = `${tag}G`;
    const names = ['=HYPERLINK("http://x","y")', '+1 Vapes', '-2 Vapes', '@SUM(A1:A2)'];
    const reply = await upload(
      'formula-like.csv',
      [
        HEADER,
        ...names.map((name, i) => `${p}-${i},"${name.replaceAll('"', '""')}",retail,CAD,30,0`),
      ].join('\n'),
    );
    expect(reply.body.data.status).toBe('completed');
    for (const [i, name] of names.entries()) expect(await named(`${p}-${i}`)).toBe(name);
  });

  it('refuses a key repeated within the file at the repeat, and writes nothing', async () => {
    const p = `${tag}H`;
    const reply = await upload(
      'repeats.csv',
      [
        HEADER,
        `${p}-1,One,retail,CAD,30,0`,
        `${p}-2,Two,retail,CAD,30,0`,
        `${p.toLowerCase()}-1,One again,retail,CAD,30,0`,
      ].join('\n'),
    );
    expect(refusals(reply.body.data.errors)).toEqual([{ row_no: 4, errors: { code: 'unique' } }]);
    await expectAllOrNothing(reply, p);
  });

  it('answers random junk files with §5 codes or a refused file, never a crash', async () => {
    // A fixed seed: the same junk every run, so a failure can be replayed.
    let seed = 20261123;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const junk = [
      '',
      ' ',
      '"',
      '""',
      '\u0000',
      '\ud800',
      '😀'.repeat(50),
      'x'.repeat(5000),
      '1e309',
      '-0',
      'NaN',
      '0x10',
      '12,5',
      '"a\nb"',
      'retail',
      'CAD',
      '<script>alert(1)</script>',
      "'; drop table customers; --",
    ];
    for (let file = 0; file < 12; file += 1) {
      const p = `${tag}J${file}-`;
      const lines = Array.from({ length: 40 }, (_, i) =>
        [
          next() < 0.8 ? `${p}${i}` : pick(junk),
          ...Array.from({ length: 5 }, () => pick(junk)),
        ].join(','),
      );
      const header = next() < 0.15 ? 'Code,Nom' : HEADER;
      const reply = await upload(`junk-${file}.csv`, [header, ...lines].join('\n'), next() < 0.3);
      expect([202, 422]).toContain(reply.status);
      await expectAllOrNothing(reply, p);
    }
  });

  it('checks 100,000 rows and refuses the file for its one bad last row, writing nothing', async () => {
    const p = `${tag}K`;
    const lines = Array.from({ length: 100_000 }, (_, i) => `${p}-${i},Store ${i},retail,CAD,30,0`);
    lines[99_999] = `${p}-99999,Store 99999,retail,CAD,thirty,0`;
    const reply = await upload('big.csv', [HEADER, ...lines].join('\n'));
    expect(reply.body.data).toMatchObject({
      status: 'failed',
      rows_total: 100_000,
      rows_error: 1,
    });
    expect(refusals(reply.body.data.errors)).toEqual([
      { row_no: 100_001, errors: { payment_terms_days: 'numeric' } },
    ]);
    expect(await written(p)).toBe(0);
  }, 300_000);
});
