import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importKind } from '../../src/domain/imports/import-kinds.ts';
import type { ImportType } from '../../src/domain/imports/import-job.ts';
import { importProblems } from '../../src/domain/imports/import-problems.ts';
import { REFERS } from '../../src/domain/imports/import-refs.ts';
import { importSummary } from '../../src/domain/imports/import-summary.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { tokenFor } from '../support/api-client.ts';
import { runImportFile } from '../support/import-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// What a person reads of an import on the demo plant, for every kind: a dry run's refused row
// says which code was not found and what the codes look like (never "This option must exist
// in database"), the sales import log says the same, and an applied file's result reads as
// sentences with links to the records it made.

let t: TestServer;
let admin: string;

beforeAll(async () => {
  t = await startTestServer();
  admin = await tokenFor(t.url, 'admin');
}, 240_000);
afterAll(async () => {
  await t?.close();
});

/** Runs `lines` under `header` as a `type` import and answers its outcome. */
async function run(type: ImportType, header: string, lines: string[], dryRun = true) {
  const kind = importKind(type);
  const reply = await runImportFile(t.url, {
    route: `/api/${kind.url}`,
    name: `${type}.csv`,
    body: [header, ...lines].join('\n'),
    token: admin,
    dryRun,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(202);
  return reply.body.data;
}

/** The first refused row's problems as the import screens word them. */
async function problemsOf(type: ImportType, header: string, line: string): Promise<string> {
  const outcome = await run(type, header, [line]);
  const row = outcome.errors.find((e) => e.row_no > 0);
  expect(row, JSON.stringify(outcome)).toBeDefined();
  return importProblems(row!.errors, row!.values, importKind(type).columns);
}

describe('import messages', () => {
  it('names the missing code and what codes look like, for every kind of import', async () => {
    const cases: [ImportType, string, string, string][] = [
      [
        'sales',
        'Order Ref,Customer,Ship From,SKU,Qty',
        'MSG-1,NOPE-1,WH-MAIN,RM-PG-USP,5',
        'No active customer NOPE-1; customer codes look like C-0001',
      ],
      [
        'purchases',
        'PO Ref,Supplier,Ship To,SKU,Qty',
        'MSG-2,NOPE-SUP,WH-MAIN,RM-PG-USP,5',
        'No supplier NOPE-SUP; supplier codes look like SUP-GLYC',
      ],
      [
        'inventory',
        'SKU,Location,Qty',
        'NOPE-SKU,WH-MAIN,5',
        'No product with SKU NOPE-SKU; SKUs look like RM-PG-USP',
      ],
      [
        'price_tiers',
        'Tier,SKU,Unit Price,Valid From',
        'RETAIL,NOPE-SKU,1.5,2026-01-01',
        'No product with SKU NOPE-SKU; SKUs look like RM-PG-USP',
      ],
      [
        'recipes',
        'Recipe Code,Bulk Liquid,Target Nicotine Mg,Ingredient,Percentage',
        'MSG-R,NOPE-BL,3,RM-PG-USP,50',
        'No bulk liquid with SKU NOPE-BL; SKUs look like BL-MANGO-06',
      ],
      [
        'customers',
        'Code,Name,Type,Currency',
        'C-MSG,Message Test,retail,XYZ',
        'No currency XYZ; currency codes look like CAD',
      ],
      [
        'warehouse_locations',
        'Location,Bin',
        'NOPE-LOC,Z-01-1',
        'No location NOPE-LOC; location codes look like WH-MAIN',
      ],
      [
        'products',
        'SKU,Name,Type,Unit',
        'MSG-NEW-1,Message test,finished_good,NOPE-UNIT',
        'No unit NOPE-UNIT; unit codes look like ea',
      ],
    ];
    for (const [type, header, line, expected] of cases) {
      const problems = await problemsOf(type, header, line);
      expect(problems, type).toContain(expected);
      expect(problems, type).not.toMatch(/must exist in database|: exists/);
    }
  }, 120_000);

  it('says what is wrong with a cell and what would be right', async () => {
    const problems = await problemsOf(
      'sales',
      'Order Ref,Customer,Ship From,SKU,Qty,Order Date',
      'MSG-3,C-0001,WH-MAIN,RM-PG-USP,lots,2026-13-45',
    );
    expect(problems).toBe(
      'Qty "lots" is not a number (expected: above 0). ' +
        'Order Date "2026-13-45" is not accepted (expected: yyyy-MM-dd; today when empty)',
    );
  });

  it('gives examples that are codes the plant has', async () => {
    const db = t.server.database.db;
    const has = async (table: string, column: string, code: string) =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from ${sql.raw(table)} where ${sql.raw(column)} = ${code}`,
        )
      )[0]!.n;
    const tables: Record<keyof typeof REFERS, [string, string]> = {
      customer: ['customers', 'code'],
      supplier: ['suppliers', 'code'],
      location: ['locations', 'code'],
      product: ['products', 'sku'],
      bulkLiquid: ['products', 'sku'],
      ingredient: ['products', 'sku'],
      currency: ['currencies', 'code'],
      priceTier: ['price_tiers', 'code'],
      unit: ['measures', 'code'],
      category: ['categories', 'code'],
      brand: ['brands', 'code'],
      bin: ['bins', 'code'],
    };
    for (const [ref, [table, column]] of Object.entries(tables)) {
      const example = REFERS[ref as keyof typeof REFERS].example;
      expect(await has(table, column, example), `${ref} ${example}`).toBeGreaterThan(0);
    }
  });

  it('reads an applied file as sentences with links to the orders it made', async () => {
    // A finished good the customer's tier prices, so the server can price the draft.
    const [priced] = await queryRows<{ customer: string; sku: string }>(
      t.server.database.db,
      sql`select c.code as customer, p.sku from customers c
           join price_tier_prices tp on tp.price_tier_id = c.price_tier_id
           join products p on p.id = tp.product_id
          where c.active and p.type = 'finished_good'
          order by c.code, p.sku limit 1`,
    );
    const outcome = await run(
      'sales',
      'Order Ref,Customer,Ship From,SKU,Qty',
      [`MSG-SUM-1,${priced!.customer},WH-MAIN,${priced!.sku},5`],
      false,
    );
    expect(outcome.status, JSON.stringify(outcome)).toBe('completed');
    const [order] = await queryRows<{ id: number; number: string }>(
      t.server.database.db,
      sql`select id::int as id, number from sales_orders where external_ref = 'MSG-SUM-1'`,
    );
    expect(importSummary(outcome.result)).toEqual([
      { text: 'Orders created: 1', records: [] },
      { text: 'Orders (1):', records: [{ label: order!.number, href: `/sale/${order!.id}` }] },
    ]);
  });
});
