import { type ClientRequest, get } from 'node:http';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toQueryString } from '../../src/api/query-string.ts';
import { INVENTORY_MOVEMENTS } from '../../src/domain/entities/stock/inventory-movements.entity.ts';
import { PRODUCTS } from '../../src/domain/entities/inventory/products.entity.ts';
import type { TableQuery } from '../../src/domain/table-filter/table-query.types.ts';
import type { Db } from '../../server/db/client.ts';
import type { ResolvedBinding } from '../../server/http/entity/entity-binding.ts';
import { csvChunks, csvLine, exportColumns } from '../../server/http/entity/entity-export.ts';
import { allRows } from '../../server/http/entity/entity-queries.ts';
import { exportRows } from '../../server/http/entity/export-rows.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// Whole-table exports stream without OFFSET: a cursor on PostgreSQL, keyset
// batches on PGlite. The file must be exactly what the OFFSET pages wrote before, so each case
// is compared with the rows `allRows` (the OFFSET reader the export used) gives for the same
// query, written by the same line formatter; with tiny batches too, so every resume point
// (ties, blanks, text case) is crossed many times.

type Case = {
  label: string;
  entity: { name: string; api: string };
  query: Pick<TableQuery, 'filter' | 'sort'>;
};

const CASES: Case[] = [
  {
    label: 'the movements report, default sort (newest first)',
    entity: INVENTORY_MOVEMENTS,
    query: { filter: [], sort: null },
  },
  {
    label: 'products by name',
    entity: PRODUCTS,
    query: { filter: [], sort: { field: 'name', direction: 'asc' } },
  },
  {
    label: 'products by nicotine, ties and blanks',
    entity: PRODUCTS,
    query: { filter: [], sort: { field: 'nicotine_mg', direction: 'desc' } },
  },
  {
    label: 'products by UPC, blanks last',
    entity: PRODUCTS,
    query: { filter: [], sort: { field: 'upc', direction: 'asc' } },
  },
  {
    label: 'filtered movements by quantity',
    entity: INVENTORY_MOVEMENTS,
    query: {
      filter: [
        {
          field: 'qty',
          field_type: 'number',
          filters: [{ logic_operator: 'and', operator: 'greater', value_type: 'value', value: 0 }],
        },
      ],
      sort: { field: 'qty', direction: 'asc' },
    },
  },
];

async function oracleCsv(db: Db, binding: ResolvedBinding, query: Case['query']) {
  const columns = exportColumns(binding, undefined);
  let text = '';
  const offsetPages = async function* () {
    for await (const rows of allRows(db, binding, query)) yield rows;
  };
  for await (const chunk of csvChunks(columns, offsetPages())) text += chunk;
  return text;
}

async function flat(batches: AsyncIterable<Record<string, unknown>[]>) {
  const out: Record<string, unknown>[] = [];
  for await (const rows of batches) out.push(...rows);
  return out;
}

describe.each(backends())('streamed exports on %s', (backend) => {
  let t: TestServer;
  let token: string;
  let db: Db;

  beforeAll(async () => {
    t = await startTestServer({ backend });
    token = await tokenFor(t.url, 'admin');
    db = t.server.database.db;
  }, 120_000);
  afterAll(async () => t.close());

  const bindingOf = (name: string) => {
    const binding = t.server.app.entityBindings.get(name);
    if (!binding) throw new Error(`${name} is not registered`);
    return binding;
  };

  it.each(CASES)('writes $label exactly as the OFFSET pages did', async ({ entity, query }) => {
    const binding = bindingOf(entity.name);
    const expected = await oracleCsv(db, binding, query);
    const response = await fetch(
      `${t.url}${entity.api}/export?${toQueryString({ format: 'csv', ...query, sort: query.sort ?? undefined })}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(response.status).toBe(200);
    // ignoreBOM keeps the byte-order mark in the text, as the file has it.
    const body = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(body.split('\r\n').length).toBeGreaterThan(3);
    expect(body).toBe(expected);
    expect(Number(response.headers.get('x-total-rows'))).toBe(body.split('\r\n').length - 2);
  });

  it.each(CASES)('resumes $label correctly after every batch of 3', async ({ entity, query }) => {
    const binding = bindingOf(entity.name);
    const columns = exportColumns(binding, undefined);
    const names = columns.map((c) => c.name);
    const expected = (await flat(allRows(db, binding, query))).map((r) => csvLine(columns, r));
    const streamed = (await flat(exportRows(db, binding, query, names, 3))).map((r) =>
      csvLine(columns, r),
    );
    expect(streamed.length).toBe(expected.length);
    expect(streamed).toEqual(expected);
  });

  it('writes the same cells to XLSX', async () => {
    const binding = bindingOf(PRODUCTS.name);
    const query: Case['query'] = { filter: [], sort: { field: 'name', direction: 'asc' } };
    const columns = exportColumns(binding, ['sku', 'name', 'nicotine_mg', 'requires_stamp']);
    const expected = (await flat(allRows(db, binding, query))).map((row) => csvLine(columns, row));
    const response = await fetch(
      `${t.url}${PRODUCTS.api}/export?${toQueryString({ format: 'xlsx', sort: query.sort ?? undefined, columns: columns.map((c) => c.name) })}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const values = workbook.worksheets[0]!.getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1));
    const asRows = values.map((cells) =>
      csvLine(
        columns,
        Object.fromEntries(
          columns.map((c, i) => {
            const v = cells[i];
            // Cells hold what cellValue wrote; booleans came back as their words.
            return [c.name, c.kind === 'boolean' ? v === 'Yes' : (v ?? null)];
          }),
        ),
      ),
    );
    expect(asRows).toEqual(expected);
  });

  it('answers others while exports are open, and frees what abandoned ones held', async () => {
    // More abandoned exports than PostgreSQL's pool has connections: each must give its
    // cursor's connection back when the browser goes away (closes the connection).
    for (let i = 0; i < 12; i += 1) {
      const request = await firstChunkThenHold(
        `${t.url}${INVENTORY_MOVEMENTS.api}/export?format=csv`,
        token,
      );
      const me = await call(t.url, 'GET', '/api/me', { token });
      expect(me.httpStatus).toBe(200);
      request.destroy();
    }
    const list = await call<{ total: number }>(t.url, 'GET', `${PRODUCTS.api}?page=1&per_page=5`, {
      token,
    });
    expect(list.httpStatus).toBe(200);
    expect(list.data.total).toBeGreaterThan(0);
  });
});

/** Starts a download and stops reading after its first chunk; destroy() hangs up. */
function firstChunkThenHold(url: string, token: string): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      response.once('data', () => {
        response.pause();
        resolve(request);
      });
    });
    request.on('error', reject);
  });
}
