import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { tokenFor } from '../support/api-client.ts';
import { runImportFile } from '../support/import-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// Master data imports (docs/domain/imports.md §12): customers by code and bins by location and code
// are inserted when new, updated (version bumped) when their row differs, and skipped when the
// same; a wrong row writes nothing.

describe('master data imports', () => {
  let t: TestServer;
  let admin: string;
  const tag = `T${Date.now().toString(36)}`.toUpperCase();

  const upload = (route: string, name: string, body: string) =>
    runImportFile(t.url, { route, name, body, token: admin });

  beforeAll(async () => {
    t = await startTestServer();
    admin = await tokenFor(t.url, 'admin');
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  const customer = (code: string) =>
    queryRows<{ name: string; credit_limit: string; version: number }>(
      t.server.database.db,
      sql`select name, credit_limit::text, version from customers where code = ${code}`,
    );

  it('creates customers, skips them unchanged, and updates the one that changed', async () => {
    const header = 'Code,Name,Type,Credit Limit';
    const first = await upload(
      '/api/imports/customers',
      'customers.csv',
      [header, `${tag}-1,First Vapes,retail,1000`, `${tag}-2,Second Vapes,wholesale,5000`].join(
        '\n',
      ),
    );
    expect(first.body.data).toMatchObject({ status: 'completed', rows_ok: 2 });
    expect(await customer(`${tag}-1`)).toEqual([
      { name: 'First Vapes', credit_limit: '1000.00', version: 1 },
    ]);

    const again = await upload(
      '/api/imports/customers',
      'customers.csv',
      [
        header,
        `${tag}-1,First Vapes,retail,1000`,
        `${tag}-2,Second Vapes Inc.,wholesale,5000`,
      ].join('\n'),
    );
    expect(again.body.data.status).toBe('completed');
    expect(await customer(`${tag}-1`)).toEqual([
      { name: 'First Vapes', credit_limit: '1000.00', version: 1 },
    ]);
    expect(await customer(`${tag}-2`)).toEqual([
      { name: 'Second Vapes Inc.', credit_limit: '5000.00', version: 2 },
    ]);
  });

  it('upserts bins by location and code, and writes nothing when a row is wrong', async () => {
    const bins = () =>
      queryRows<{ code: string; zone: string | null; version: number }>(
        t.server.database.db,
        sql`select b.code, b.zone, b.version from bins b join locations l on l.id = b.location_id
             where l.code = 'WH-MAIN' and b.code like ${`${tag}%`} order by b.code`,
      );
    const header = 'Location,Bin,Zone';
    await upload(
      '/api/imports/warehouse_locations',
      'bins.csv',
      [header, `WH-MAIN,${tag}-A,Z1`].join('\n'),
    );
    const changed = await upload(
      '/api/imports/warehouse_locations',
      'bins.csv',
      [header, `WH-MAIN,${tag}-A,Z2`, `WH-MAIN,${tag}-B,`].join('\n'),
    );
    expect(changed.body.data.status).toBe('completed');
    expect(await bins()).toEqual([
      { code: `${tag}-A`, zone: 'Z2', version: 2 },
      { code: `${tag}-B`, zone: null, version: 1 },
    ]);

    const refused = await upload(
      '/api/imports/warehouse_locations',
      'bins.csv',
      [header, `WH-MAIN,${tag}-C,`, `NOWHERE,${tag}-D,`].join('\n'),
    );
    expect(refused.body.data.status).toBe('failed');
    expect((await bins()).map((b) => b.code)).toEqual([`${tag}-A`, `${tag}-B`]);
  });
});
