import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toQueryString } from '../../../../src/api/query-string.ts';
import { ACCOUNT_MAPPINGS } from '../../shared/entities/account-mappings.entity.ts';
import { CHART_OF_ACCOUNTS_LIST } from '../../shared/entities/chart-of-accounts-list.entity.ts';
import { GL_ACCOUNTS } from '../../shared/entities/gl-accounts.entity.ts';
import { LOCATIONS } from '../../shared/entities/locations.entity.ts';
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

describeEntityCrud({
  entity: GL_ACCOUNTS,
  valid: async (n, api) => ({
    code: `69${String(n).padStart(2, '0')}`,
    name: `Expense ${n}`,
    type: 'expense',
    parent_id: await byCode(api, GL_ACCOUNTS, '6000'),
  }),
  change: { name: 'Renamed expense' },
  invalid: {
    body: { code: '', name: 'X', type: 'income' },
    codes: { code: 'required', type: 'in' },
  },
  outsider: 'inventory',
  referenced: async (api) => {
    const account = await api.create(GL_ACCOUNTS, {
      code: '6800',
      name: 'Mapped',
      type: 'expense',
    });
    await api.create(ACCOUNT_MAPPINGS, { mapping_key: 'test.mapped', gl_account_id: account.id });
    return account.id;
  },
});

describeEntityCrud({
  entity: ACCOUNT_MAPPINGS,
  valid: async (n, api) => ({
    mapping_key: `test.key_${n}`,
    gl_account_id: await byCode(api, GL_ACCOUNTS, '5200'),
  }),
  change: { mapping_key: 'test.changed' },
  invalid: {
    body: { mapping_key: 'x'.repeat(61), gl_account_id: 0 },
    codes: { mapping_key: 'max', gl_account_id: 'exists' },
  },
  outsider: 'purchase',
});

describe.each(backends())('chart of accounts on %s', (backend) => {
  let t: TestServer;
  let api: EntityApiClient;
  beforeAll(async () => {
    t = await startTestServer({ backend });
    api = entityClient(t.url, await tokenFor(t.url, 'admin'));
  });
  afterAll(async () => t.close());

  const account = async (code: string) =>
    (await api.get<Row>(`${GL_ACCOUNTS.api}/${await byCode(api, GL_ACCOUNTS, code)}`)).data;

  it('counts a key with no category and no location once: a second one is not unique', async () => {
    const again = await api.send('POST', ACCOUNT_MAPPINGS.api, {
      mapping_key: 'inventory.asset',
      gl_account_id: await byCode(api, GL_ACCOUNTS, '1310'),
    });
    expect(again.httpStatus).toBe(422);
    expect(again.data).toEqual({ mapping_key: 'unique' });
    const perLocation = await api.send('POST', ACCOUNT_MAPPINGS.api, {
      mapping_key: 'inventory.asset',
      location_id: await byCode(api, LOCATIONS, 'DC-MTL'),
      gl_account_id: await byCode(api, GL_ACCOUNTS, '1310'),
    });
    expect(perLocation.httpStatus).toBe(201);
  });

  it('maps only to active postable accounts, with a module.name key', async () => {
    const header = await api.send('POST', ACCOUNT_MAPPINGS.api, {
      mapping_key: 'sales.other',
      gl_account_id: await byCode(api, GL_ACCOUNTS, '4000'),
    });
    expect(header.data).toEqual({ gl_account_id: 'Choose an active, postable account' });
    const key = await api.send('POST', ACCOUNT_MAPPINGS.api, {
      mapping_key: 'Sales Revenue',
      gl_account_id: await byCode(api, GL_ACCOUNTS, '4100'),
    });
    expect(key.data).toHaveProperty('mapping_key');
  });

  it('keeps parents as header accounts of the same type, and no loops', async () => {
    const wrongType = await api.send('POST', GL_ACCOUNTS.api, {
      code: '1999',
      name: 'Odd',
      type: 'expense',
      parent_id: await byCode(api, GL_ACCOUNTS, '1000'),
    });
    expect(wrongType.data).toEqual({ parent_id: 'The parent must be a expense account' });
    const postableParent = await api.send('POST', GL_ACCOUNTS.api, {
      code: '1011',
      name: 'Petty cash',
      type: 'asset',
      parent_id: await byCode(api, GL_ACCOUNTS, '1010'),
    });
    expect(postableParent.data).toEqual({
      parent_id: '1010 is postable; a parent must be a header account',
    });
    const assets = await account('1000');
    const loop = await api.send('PUT', `${GL_ACCOUNTS.api}/${assets.id}`, {
      parent_id: await byCode(api, GL_ACCOUNTS, '1300'),
      version: assets.version,
    });
    expect(loop.httpStatus).toBe(422);
    expect(loop.data).toHaveProperty('parent_id');
  });

  it('keeps a mapped account postable and active, and a header with children not postable', async () => {
    const ar = await account('1200');
    const unpost = await api.send('PUT', `${GL_ACCOUNTS.api}/${ar.id}`, {
      is_postable: 0,
      version: ar.version,
    });
    expect(unpost.data).toEqual({ is_postable: 'sales.receivable posts here; remap it first' });
    const deactivate = await api.send('PUT', `${GL_ACCOUNTS.api}/${ar.id}`, {
      active: 0,
      version: ar.version,
    });
    expect(deactivate.httpStatus).toBe(422);
    const inventory = await account('1300');
    const post = await api.send('PUT', `${GL_ACCOUNTS.api}/${inventory.id}`, {
      is_postable: 1,
      version: inventory.version,
    });
    expect(post.data).toEqual({ is_postable: 'A header of 1310 cannot be postable' });
  });

  it('reports the tree with parents, levels and mapped keys, filtered by type and active', async () => {
    const report = await api.get<List>(CHART_OF_ACCOUNTS_LIST.api, {
      filter: [
        {
          field: 'type',
          field_type: 'enum',
          filters: [{ operator: 'equals', value: 'liability' }],
        },
        { field: 'active', field_type: 'boolean', filters: [{ operator: 'equals', value: 1 }] },
      ],
      per_page: 100,
    });
    expect(report.httpStatus).toBe(200);
    expect(report.data.rows.every((r) => r.type === 'liability')).toBe(true);
    const codes = report.data.rows.map((r) => r.code);
    expect(codes).toEqual([...codes].sort());
    expect(report.data.rows.find((r) => r.code === '2000')).toMatchObject({
      depth: 0,
      parent_code: null,
      is_postable: 0,
    });
    expect(report.data.rows.find((r) => r.code === '2200')).toMatchObject({
      depth: 1,
      parent_code: '2000',
      mapped_keys: 'tax.GST, tax.HST',
    });
    const finished = await api.get<List>(CHART_OF_ACCOUNTS_LIST.api, {
      filter: [
        { field: 'code', field_type: 'text', filters: [{ operator: 'equals', value: '1330' }] },
      ],
    });
    expect(finished.data.rows[0]).toMatchObject({ depth: 2, parent_code: '1300' });
    expect((await api.send('POST', CHART_OF_ACCOUNTS_LIST.api, { code: '9' })).httpStatus).toBe(
      404,
    );
  });

  it('exports the report as CSV with its computed columns', async () => {
    const response = await fetch(
      `${t.url}${CHART_OF_ACCOUNTS_LIST.api}/export?${toQueryString({
        format: 'csv',
        filter: [
          { field: 'type', field_type: 'enum', filters: [{ operator: 'equals', value: 'equity' }] },
        ],
      })}`,
      { headers: { authorization: `Bearer ${api.token}` } },
    );
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('Mapped keys');
    expect(lines[2]).toContain('3100');
  });
});
