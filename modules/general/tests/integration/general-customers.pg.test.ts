import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS } from '../../shared/entities/customers.entity.ts';
import { PROVINCES } from '../../shared/entities/provinces.entity.ts';
import { TAGS } from '../../shared/entities/tags.entity.ts';
import { TAX_SETUPS } from '../../shared/entities/tax-setups.entity.ts';
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
import { anyCurrency, byCode } from './general-fixtures.ts';

type Address = { kind: string; address: string; postal_code: string; is_default: number };
type Customer = Row & { addresses: Address[]; tag_ids: number[] };

describeEntityCrud({
  entity: CUSTOMERS,
  valid: async (n, api) => ({
    code: `CUST-${n}`,
    name: `Customer ${n}`,
    type: 'wholesale',
    currency_id: await anyCurrency(api),
    tax_setup_id: await byCode(api, TAX_SETUPS, 'Ontario HST', 'name'),
    payment_terms_days: 30,
    credit_limit: 25000.5,
    vape_licence_no: `ON-VAPE-${n}`,
    addresses: [
      {
        kind: 'bill',
        address: `${n} King Street West, Toronto`,
        province_id: await byCode(api, PROVINCES, 'ON'),
        postal_code: 'M5H 1A1',
        is_default: 1,
      },
    ],
  }),
  change: { credit_limit: 30000, active: 0 },
  invalid: {
    body: { code: 'BAD', name: 'Bad', type: 'friend', currency_id: 'x', credit_limit: 1.234 },
    codes: { type: 'in', currency_id: 'numeric', credit_limit: 'Keep at most 2 decimals' },
  },
  outsider: 'sale',
});

