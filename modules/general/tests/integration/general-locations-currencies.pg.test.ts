import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCIES } from '../../shared/entities/currencies.entity.ts';
import { LOCATIONS } from '../../shared/entities/locations.entity.ts';
import { PROVINCES } from '../../shared/entities/provinces.entity.ts';
import { tokenFor } from '../../../../tests/support/api-client.ts';
import {
  describeEntityCrud,
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

// Three-letter codes from a counter: QAA, QAB, … (no real currency starts with Q + A).
const code3 = (n: number) =>
  `Q${String.fromCharCode(65 + (Math.floor(n / 26) % 26), 65 + (n % 26))}`;

describeEntityCrud({
  entity: LOCATIONS,
  valid: async (n, api) => ({
    code: `LOC-${n}`,
    name: `Location ${n}`,
    type: 'warehouse',
    province_id: await byCode(api, PROVINCES, 'ON'),
    address: '1 Test Road, Oakville',
  }),
  change: { name: 'Renamed location', type: 'distribution_center' },
  invalid: {
    body: { code: 'BAD', name: 'Bad', type: 'garage' },
    codes: { type: 'in' },
  },
  outsider: 'inventory',
  referenced: async (api) => {
    const parent = await api.create(LOCATIONS, { code: 'SITE', name: 'Site', type: 'warehouse' });
    await api.create(LOCATIONS, {
      code: 'SITE-LAB',
      name: 'Site lab',
      type: 'lab',
      parent_id: parent.id,
    });
    return parent.id;
  },
});

describeEntityCrud({
  entity: CURRENCIES,
  valid: (n) => ({ code: code3(n), name: `Currency ${n}`, symbol: '¤', rate_to_cad: 1.25 }),
  change: { rate_to_cad: 1.3125 },
  invalid: {
    body: { code: 'DOLLAR', name: '', symbol: '$', rate_to_cad: 0 },
    codes: { code: 'max', name: 'required' },
  },
  outsider: 'purchase',
});

describe.each(backends())('locations and currencies on %s', (backend) => {
  let t: TestServer;
  let api: EntityApiClient;
  beforeAll(async () => {
    t = await startTestServer({ backend });
    api = entityClient(t.url, await tokenFor(t.url, 'admin'));
  });
  afterAll(async () => t.close());

  it('seeds one location of every type, areas named under their site', async () => {
    const list = await api.get<List>(LOCATIONS.api, { per_page: 100 });
    expect(new Set(list.data.rows.map((r) => r.type))).toEqual(
      new Set([
        'warehouse',
        'production',
        'distribution_center',
        'lab',
        'transit',
        'scrap',
        'quarantine',
      ]),
    );
    const floor = list.data.rows.find((r) => r.code === 'PROD');
    expect(floor).toMatchObject({ parent_name: 'Main warehouse', province_name: 'Ontario' });
  });

  it('refuses a parent that is the location itself or below it', async () => {
    const site = await api.create(LOCATIONS, { code: 'TREE', name: 'Tree', type: 'warehouse' });
    const area = await api.create(LOCATIONS, {
      code: 'TREE-A',
      name: 'Tree area',
      type: 'production',
      parent_id: site.id,
    });
    const own = await api.send('PUT', `${LOCATIONS.api}/${site.id}`, {
      parent_id: site.id,
      version: site.version,
    });
    expect(own.httpStatus).toBe(422);
    expect(own.data).toEqual({ parent_id: 'A row cannot be its own parent' });
    const loop = await api.send('PUT', `${LOCATIONS.api}/${site.id}`, {
      parent_id: area.id,
      version: site.version,
    });
    expect(loop.httpStatus).toBe(422);
    expect(loop.data).toHaveProperty('parent_id');
    const read = await api.get<Row>(`${LOCATIONS.api}/${site.id}`);
    expect(read.data.parent_id).toBeNull();
  });

  it('keeps CAD the one base currency', async () => {
    const cad = await api.get<Row>(`${CURRENCIES.api}/${await byCode(api, CURRENCIES, 'CAD')}`);
    expect(cad.data.is_base).toBe(1);
    const secondBase = await api.send('POST', CURRENCIES.api, {
      code: 'QZZ',
      name: 'Pretender',
      symbol: 'P',
      rate_to_cad: 1,
      is_base: 1,
    });
    expect(secondBase.httpStatus).toBe(422);
    expect(secondBase.data).toEqual({
      is_base: 'Only CAD is the base currency; there is exactly one',
    });
    const usd = await api.get<Row>(`${CURRENCIES.api}/${await byCode(api, CURRENCIES, 'USD')}`);
    const promote = await api.send('PUT', `${CURRENCIES.api}/${usd.data.id}`, {
      is_base: 1,
      version: usd.data.version,
    });
    expect(promote.httpStatus).toBe(422);
    const unbase = await api.send('PUT', `${CURRENCIES.api}/${cad.data.id}`, {
      is_base: 0,
      version: cad.data.version,
    });
    expect(unbase.httpStatus).toBe(422);
    expect(unbase.data).toEqual({
      is_base: 'CAD is the base currency and stays so; every rate is to CAD',
    });
    const rate = await api.send('PUT', `${CURRENCIES.api}/${cad.data.id}`, {
      rate_to_cad: 1.1,
      version: cad.data.version,
    });
    expect(rate.httpStatus).toBe(422);
    expect(rate.data).toHaveProperty('rate_to_cad');
    const renamed = await api.send<Row>('PUT', `${CURRENCIES.api}/${cad.data.id}`, {
      name: 'Dollar canadien',
      version: cad.data.version,
    });
    expect(renamed.httpStatus).toBe(200);
    expect(renamed.data.is_base).toBe(1);
    const deleted = await api.send('DELETE', `${CURRENCIES.api}/${cad.data.id}`);
    expect(deleted.httpStatus).toBe(403);
    expect(deleted.message).toBe('no_privileges');
    const bases = await api.get<List>(CURRENCIES.api, {
      filter: [
        { field: 'is_base', field_type: 'boolean', filters: [{ operator: 'equals', value: 1 }] },
      ],
    });
    expect(bases.data.rows.map((r) => r.code)).toEqual(['CAD']);
  });

  it('refuses a currency code that is not three letters', async () => {
    const reply = await api.send('POST', CURRENCIES.api, {
      code: 'U1',
      name: 'Odd',
      symbol: 'O',
      rate_to_cad: 2,
    });
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toHaveProperty('code');
  });
});
