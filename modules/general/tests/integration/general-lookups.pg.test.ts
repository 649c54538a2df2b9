import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS } from '../../shared/entities/customers.entity.ts';
import { PARAMETER_TYPES } from '../../shared/entities/parameter-types.entity.ts';
import { PARAMETERS } from '../../shared/entities/parameters.entity.ts';
import { ROLES_LIST } from '../../shared/entities/roles.entity.ts';
import { TAGS } from '../../shared/entities/tags.entity.ts';
import { tokenFor } from '../../../../tests/support/api-client.ts';
import {
  describeEntityCrud,
  entityClient,
  type EntityApiClient,
  type List,
} from '../../../../tests/support/entity-crud.ts';
import {
  backends,
  startTestServer,
  type TestServer,
} from '../../../../tests/support/test-server.ts';
import { anyCurrency, byCode } from './general-fixtures.ts';

async function anyType(api: EntityApiClient): Promise<number> {
  return byCode(api, PARAMETER_TYPES, 'waste_reason');
}

describeEntityCrud({
  entity: PARAMETER_TYPES,
  valid: (n) => ({ code: `test_type_${n}`, name: `Test type ${n}` }),
  change: { name: 'Renamed type' },
  invalid: { body: { code: 'x'.repeat(41), name: '' }, codes: { code: 'max', name: 'required' } },
  outsider: 'inventory',
  referenced: async (api) => {
    const type = await api.create(PARAMETER_TYPES, { code: 'used_type', name: 'Used type' });
    await api.create(PARAMETERS, { parameter_type_id: type.id, code: 'one', name: 'One' });
    return type.id;
  },
});

describeEntityCrud({
  entity: PARAMETERS,
  valid: async (n, api) => ({
    parameter_type_id: await anyType(api),
    code: `reason_${n}`,
    name: `Reason ${n}`,
    sort: n,
  }),
  change: { name: 'Renamed reason', active: 0 },
  invalid: {
    body: { parameter_type_id: 0, code: '', name: 'X', sort: -1 },
    codes: { parameter_type_id: 'exists', code: 'required' },
  },
  outsider: 'warehouse',
});

describeEntityCrud({
  entity: TAGS,
  valid: (n) => ({ name: `Tag ${n}`, color: '#67C23A' }),
  change: { color: '#f56c6c' },
  invalid: { body: { name: '', color: '#123' }, codes: { name: 'required' } },
  outsider: 'sale',
  referenced: async (api) => {
    const tag = await api.create(TAGS, { name: 'Used tag', color: '#409EFF' });
    await api.create(CUSTOMERS, {
      code: 'TAGGED',
      name: 'Tagged customer',
      type: 'retail',
      currency_id: await anyCurrency(api),
      tag_ids: [tag.id],
    });
    return tag.id;
  },
});

describe.each(backends())('administration lookups on %s', (backend) => {
  let t: TestServer;
  let api: EntityApiClient;
  beforeAll(async () => {
    t = await startTestServer({ backend });
    api = entityClient(t.url, await tokenFor(t.url, 'admin'));
  });
  afterAll(async () => t.close());

  it('seeds the lookups the modules read, stamp jurisdictions included', async () => {
    const types = await api.get<List>(PARAMETER_TYPES.api, { per_page: 100 });
    expect(types.data.rows.map((r) => r.code)).toEqual(
      expect.arrayContaining([
        'waste_reason',
        'adjustment_reason',
        'hold_reason',
        'damage_reason',
        'container_type',
        'stamp_type',
        'stamp_jurisdiction',
      ]),
    );
    const jurisdiction = await byCode(api, PARAMETER_TYPES, 'stamp_jurisdiction');
    const values = await api.get<List>(PARAMETERS.api, {
      filter: [
        {
          field: 'parameter_type_id',
          field_type: 'number',
          filters: [{ operator: 'equals', value: jurisdiction }],
        },
      ],
      per_page: 100,
    });
    expect(values.data.rows.map((r) => r.code)).toEqual(expect.arrayContaining(['CA', 'ON', 'QC']));
    expect(values.data.rows.every((r) => r.parameter_type_name === 'Stamp jurisdictions')).toBe(
      true,
    );
  });

  it('keeps a code unique within its type but not across types', async () => {
    const waste = await byCode(api, PARAMETER_TYPES, 'waste_reason');
    const hold = await byCode(api, PARAMETER_TYPES, 'hold_reason');
    const twice = await api.send('POST', PARAMETERS.api, {
      parameter_type_id: waste,
      code: 'spill',
      name: 'Another spill',
    });
    expect(twice.httpStatus).toBe(422);
    expect(Object.values(twice.data as Record<string, string>)).toContain('unique');
    await api.create(PARAMETERS, { parameter_type_id: hold, code: 'spill', name: 'Spill hold' });
  });

  it('refuses a tag colour that is not #RRGGBB and stores colours in capitals', async () => {
    const bad = await api.send('POST', TAGS.api, { name: 'Odd', color: 'red' });
    expect(bad.httpStatus).toBe(422);
    expect(bad.data).toEqual({ color: 'Use a colour such as #409EFF' });
    const tag = await api.create(TAGS, { name: 'Lower', color: '#abcdef' });
    expect(tag.color).toBe('#ABCDEF');
  });

  it('lists roles read-only with how many users hold each', async () => {
    const list = await api.get<List>(ROLES_LIST.api, { per_page: 100 });
    expect(list.data.total).toBe(36);
    const admin = list.data.rows.find((r) => r.code === 'admin');
    expect(admin?.users_count).toBeGreaterThanOrEqual(1);
    const counted = await api.get<List>(ROLES_LIST.api, {
      filter: [
        {
          field: 'users_count',
          field_type: 'number',
          filters: [{ operator: 'greater', value: 0 }],
        },
      ],
      per_page: 100,
    });
    expect(counted.data.rows.length).toBeGreaterThan(1);
    expect(counted.data.rows.every((r) => Number(r.users_count) > 0)).toBe(true);
    const create = await api.send('POST', ROLES_LIST.api, { code: 'pirate', name: 'Pirate' });
    expect(create.httpStatus).toBe(404);
    const id = admin?.id ?? 0;
    expect((await api.send('DELETE', `${ROLES_LIST.api}/${id}`)).httpStatus).toBe(404);
    const outsider = entityClient(t.url, await tokenFor(t.url, 'director'));
    expect((await outsider.get(ROLES_LIST.api)).httpStatus).toBe(403);
  });
});