describe.each(backends())('customers on %s', (backend) => {
  let t: TestServer;
  let api: EntityApiClient;
  let cad: number;
  let ontario: number;
  let quebec: number;
  beforeAll(async () => {
    t = await startTestServer({ backend });
    api = entityClient(t.url, await tokenFor(t.url, 'admin'));
    cad = await anyCurrency(api);
    ontario = await byCode(api, PROVINCES, 'ON');
    quebec = await byCode(api, PROVINCES, 'QC');
  });
  afterAll(async () => t.close());

  const base = (code: string) => ({
    code,
    name: `Customer ${code}`,
    type: 'retail',
    currency_id: cad,
  });

  it('saves addresses with the customer and reads them back, postal codes normalised', async () => {
    const created = (await api.create(CUSTOMERS, {
      ...base('ADDR-1'),
      addresses: [
        {
          kind: 'bill',
          address: '1 Bay St, Toronto',
          province_id: ontario,
          postal_code: 'm5j2r8',
          is_default: 1,
        },
        {
          kind: 'ship',
          address: '2 Rue Peel, Montréal',
          province_id: quebec,
          postal_code: 'H3C 2G9',
        },
      ],
    })) as Customer;
    expect(created.addresses).toHaveLength(2);
    expect(created.addresses[0]).toMatchObject({
      kind: 'bill',
      postal_code: 'M5J 2R8',
      is_default: 1,
      province_name: 'Ontario',
    });
    const read = await api.get<Customer>(`${CUSTOMERS.api}/${created.id}`);
    expect(read.data.addresses.map((a) => a.postal_code)).toEqual(['M5J 2R8', 'H3C 2G9']);
  });

  it('replaces every address when addresses are sent and keeps them when they are not', async () => {
    const created = (await api.create(CUSTOMERS, {
      ...base('ADDR-2'),
      addresses: [
        { kind: 'bill', address: 'Old bill', postal_code: 'K1A 0B1' },
        { kind: 'ship', address: 'Old ship', postal_code: 'K1A 0B1' },
      ],
    })) as Customer;
    const renamed = await api.send<Customer>('PUT', `${CUSTOMERS.api}/${created.id}`, {
      name: 'Renamed',
      version: created.version,
    });
    expect(renamed.data.addresses).toHaveLength(2);
    const replaced = await api.send<Customer>('PUT', `${CUSTOMERS.api}/${created.id}`, {
      addresses: [{ kind: 'ship', address: 'New ship', postal_code: 'L6H 5V1', is_default: 1 }],
      version: renamed.data.version,
    });
    expect(replaced.httpStatus).toBe(200);
    expect(replaced.data.addresses.map((a) => a.address)).toEqual(['New ship']);
    expect(replaced.data.version).toBe(renamed.data.version + 1);
  });

  it('refuses a postal code that is not A1A 1A1, naming the line', async () => {
    const reply = await api.send('POST', CUSTOMERS.api, {
      ...base('ADDR-3'),
      addresses: [{ kind: 'bill', address: 'Somewhere', postal_code: '90210' }],
    });
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toEqual({ 'addresses.0.postal_code': 'Postal code must look like A1A 1A1' });
  });

  it('names an unknown province or tag at its place in the payload', async () => {
    const province = await api.send('POST', CUSTOMERS.api, {
      ...base('REF-1'),
      addresses: [
        { kind: 'bill', address: 'Here', province_id: ontario, postal_code: 'K1A 0B1' },
        { kind: 'ship', address: 'There', province_id: 999999, postal_code: 'K1A 0B1' },
      ],
    });
    expect(province.httpStatus).toBe(422);
    expect(province.data).toEqual({ 'addresses.1.province_id': 'exists' });
    const tag = await api.send('POST', CUSTOMERS.api, { ...base('REF-2'), tag_ids: [999999] });
    expect(tag.data).toEqual({ tag_ids: 'exists' });
  });

  it('allows one default address per kind, and no customer half-saved when refused', async () => {
    const reply = await api.send('POST', CUSTOMERS.api, {
      ...base('ADDR-4'),
      addresses: [
        { kind: 'ship', address: 'Dock A', postal_code: 'L5T 2N7', is_default: 1 },
        { kind: 'ship', address: 'Dock B', postal_code: 'L5T 2N7', is_default: 1 },
        { kind: 'bill', address: 'Office', postal_code: 'L5T 2N7', is_default: 1 },
      ],
    });
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toEqual({ addresses: 'Only one ship address can be the default' });
    const list = await api.get<List>(CUSTOMERS.api, {
      filter: [
        { field: 'code', field_type: 'text', filters: [{ operator: 'equals', value: 'ADDR-4' }] },
      ],
    });
    expect(list.data.total).toBe(0);
  });

  it('tags a customer and clears its tags when deleted', async () => {
    const vip = await byCode(api, TAGS, 'VIP', 'name');
    const created = (await api.create(CUSTOMERS, { ...base('TAG-1'), tag_ids: [vip] })) as Customer;
    expect(created.tag_ids).toEqual([vip]);
    expect((await api.send('DELETE', `${CUSTOMERS.api}/${created.id}`)).httpStatus).toBe(200);
    const tag = await api.get<Row>(`${TAGS.api}/${vip}`);
    // The seeded VIP customer still carries it, so the tag itself stays referenced.
    expect((await api.send('DELETE', `${TAGS.api}/${tag.data.id}`)).httpStatus).toBe(409);
  });

  it('lists seeded customers with their currency and tax setup labels', async () => {
    const list = await api.get<List>(CUSTOMERS.api, {
      filter: [
        {
          field: 'type',
          field_type: 'enum',
          filters: [{ operator: 'equals', value: 'wholesale' }],
        },
      ],
    });
    const quebecois = list.data.rows.find((r) => r.code === 'C-0003');
    expect(quebecois).toMatchObject({ currency_code: 'CAD', tax_setup_name: 'Quebec GST + QST' });
    const read = await api.get<Customer>(`${CUSTOMERS.api}/${quebecois?.id ?? 0}`);
    expect(read.data.addresses.filter((a) => a.kind === 'ship' && a.is_default === 1)).toHaveLength(
      1,
    );
    expect(read.data.tag_ids).toHaveLength(2);
  });
});
