import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVINCES } from '../../shared/entities/provinces.entity.ts';
import { SETTINGS } from '../../shared/entities/settings.entity.ts';
import { tokenFor } from '../../../../tests/support/api-client.ts';
import {
  entityClient,
  type EntityApiClient,
  type List,
  type Row,
} from '../../../../tests/support/entity-crud.ts';
import {
  backends,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server.ts';
import { byCode } from './general-fixtures.ts';

// Settings are read like any entity but only their value is edited: no create, no delete.

describe.each(backends())('settings on %s', (backend) => {
  let t: TestServer;
  let api: EntityApiClient;
  beforeAll(async () => {
    t = await startTestServer({ backend });
    api = entityClient(t.url, await tokenFor(t.url, 'admin'));
  });
  afterAll(async () => t.close());

  const setting = async (key: string) =>
    (await api.get<Row>(`${SETTINGS.api}/${await byCode(api, SETTINGS, key, 'key')}`)).data;

  it('lists the seeded settings by module', async () => {
    const list = await api.get<List>(SETTINGS.api, {
      filter: [
        {
          field: 'module',
          field_type: 'text',
          filters: [{ operator: 'equals', value: 'inventory' }],
        },
      ],
    });
    expect(list.data.rows.map((r) => [r.key, r.value])).toEqual([
      ['inventory.allow_negative', 0],
      ['inventory.count_tolerance_pct', 2],
    ]);
    expect(await setting('purchase.over_receipt_pct')).toMatchObject({ value: 5 });
    expect(await setting('production.zero_nic_max_mg')).toHaveProperty('value');
    const response = await fetch(`${t.url}${SETTINGS.api}/export?format=csv`, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    const csv = await response.text();
    expect(csv.split('\r\n')[0]).toBe('Key,Module,Value');
    expect(csv).toContain('purchase.over_receipt_pct,purchase,5');
  });

  it('updates a value with its version and refuses a stale one', async () => {
    const tolerance = await setting('inventory.count_tolerance_pct');
    const saved = await api.send<Row>('PUT', `${SETTINGS.api}/${tolerance.id}`, {
      value: 2.5,
      version: tolerance.version,
    });
    expect(saved.httpStatus).toBe(200);
    expect(saved.data).toMatchObject({ value: 2.5, version: tolerance.version + 1 });
    const stale = await api.send('PUT', `${SETTINGS.api}/${tolerance.id}`, {
      value: 3,
      version: tolerance.version,
    });
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
    const changes = await api.get<{ rows: Row[] }>(`${SETTINGS.api}/changes`, {
      since: Number(tolerance.seq),
    });
    expect(changes.data.rows.map((r) => r.id)).toContain(tolerance.id);
  });

  it('keeps the shape of settings the code reads', async () => {
    const flag = await setting('inventory.allow_negative');
    const text = await api.send('PUT', `${SETTINGS.api}/${flag.id}`, {
      value: 'yes',
      version: flag.version,
    });
    expect(text.httpStatus).toBe(422);
    expect(text.data).toEqual({ value: 'Must be true or false' });
    // A flag read as 1/0 may be sent back as 1/0.
    const on = await api.send<Row>('PUT', `${SETTINGS.api}/${flag.id}`, {
      value: 1,
      version: flag.version,
    });
    expect(on.data.value).toBe(1);
    const pct = await setting('purchase.over_receipt_pct');
    const tooMuch = await api.send('PUT', `${SETTINGS.api}/${pct.id}`, {
      value: 150,
      version: pct.version,
    });
    expect(tooMuch.data).toEqual({ value: 'Must be 100 or less' });
    // A key of Production's own settings screen takes Production's shape here too: a number
    // past its range is refused, where a key without a shape only has to stay a number.
    const zeroNic = await setting('production.zero_nic_max_mg');
    const past = await api.send('PUT', `${SETTINGS.api}/${zeroNic.id}`, {
      value: 2,
      version: zeroNic.version,
    });
    expect(past.httpStatus).toBe(422);
    expect(past.data).toEqual({ value: 'Must be 1 or less' });
    const company = await setting('general.company');
    const scalar = await api.send('PUT', `${SETTINGS.api}/${company.id}`, {
      value: 'ACME',
      version: company.version,
    });
    expect(scalar.data).toEqual({ value: 'Must stay a object' });
  });

  it('keeps the flags inside an object a flag when they come back as 1/0', async () => {
    const company = await setting('general.company');
    const withFlag = await api.send<Row>('PUT', `${SETTINGS.api}/${company.id}`, {
      value: { ...(company.value as object), shows_excise: true, lines: [{ taxed: false }] },
      version: company.version,
    });
    expect(withFlag.httpStatus).toBe(200);
    // Read back, the flags are 1/0 (docs/product.md §7); sent again as read, they stay flags.
    const read = await setting('general.company');
    expect(read.value).toMatchObject({ shows_excise: 1, lines: [{ taxed: 0 }] });
    const again = await api.send<Row>('PUT', `${SETTINGS.api}/${company.id}`, {
      value: read.value,
      version: read.version,
    });
    expect(again.httpStatus).toBe(200);
    const stored = JSON.parse(String(again.data.value_text)) as Record<string, unknown>;
    expect(stored).toMatchObject({ shows_excise: true, lines: [{ taxed: false }] });
  });

  it("checks the company's particulars field by field, naming the field that is wrong", async () => {
    const company = await setting('general.company');
    const value = company.value as Record<string, unknown>;
    const unnamed = await api.send('PUT', `${SETTINGS.api}/${company.id}`, {
      value: { ...value, name: '  ' },
      version: company.version,
    });
    expect(unnamed.httpStatus).toBe(422);
    expect(unnamed.data).toEqual({ 'value.name': 'required' });
    const nowhere = await api.send('PUT', `${SETTINGS.api}/${company.id}`, {
      value: { ...value, province_id: 999_999 },
      version: company.version,
    });
    expect(nowhere.data).toEqual({ 'value.province_id': 'exists' });
    expect(await setting('general.company')).toMatchObject({ version: company.version, value });
    const bc = await byCode(api, PROVINCES, 'BC');
    const saved = await api.send<Row>('PUT', `${SETTINGS.api}/${company.id}`, {
      value: { ...value, name: 'Northern Vapour Labs West', phone: '', province_id: bc },
      version: company.version,
    });
    expect(saved.httpStatus, JSON.stringify(saved.data)).toBe(200);
    expect(saved.data.value).toMatchObject({
      name: 'Northern Vapour Labs West',
      phone: null,
      province_id: bc,
      business_number: value.business_number,
    });
  });

  it('has no create or delete, and is for admins only', async () => {
    const created = await api.send('POST', SETTINGS.api, { key: 'x.y', value: 1 });
    expect(created.httpStatus).toBe(404);
    const flag = await setting('inventory.allow_negative');
    expect((await api.send('DELETE', `${SETTINGS.api}/${flag.id}`)).httpStatus).toBe(404);
    const keyChange = await api.send('PUT', `${SETTINGS.api}/${flag.id}`, {
      key: 'inventory.other',
      value: false,
      version: flag.version,
    });
    expect(keyChange.httpStatus).toBe(422);
    const outsider = entityClient(t.url, await tokenFor(t.url, 'inventory'));
    expect((await outsider.get(SETTINGS.api)).httpStatus).toBe(403);
    expect(
      (
        await outsider.send('PUT', `${SETTINGS.api}/${flag.id}`, {
          value: true,
          version: flag.version,
        })
      ).httpStatus,
    ).toBe(403);
  });
});
