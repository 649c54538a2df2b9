import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { XLSX_LIMITS } from '../../server/imports/xlsx-size-guard.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { postImportFile } from '../support/import-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { xlsxBomb } from '../support/xlsx-bomb.ts';

// An XLSX is a zip: a file of about a megabyte can unpack to hundreds of megabytes of sheet
// XML. Such a file sent to an import's preview or upload is refused with a 413 naming the
// limit before anything loads it (whether its zip declares its real size or lies about it),
// makes no job, and the server goes on answering everyone else.

const ROUTE = '/api/inventory/inventory-import';
const SHEET_BYTES = 2 * XLSX_LIMITS.unzippedBytes;

type Refusal = { status: boolean; message: string; data: { file: string } };

describe('import of a zip bomb', () => {
  let t: TestServer;
  let admin: string;

  const preview = async (bytes: Buffer) => {
    const response = await fetch(`${t.url}${ROUTE}/preview?file_name=bomb.xlsx`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes),
    });
    return { status: response.status, body: (await response.json()) as Refusal };
  };
  const jobs = async () =>
    (
      await queryRows<{ n: number }>(
        t.server.database.db,
        sql`select count(*)::int as n from import_jobs`,
      )
    )[0]?.n ?? 0;

  beforeAll(async () => {
    t = await startTestServer();
    admin = await tokenFor(t.url, 'admin');
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a bomb sent to the preview with a 413 naming the limit, and serves others meanwhile', async () => {
    const bomb = await xlsxBomb({ sheetBytes: SHEET_BYTES });
    expect(bomb.length).toBeLessThan(IMPORT_SMALL_FILE);
    const inventory = await tokenFor(t.url, 'inventory');

    const [refused, other] = await Promise.all([
      preview(bomb),
      call(t.url, 'GET', '/api/inventory/products?per_page=5', { token: inventory }),
    ]);

    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('payload_too_large');
    expect(refused.body.data.file).toContain('100 MB');
    expect(other.httpStatus).toBe(200);
    const me = await call(t.url, 'GET', '/api/me', { token: inventory });
    expect(me.httpStatus).toBe(200);
  });

  it('refuses a bomb whose zip lies about its size, by the bytes it really inflates to', async () => {
    const bomb = await xlsxBomb({ sheetBytes: SHEET_BYTES, lie: true });

    const refused = await preview(bomb);

    expect(refused.status).toBe(413);
    expect(refused.body.data.file).toMatch(/more than .*, the most an import may hold/);
  });

  it('refuses a bomb sent to the upload and makes no job', async () => {
    const before = await jobs();

    const refused = await postImportFile(t.url, {
      route: ROUTE,
      name: 'bomb.xlsx',
      body: await xlsxBomb({ sheetBytes: SHEET_BYTES, lie: true }),
      token: admin,
    });

    expect(refused.status).toBe(413);
    expect(await jobs()).toBe(before);
  });
});

/** Well under the upload limit: the bomb's whole point is that it is small. */
const IMPORT_SMALL_FILE = 2 * 1024 * 1024;
