import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECIPE_IMPORT_JOBS } from '../../src/domain/entities/production/recipe-import-jobs.entity.ts';
import { RECIPES } from '../../src/domain/entities/production/recipes.entity.ts';
import { tokenFor } from '../support/api-client.ts';
import { refusals, runImportFile } from '../support/import-client.ts';
import { connectEcho, disconnectEchoes, subscribed } from '../support/echo-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// Recipe import (docs/product.md §2 /production/import, admin only): rows of ingredients grouped by
// recipe code into drafts, each the code's next version; every row and every recipe's formula is
// checked before anything is written, and one bad row writes nothing.

/** What a finished import reports it made. */
type Made = { recipes?: { code: string; recipe_version: number }[] };

const HEADER =
  'recipe_code,name,bulk_liquid,target_nicotine_mg,basis,batch_basis_ml,ingredient,percentage,is_fill';

describe('recipe import', () => {
  let t: TestServer;
  let api: EntityApiClient;

  const upload = (name: string, body: string | Buffer, token = api.token, dryRun = false) =>
    runImportFile<Made>(t.url, { route: '/api/production/import', name, body, token, dryRun });

  const recipesOf = async (code: string) =>
    (
      await api.get<List>(RECIPES.api, {
        filter: [
          { field: 'code', field_type: 'text', filters: [{ operator: 'equals', value: code }] },
        ],
      })
    ).data.rows;

  beforeAll(async () => {
    t = await startTestServer();
    api = entityClient(t.url, await tokenFor(t.url, 'admin'));
  });
  afterAll(async () => {
    disconnectEchoes();
    await t.close();
  });

  it('refuses a file with bad rows or a broken formula, names each, and writes nothing', async () => {
    const csv = [
      HEADER,
      'IMP-A,,BL-MANGO-06,6,v_v,1000,RM-NIC-FB-100,60,0',
      'IMP-A,,BL-MANGO-06,6,v_v,1000,RM-FC-MANGO,50,0',
      'IMP-A,,BL-MANGO-06,6,v_v,1000,RM-PG-USP,,1',
      'IMP-B,,RM-PG-USP,6,v_v,1000,NO-SUCH,10,0',
      'IMP-C,,BL-MANGO-06,abc,x_y,1000,RM-PG-USP,,maybe',
    ].join('\n');
    const reply = await upload('recipes.csv', csv);
    expect(reply.status).toBe(202);
    expect(reply.body.data).toMatchObject({ status: 'failed', rows_total: 5, rows_error: 2 });
    expect(refusals(reply.body.data.errors)).toEqual([
      { row_no: 5, errors: { bulk_liquid: 'Choose a bulk liquid', ingredient: 'exists' } },
      // Not a fill (its flag is unreadable), so it needs its own percentage.
      {
        row_no: 6,
        errors: {
          target_nicotine_mg: 'numeric',
          basis: 'in',
          is_fill: 'in',
          percentage: 'required',
        },
      },
    ]);
    expect(await recipesOf('IMP-A')).toEqual([]);

    // Rows that are each fine can still break their recipe together.
    const formula = await upload(
      'formula.csv',
      [
        HEADER,
        'IMP-A,,BL-MANGO-06,6,v_v,1000,RM-NIC-FB-100,60,0',
        'IMP-A,,BL-MANGO-06,6,v_v,1000,RM-FC-MANGO,50,0',
        'IMP-A,,BL-MANGO-06,6,v_v,1000,RM-PG-USP,,1',
        'IMP-D,,BL-MANGO-06,6,v_v,1000,RM-PG-USP,50,0',
        'IMP-D,,BL-MANGO-06,3,v_v,1000,RM-PG-USP,50,0',
      ].join('\n'),
    );
    expect(formula.body.data.status).toBe('failed');
    expect(refusals(formula.body.data.errors)).toEqual([
      { row_no: 4, errors: { percentage: 'more100%' } },
      {
        row_no: 6,
        errors: {
          target_nicotine_mg: 'The rows of one recipe code must agree on its header',
          ingredient: 'unique',
        },
      },
    ]);
    expect(await recipesOf('IMP-A')).toEqual([]);
  });

  it('imports an XLSX file as draft recipes, the next version of a code that exists', async () => {
    const echo = await connectEcho(t.url, api.token);
    const recipesChannel = echo.private('production.recipes');
    await subscribed(recipesChannel);
    const created: number[] = [];
    recipesChannel.listen('.recipe.created', (e: { id: number }) => created.push(e.id));

    /** The recipe as an XLSX, its flavour at `flavour` %. */
    const recipeFile = async (flavour: number) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Recipes');
      sheet.addRow(HEADER.split(','));
      sheet.addRow([
        'IMP-MANGO',
        'Mango import',
        'BL-MANGO-06',
        6,
        'v_v',
        2000,
        'RM-NIC-FB-100',
        6,
        0,
      ]);
      sheet.addRow(['IMP-MANGO', '', 'BL-MANGO-06', 6, 'v_v', 2000, 'RM-FC-MANGO', flavour, 0]);
      sheet.addRow(['IMP-MANGO', '', 'BL-MANGO-06', 6, 'v_v', 2000, 'RM-VG-USP', 50, 0]);
      sheet.addRow(['IMP-MANGO', '', 'BL-MANGO-06', 6, 'v_v', 2000, 'RM-PG-USP', '', 1]);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };
    const bytes = await recipeFile(12);
    const first = await upload('recipes.xlsx', bytes);
    expect(first.body.data).toMatchObject({ status: 'completed', rows_ok: 4, rows_error: 0 });
    expect(first.body.data.result?.recipes).toEqual([{ code: 'IMP-MANGO', recipe_version: 1 }]);
    // The same file again would be a second draft of the same recipe: refused.
    const same = await upload('recipes-same.xlsx', bytes);
    expect(same.status).toBe(409);
    const again = await upload('recipes-again.xlsx', await recipeFile(11));
    expect(again.body.data.result?.recipes).toEqual([{ code: 'IMP-MANGO', recipe_version: 2 }]);

    const rows = (await recipesOf('IMP-MANGO')).sort(
      (a, b) => Number(a.recipe_version) - Number(b.recipe_version),
    );
    expect(rows.map((r) => [r.recipe_version, r.status, r.name])).toEqual([
      [1, 'draft', 'Mango import'],
      [2, 'draft', 'Mango import'],
    ]);
    const one = await api.get<Row & { ingredients: Row[] }>(
      `${RECIPES.api}/${String(rows[0]!.id)}`,
    );
    expect(
      one.data.ingredients.map((i) => [i.product_sku, Number(i.percentage), i.is_fill]),
    ).toEqual([
      ['RM-NIC-FB-100', 6, 0],
      ['RM-FC-MANGO', 12, 0],
      ['RM-VG-USP', 50, 0],
      ['RM-PG-USP', 0, 1],
    ]);
    expect(Number(one.data.batch_basis_ml)).toBe(2000);
    await expect.poll(() => created.length).toBe(2);

    const log = await api.get<List>(RECIPE_IMPORT_JOBS.api);
    expect(log.data.rows.slice(0, 2).map((r) => [r.file_name, r.status])).toEqual([
      ['recipes-again.xlsx', 'completed'],
      ['recipes.xlsx', 'completed'],
    ]);
  });

  it('checks without writing when asked to check only', async () => {
    const reply = await upload(
      'check.csv',
      `${HEADER}\nIMP-CHECK,,BL-MANGO-06,0,w_w,,RM-PG-USP,100,0\n`,
      api.token,
      true,
    );
    expect(reply.body.data.status).toBe('validated');
    expect(await recipesOf('IMP-CHECK')).toEqual([]);
  });

  it('is for admin only', async () => {
    for (const role of ['recipes', 'planning', 'manager']) {
      const reply = await upload(
        'recipes.csv',
        `${HEADER}\nIMP-X,,BL-MANGO-06,0,v_v,,RM-PG-USP,100,0\n`,
        await tokenFor(t.url, role),
      );
      expect(reply.status, role).toBe(403);
      expect(reply.body.message).toBe('no_privileges');
    }
    expect(await recipesOf('IMP-X')).toEqual([]);
  });
});
