import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toQueryString } from '../../src/api/query-string.ts';
import { COUNTRIES } from '../../modules/general/shared/entities/countries.entity.ts';
import { PROVINCES } from '../../modules/general/shared/entities/provinces.entity.ts';
import { tokenFor } from '../support/api-client.ts';
import { connectEcho, disconnectEchoes, subscribed, waitFor } from '../support/echo-client.ts';
import { entityClient, type EntityApiClient, type Row } from '../support/entity-crud.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// What a live list relies on: the broadcast after commit, the delta poll from a seq, the
// labels of referenced rows, and an export of exactly the filtered, sorted rows.

type Delta = { id: number; seq: number; version: number; data: Row | null };
type Changes = { rows: Row[]; deleted: number[]; seq: number; more: number };

describe('entity lists stay live', () => {
  let t: TestServer;
  let api: EntityApiClient;
  beforeAll(async () => {
    t = await startTestServer();
    api = entityClient(t.url, await tokenFor(t.url, 'admin'));
  });
  afterEach(() => disconnectEchoes());
  afterAll(async () => t.close());

  it('broadcasts a create and an update on the entity channel with seq and version', async () => {
    const echo = await connectEcho(t.url, api.token);
    const channel = echo.private('general.countries');
    await subscribed(channel);
    const created = new Promise<Delta>((resolve) => channel.listen('.country.created', resolve));
    const row = await api.create(COUNTRIES, { iso2: 'XK', name: 'Kosovo' });
    const delta = await waitFor(created, 'country.created');
    expect(delta).toMatchObject({ id: row.id, version: 1, data: { name: 'Kosovo', iso2: 'XK' } });
    const updated = new Promise<Delta>((resolve) => channel.listen('.country.updated', resolve));
    await api.send('PUT', `${COUNTRIES.api}/${row.id}`, { name: 'Republic of Kosovo', version: 1 });
    const next = await waitFor(updated, 'country.updated');
    expect(next.version).toBe(2);
    expect(next.seq).toBeGreaterThan(delta.seq);
  });

  it('answers the delta poll with rows written and ids deleted after a seq', async () => {
    const page = await api.get<{ seq: number }>(COUNTRIES.api);
    const kept = await api.create(COUNTRIES, { iso2: 'QA', name: 'Qatar' });
    const gone = await api.create(COUNTRIES, { iso2: 'QB', name: 'Gone' });
    await api.send('DELETE', `${COUNTRIES.api}/${gone.id}`);
    const changes = await api.get<Changes>(`${COUNTRIES.api}/changes`, { since: page.data.seq });
    expect(changes.data.rows.map((r) => r.id)).toEqual([kept.id]);
    expect(changes.data.deleted).toEqual([gone.id]);
    const after = await api.get<Changes>(`${COUNTRIES.api}/changes`, { since: changes.data.seq });
    expect(after.data.rows).toEqual([]);
    expect(after.data.deleted).toEqual([]);
  });

  it('answers delta polls asked together as each would be answered alone', async () => {
    // After a restart every live list polls at once; the server reads them as one batch (the
    // changes after the oldest seq, cut per page), which must give each page its own answer.
    const start = await api.get<{ seq: number }>(COUNTRIES.api);
    const seqs = [start.data.seq];
    const made: Row[] = [];
    for (const iso2 of ['RA', 'RB', 'RC', 'RD']) {
      made.push(await api.create(COUNTRIES, { iso2, name: `Batch ${iso2}` }));
      seqs.push((await api.get<{ seq: number }>(COUNTRIES.api)).data.seq);
    }
    await api.send('DELETE', `${COUNTRIES.api}/${made[1]!.id}`);
    await api.send('PUT', `${COUNTRIES.api}/${made[0]!.id}`, { name: 'Batch RA2', version: 1 });
    const poll = (since: number) => api.get<Changes>(`${COUNTRIES.api}/changes`, { since });
    const alone: Changes[] = [];
    for (const since of seqs) alone.push((await poll(since)).data);
    const together = (await Promise.all(seqs.map(poll))).map((reply) => reply.data);
    expect(together).toEqual(alone);
    // And the answers differ by seq, so the batch did cut them per page.
    expect(alone[0]!.rows.map((r) => r.id)).toEqual([made[2]!.id, made[3]!.id, made[0]!.id]);
    expect(alone[0]!.deleted).toEqual([made[1]!.id]);
    expect(alone[3]!.rows.map((r) => r.id)).toEqual([made[3]!.id, made[0]!.id]);
    expect(alone[4]!.rows.map((r) => r.id)).toEqual([made[0]!.id]);
  });

  it("shows a referenced row's label, and filters and sorts by it", async () => {
    const country = await api.create(COUNTRIES, { iso2: 'YY', name: 'Aardvarkia' });
    await api.create(PROVINCES, { country_id: country.id, code: 'AA', name: 'North' });
    const list = await api.get<{ rows: Row[] }>(PROVINCES.api, {
      filter: [
        {
          field: 'country_name',
          field_type: 'text',
          filters: [{ operator: 'contains', value: 'aardvark' }],
        },
      ],
    });
    expect(list.data.rows.map((r) => [r.name, r.country_name])).toEqual([['North', 'Aardvarkia']]);
    const sorted = await api.get<{ rows: Row[] }>(PROVINCES.api, {
      sort: { field: 'country_name', direction: 'asc' },
    });
    expect(sorted.data.rows[0]?.country_name).toBe('Aardvarkia');
  });

  it('exports the filtered, sorted rows as XLSX with the chosen columns', async () => {
    const query = toQueryString({
      format: 'xlsx',
      columns: ['code', 'name'],
      filter: [
        {
          field: 'code',
          field_type: 'text',
          filters: [
            { operator: 'equals', value: 'ON' },
            { logic_operator: 'or', operator: 'equals', value: 'QC' },
          ],
        },
      ],
      sort: { field: 'code', direction: 'desc' },
    });
    const response = await fetch(`${t.url}${PROVINCES.api}/export?${query}`, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/provinces-\d{8}\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const values = workbook.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(values).toEqual([
      ['Code', 'Name'],
      ['QC', 'Quebec'],
      ['ON', 'Ontario'],
    ]);
  });

  it('refuses an export of an unknown column', async () => {
    const response = await fetch(
      `${t.url}${COUNTRIES.api}/export?format=csv&columns[]=password_hash`,
      {
        headers: { authorization: `Bearer ${api.token}` },
      },
    );
    expect(response.status).toBe(422);
  });
});
