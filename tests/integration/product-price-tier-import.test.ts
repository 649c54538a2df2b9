import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import type { ImportJobRow } from '../../src/domain/imports/import-job.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { refusals, runImportFile } from '../support/import-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// The Imports centre's product and price tier kinds (docs/domain/imports.md §12): a product file
// becomes one change set of submitted change requests that an approver approves (no product written
// by the import); a price tier file upserts quantity breaks by tier, SKU, quantity and date.
// Every job's rows, ok or refused, are read back from the centre's history.

describe('product and price tier imports', () => {
  let t: TestServer;
  let admin: string;
  let sku: string;
  const tag = `T${Date.now().toString(36)}`.toUpperCase();

  const upload = (kind: string, body: string, mapping?: Record<string, string>) =>
    runImportFile(t.url, {
      route: `/api/imports/${kind}`,
      name: `${kind}.csv`,
      body,
      token: admin,
      ...(mapping ? { mapping } : {}),
    });
  const rows = async (id: number, query = '') =>
    (
      await call<{ rows: ImportJobRow[]; total: number }>(
        t.url,
        'GET',
        `/api/imports/jobs/${id}/rows${query}`,
        { token: admin },
      )
    ).data;

  beforeAll(async () => {
    t = await startTestServer();
    admin = await tokenFor(t.url, 'admin');
    const [product] = await queryRows<{ sku: string }>(
      t.server.database.db,
      sql`select sku from products where status = 'active' and type <> 'finished_good' order by id limit 1`,
    );
    sku = product!.sku;
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses product rows by column, then files one change set of submitted requests', async () => {
    const header = 'Code,Name,Type,Unit,Reorder Point';
    const mapping = {
      sku: 'code',
      name: 'name',
      type: 'type',
      unit: 'unit',
      reorder_point: 'reorder_point',
    };
    const bad = await upload(
      'products',
      [
        header,
        `${tag}-NEW,New base,gadget,ea,5`,
        `${tag}-NEW2,,raw_material,ea,`,
        `${sku},,,,abc`,
      ].join('\n'),
      mapping,
    );
    expect(bad.body.data.status).toBe('failed');
    expect(refusals(bad.body.data.errors)).toEqual([
      { row_no: 2, errors: { type: 'in' } },
      { row_no: 3, errors: { name: 'required' } },
      { row_no: 4, errors: { reorder_point: 'numeric' } },
    ]);
    const sets = () =>
      queryRows<{ n: number }>(
        t.server.database.db,
        sql`select count(*)::int as n from product_change_sets where source = 'import'`,
      );
    expect(await sets()).toEqual([{ n: 0 }]);

    const good = await upload(
      'products',
      [
        header,
        `${tag}-NEW,New base,raw_material,ea,5`,
        `${sku},,,,77`,
        `${sku.toLowerCase()}x,,,,`,
      ].join('\n'),
      mapping,
    );
    // The third row is a new SKU without a name: still refused; nothing filed.
    expect(refusals(good.body.data.errors)).toEqual([
      { row_no: 4, errors: { name: 'required', type: 'required', unit: 'required' } },
    ]);
    const fixed = await upload(
      'products',
      [header, `${tag}-NEW,New base,raw_material,ea,5`, `${sku},,,,77`, `${sku},,,,`].join('\n'),
      mapping,
    );
    expect(refusals(fixed.body.data.errors)).toEqual([{ row_no: 4, errors: { sku: 'unique' } }]);

    const applied = await upload(
      'products',
      [header, `${tag}-NEW,New base,raw_material,ea,5`, `${sku},,,,77`].join('\n'),
      mapping,
    );
    expect(applied.body.data.status).toBe('completed');
    const result = applied.body.data.result as {
      change_set: { id: number };
      change_requests: number;
    };
    expect(result.change_requests).toBe(2);
    const requests = await queryRows<{ action: string; status: string; proposed: object }>(
      t.server.database.db,
      sql`select action, status, proposed from product_change_requests
           where change_set_id = ${result.change_set.id} order by id`,
    );
    expect(requests).toMatchObject([
      {
        action: 'create',
        status: 'submitted',
        proposed: { sku: `${tag}-NEW`, name: 'New base', reorder_point: 5 },
      },
      { action: 'update', status: 'submitted', proposed: { reorder_point: 77 } },
    ]);
    expect(requests[1]?.proposed).toEqual({ reorder_point: 77 });
    // Nothing reached a product: the approver decides.
    const [stillThere] = await queryRows<{ n: number }>(
      t.server.database.db,
      sql`select count(*)::int as n from products where sku = ${`${tag}-NEW`}`,
    );
    expect(stillThere).toEqual({ n: 0 });

    // The centre's history lists each row with its cells and what it made.
    const logged = await rows(applied.body.data.id);
    expect(logged.total).toBe(2);
    expect(logged.rows.map((r) => [r.row_no, r.result, r.values?.sku])).toEqual([
      [2, 'ok', `${tag}-NEW`],
      [3, 'ok', sku],
    ]);
  });

  it('upserts price breaks, makes a named new tier, and skips unchanged breaks', async () => {
    const header = 'Tier,Tier Name,SKU,Min Qty,Unit Price,Valid From,Valid To';
    const refused = await upload(
      'price_tiers',
      [
        header,
        `${tag}-T,,${sku},1,2.50,2026-01-01,`,
        `WHOLESALE,,NO-SUCH-SKU,1,2.50,2026-01-01,`,
        `WHOLESALE,,${sku},1,-1,2026-13-01,`,
        `WHOLESALE,,${sku},10,2,2026-02-01,2026-01-01`,
      ].join('\n'),
    );
    expect(refusals(refused.body.data.errors)).toEqual([
      { row_no: 2, errors: { tier_name: 'required' } },
      { row_no: 3, errors: { sku: 'exists' } },
      { row_no: 4, errors: { unit_price: 'Must be at least 0', valid_from: 'in' } },
      { row_no: 5, errors: { valid_to: 'Valid to is before valid from' } },
    ]);
    const file = [
      header,
      `${tag}-T,Imported tier,${sku},1,2.50,2026-01-01,`,
      `${tag}-T,Imported tier,${sku},100,2.10,2026-01-01,`,
      `WHOLESALE,,${sku},500,1.99,2026-01-01,2026-12-31`,
    ].join('\n');
    const first = await upload('price_tiers', file);
    expect(first.body.data).toMatchObject({
      status: 'completed',
      result: {
        price_tiers: { tiers_created: 1, prices_created: 3, prices_updated: 0, prices_skipped: 0 },
      },
    });
    const changed = await upload('price_tiers', file.replace('2.10', '2.05'));
    expect(changed.body.data.result).toMatchObject({
      price_tiers: { tiers_created: 0, prices_created: 0, prices_updated: 1, prices_skipped: 2 },
    });
    const breaks = await queryRows<{ min_qty: string; unit_price: string }>(
      t.server.database.db,
      sql`select p.min_qty::text, p.unit_price::text from price_tier_prices p
            join price_tiers t on t.id = p.price_tier_id
           where t.code = ${`${tag}-T`} order by p.min_qty`,
    );
    expect(breaks).toEqual([
      { min_qty: '1.000', unit_price: '2.5000' },
      { min_qty: '100.000', unit_price: '2.0500' },
    ]);
    const skipped = await rows(changed.body.data.id, '?result=skipped');
    expect(skipped.rows.map((r) => r.row_no)).toEqual([2, 4]);
    const found = await rows(changed.body.data.id, '?q=2.05');
    expect(found.rows.map((r) => [r.row_no, r.result])).toEqual([[3, 'ok']]);
  });

  it('refuses both kinds and the centre history to a role outside the Imports centre', async () => {
    const inventory = await tokenFor(t.url, 'inventory');
    const reply = await runImportFile(t.url, {
      route: '/api/imports/price_tiers',
      name: 'tiers.csv',
      body: 'Tier,SKU,Unit Price,Valid From\nRETAIL,X,1,2026-01-01',
      token: inventory,
    });
    expect(reply.status).toBe(403);
    const history = await call(t.url, 'GET', '/api/imports/jobs/1/rows', { token: inventory });
    expect(history.httpStatus).toBe(403);
  });
});
