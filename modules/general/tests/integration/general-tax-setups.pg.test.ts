import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GL_ACCOUNTS } from '../../shared/entities/gl-accounts.entity.ts';
import { PROVINCES } from '../../shared/entities/provinces.entity.ts';
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
import { CUSTOMERS } from '../../shared/entities/customers.entity.ts';

type Line = { tax_code: string; rate: number; compound: number; gl_account_name: string | null };
type Setup = Row & { lines: Line[]; total_rate: number; tax_codes: string };

// Yukon has no seeded setup: each generated setup gets a year of its own there.
describeEntityCrud({
  entity: TAX_SETUPS,
  valid: async (n, api) => ({
    name: `Yukon GST ${n}`,
    province_id: await byCode(api, PROVINCES, 'YT'),
    effective_from: `${2100 + n}-01-01`,
    effective_to: `${2100 + n}-12-31`,
    lines: [{ tax_code: 'GST', rate: 5, gl_account_id: await byCode(api, GL_ACCOUNTS, '2200') }],
  }),
  change: { name: 'Renamed setup' },
  invalid: {
    body: { name: 'Bad', province_id: 1, effective_from: '01/02/2026' },
    codes: { effective_from: 'in' },
  },
  outsider: 'sale',
  referenced: async (api) => {
    const setup = await api.create(TAX_SETUPS, {
      name: 'Yukon used',
      province_id: await byCode(api, PROVINCES, 'YT'),
      effective_from: '2090-01-01',
      effective_to: '2090-12-31',
    });
    await api.create(CUSTOMERS, {
      code: 'YUKON',
      name: 'Yukon customer',
      type: 'retail',
      currency_id: await anyCurrency(api),
      tax_setup_id: setup.id,
    });
    return setup.id;
  },
});

describe.each(backends())('tax setups on %s', (backend) => {
  let t: TestServer;
  let api: EntityApiClient;
  let pei: number;
  let gstPayable: number;
  beforeAll(async () => {
    t = await startTestServer({ backend });
    api = entityClient(t.url, await tokenFor(t.url, 'admin'));
    pei = await byCode(api, PROVINCES, 'PE');
    gstPayable = await byCode(api, GL_ACCOUNTS, '2200');
  });
  afterAll(async () => t.close());

  it('saves the taxes with their setup and shows the combined rate', async () => {
    const created = (await api.create(TAX_SETUPS, {
      name: 'PEI GST + PST (compound)',
      province_id: pei,
      effective_from: '2008-01-01',
      effective_to: '2013-03-31',
      lines: [
        { tax_code: 'GST', rate: 5, gl_account_id: gstPayable },
        { tax_code: 'PST', rate: 10, compound: 1 },
      ],
    })) as Setup;
    expect(created.tax_codes).toBe('GST + PST');
    expect(created.total_rate).toBeCloseTo(15.5, 6);
    expect(created.lines[0]).toMatchObject({
      tax_code: 'GST',
      rate: 5,
      gl_account_name: '2200 GST/HST payable',
    });
    const read = await api.get<Setup>(`${TAX_SETUPS.api}/${created.id}`);
    expect(read.data).toEqual(created);
    const replaced = await api.send<Setup>('PUT', `${TAX_SETUPS.api}/${created.id}`, {
      lines: [{ tax_code: 'HST', rate: 14 }],
      version: created.version,
    });
    expect(replaced.data.tax_codes).toBe('HST');
    expect(replaced.data.total_rate).toBe(14);
  });

  it('refuses a period that overlaps another of the same province, on effective_from', async () => {
    await api.create(TAX_SETUPS, {
      name: 'PEI HST',
      province_id: pei,
      effective_from: '2013-04-01',
    });
    const inside = await api.send('POST', TAX_SETUPS.api, {
      name: 'PEI later',
      province_id: pei,
      effective_from: '2030-01-01',
    });
    expect(inside.httpStatus).toBe(422);
    expect(inside.data).toEqual({
      effective_from: 'Overlaps "PEI HST" (2013-04-01 to open) for the same province',
    });
    const before = await api.send('POST', TAX_SETUPS.api, {
      name: 'PEI earlier',
      province_id: pei,
      effective_from: '2000-01-01',
      effective_to: '2013-04-01',
    });
    expect(before.httpStatus).toBe(422);
    expect(before.data).toHaveProperty('effective_from');
    const otherProvince = await api.send('POST', TAX_SETUPS.api, {
      name: 'Yukon GST',
      province_id: await byCode(api, PROVINCES, 'YT'),
      effective_from: '2030-01-01',
    });
    expect(otherProvince.httpStatus).toBe(201);
  });

  it('lets a setup move its own dates without clashing with itself', async () => {
    const nt = await byCode(api, PROVINCES, 'NT');
    const setup = await api.create(TAX_SETUPS, {
      name: 'NWT GST',
      province_id: nt,
      effective_from: '2010-01-01',
    });
    const moved = await api.send('PUT', `${TAX_SETUPS.api}/${setup.id}`, {
      effective_from: '2009-01-01',
      version: setup.version,
    });
    expect(moved.httpStatus).toBe(200);
  });

  it('refuses an end before the start, a tax twice, and a header account', async () => {
    const nu = await byCode(api, PROVINCES, 'NU');
    const backwards = await api.send('POST', TAX_SETUPS.api, {
      name: 'Backwards',
      province_id: nu,
      effective_from: '2026-01-01',
      effective_to: '2025-01-01',
    });
    expect(backwards.data).toEqual({
      effective_to: 'Effective to must be on or after effective from',
    });
    const twice = await api.send('POST', TAX_SETUPS.api, {
      name: 'Twice',
      province_id: nu,
      effective_from: '2026-01-01',
      lines: [
        { tax_code: 'GST', rate: 5 },
        { tax_code: 'GST', rate: 5 },
      ],
    });
    expect(twice.data).toEqual({ 'lines.1.tax_code': 'unique' });
    const header = await api.send('POST', TAX_SETUPS.api, {
      name: 'Header',
      province_id: nu,
      effective_from: '2026-01-01',
      lines: [{ tax_code: 'GST', rate: 5, gl_account_id: await byCode(api, GL_ACCOUNTS, '2000') }],
    });
    expect(header.data).toEqual({ 'lines.0.gl_account_id': 'Choose an active, postable account' });
    const list = await api.get<List>(TAX_SETUPS.api, {
      filter: [
        {
          field: 'province_id',
          field_type: 'number',
          filters: [{ operator: 'equals', value: nu }],
        },
      ],
    });
    expect(list.data.total).toBe(0);
  });

  it('seeds the provincial taxes: Quebec GST + QST, Nova Scotia with its 2025 change', async () => {
    const qc = await byCode(api, TAX_SETUPS, 'Quebec GST + QST', 'name');
    const quebec = await api.get<Setup>(`${TAX_SETUPS.api}/${qc}`);
    expect(quebec.data.total_rate).toBeCloseTo(14.975, 6);
    const ns = await api.get<List>(TAX_SETUPS.api, {
      filter: [
        {
          field: 'province_id',
          field_type: 'number',
          filters: [{ operator: 'equals', value: await byCode(api, PROVINCES, 'NS') }],
        },
      ],
      sort: { field: 'effective_from', direction: 'asc' },
    });
    expect(ns.data.rows.map((r) => [r.effective_to, r.total_rate])).toEqual([
      ['2025-03-31', 15],
      [null, 14],
    ]);
  });
});
