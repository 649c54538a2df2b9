import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import type { ProductionSettingRow } from '../../src/domain/entities/production/production-settings.ts';
import { PRODUCTION_LOGS } from '../../src/domain/entities/production/floor-reports.entity.ts';
import { startPlant, type Plant } from '../support/production-plant.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type List } from '../support/entity-crud.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// The Production settings screen's API (docs/domain/production.md §3.1, docs/product.md §6
// "Production section main"): admin only, each value checked against its shape, versioned
// (stale → 409) and read by the rules that use it (the overage in a production order's
// planned ml).

const API = '/api/production/settings';

describe.each(backends())('production settings on %s', (backend) => {
  let plant: Plant;
  const all = async () =>
    (await plant.as.admin!.get<{ rows: ProductionSettingRow[] }>(API)).data.rows;
  const one = async (key: string) => (await all()).find((r) => r.key === key)!;
  const put = (key: string, value: unknown, version: number, who = 'admin') =>
    plant.as[who]!.send<ProductionSettingRow>('PUT', `${API}/${key}`, { value, version });

  beforeAll(async () => {
    plant = await startPlant(backend, []);
  }, 120_000);
  afterAll(() => plant?.t.close());

  it('is the admin’s: other roles are refused reading and writing', async () => {
    expect((await plant.as.planning!.get(API)).httpStatus).toBe(403);
    const overage = await one('production.overage_pct');
    expect((await put('production.overage_pct', 9, overage.version, 'manager')).httpStatus).toBe(
      403,
    );
    expect((await one('production.overage_pct')).value).toBe(overage.value);
  });

  it('answers every known key, the never-saved ones at version 0 with what the rules use', async () => {
    const rows = await all();
    expect(rows.map((r) => r.key)).toEqual(
      expect.arrayContaining([
        'production.zero_nic_max_mg',
        'report.shifts',
        'production.counter_tolerance',
      ]),
    );
    const shifts = rows.find((r) => r.key === 'report.shifts')!;
    expect(shifts.version).toBe(0);
    expect((shifts.value as unknown[]).length).toBe(3);
    expect((await one('production.overage_pct')).version).toBeGreaterThan(0);
  });

  it('refuses bad values and stale versions without writing, and the rules read what is saved', async () => {
    const before = await one('production.overage_pct');
    const tooMuch = await put('production.overage_pct', 150, before.version);
    expect(tooMuch.httpStatus).toBe(422);
    expect(tooMuch.data).toEqual({ value: 'Must be 100 or less' });
    expect((await put('production.overage_pct', 'lots', before.version)).httpStatus).toBe(422);
    const stale = await put('production.overage_pct', 5, before.version + 4);
    expect(stale.httpStatus).toBe(409);
    expect(stale.message).toBe('stale_version');
    expect((await one('production.overage_pct')).value).toBe(before.value);
    expect((await put('production.unknown', 1, 1)).data).toEqual({ key: 'in' });

    const saved = await put('production.overage_pct', 5, before.version);
    expect(saved.httpStatus).toBe(200);
    expect(saved.data).toMatchObject({ value: 5, version: before.version + 1 });
    const mo = await plant.as.planning!.create(PRODUCTION_ORDERS, {
      product_id: plant.product.id,
      flow_id: plant.flowId,
      planned_units: 100,
      due_date: '2026-12-01',
    });
    // 100 bottles of 30 ml, plus 5 %.
    expect(mo.planned_ml).toBe(3150);
  });

  it('creates a never-saved setting at version 0 once, and checks the shifts', async () => {
    const dup = [
      { code: 'day', name: 'Day', start: '07:00', end: '15:00' },
      { code: 'day', name: 'Again', start: '15:00', end: '23:00' },
    ];
    const refused = await put('report.shifts', dup, 0);
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toEqual({ value: 'Shift codes must be unique' });
    const badTime = await put(
      'report.shifts',
      [{ code: 'x', name: 'X', start: '7', end: '15:00' }],
      0,
    );
    expect(badTime.data).toEqual({ value: 'Times are HH:mm' });
    const two = [dup[0], { ...dup[1], code: 'late' }];
    const created = await put('report.shifts', two, 0);
    expect(created.httpStatus).toBe(200);
    expect(created.data).toMatchObject({ version: 1, value: two });
    expect((await put('report.shifts', two, 0)).httpStatus).toBe(409);
    expect((await put('report.hplc_first_pass_target_pct', null, 0)).httpStatus).toBe(200);
    expect((await put('report.hplc_first_pass_target_pct', 101, 1)).httpStatus).toBe(422);
  });

  it('puts each production log event in the shift its time falls in', async () => {
    const shifts = await one('report.shifts');
    const halves = [
      { code: 'am', name: 'Morning', start: '00:00', end: '12:00' },
      { code: 'pm', name: 'Afternoon', start: '12:00', end: '00:00' },
    ];
    expect((await put('report.shifts', halves, shifts.version)).httpStatus).toBe(200);
    await plant.planned(10);
    const logs = await plant.as.manager!.get<List>(PRODUCTION_LOGS.api, { per_page: 500 });
    expect(logs.data.rows.length).toBeGreaterThan(0);
    // Shifts are the plant's hours (America/Toronto); created_at is an instant (UTC).
    const plantHour = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Toronto',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    for (const row of logs.data.rows) {
      const hour = Number(plantHour.format(new Date(String(row.created_at))));
      expect(row.shift, String(row.created_at)).toBe(hour < 12 ? 'am' : 'pm');
    }
    const onlyAm = await plant.as.manager!.get<List>(PRODUCTION_LOGS.api, {
      per_page: 500,
      filter: [
        { field: 'shift', field_type: 'text', filters: [{ operator: 'equals', value: 'am' }] },
      ],
    });
    expect(onlyAm.data.rows.length).toBe(logs.data.rows.filter((r) => r.shift === 'am').length);
  });
});

describe.each(backends())('the plant time zone on %s', (backend) => {
  // UTC+14: its wall clock is never Toronto's, whatever the hour of the run.
  const zone = 'Pacific/Kiritimati';
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ backend, env: { COMPANY_TIMEZONE: zone } });
  }, 120_000);
  afterAll(() => t?.close());

  it('shows when a setting was saved on the clock of COMPANY_TIMEZONE', async () => {
    const admin = entityClient(t.url, await tokenFor(t.url, 'admin'));
    const wall = (at: Date) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: zone,
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(at);
    const overage = async () =>
      (await admin.get<{ rows: ProductionSettingRow[] }>(API)).data.rows.find(
        (r) => r.key === 'production.overage_pct',
      )!;
    const before = wall(new Date());
    const saved = await admin.send('PUT', `${API}/production.overage_pct`, {
      value: 3,
      version: (await overage()).version,
    });
    expect(saved.httpStatus).toBe(200);
    const after = wall(new Date());
    // The minute may turn between the two readings.
    expect([before, after]).toContain(String((await overage()).updated_at).slice(0, 16));
  });
});
