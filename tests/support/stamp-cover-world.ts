import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { PARAMETERS } from '../../modules/general/shared/entities/parameters.entity.ts';
import type { ProductionSettingRow } from '../../src/domain/entities/production/production-settings.ts';
import { STAMP_REELS } from '../../src/domain/entities/production/stamp-reels.entity.ts';
import { plantToday } from '../../server/db/plant-time.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { tokenFor } from './api-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from './entity-crud.ts';
import type { TestServer } from './test-server.ts';

// A stamp jurisdiction of its own (ZZ, "Zedland") on a demo server, so the cover's figures are
// the test's alone: two reels through the API (3,000 stamps approved, on hand; 1,000 recorded
// and not yet approved, on order), two demo production orders moved to it as released and in
// progress (2,000 + 500 stamps still to put on), and a locked forecast period of 30 days, 21 of
// them still ahead, planning 3,000 units of a stamped product (2,100 still to come). The
// orders and the forecast are written straight into the database: their own workflows are
// proven by their own suites, and this one is about what the cover reads.

export const LEAD_TIME_KEY = 'production.stamp_lead_time_days';
const SETTINGS = '/api/production/settings';

export type CoverWorld = {
  jurisdictionId: number;
  as: (user: string, password?: string) => Promise<EntityApiClient>;
  setLeadTime: (days: number) => Promise<void>;
};

let n = 0;

/** The jurisdictions these worlds made (sort 99): a world takes orders and products of none. */
const OURS = sql`select p.id from parameters p join parameter_types t on t.id = p.parameter_type_id
                  where t.code = 'stamp_jurisdiction' and p.sort = 99`;

export async function coverWorld(t: TestServer, code = 'ZZ'): Promise<CoverWorld> {
  const clients = new Map<string, EntityApiClient>();
  const as = async (user: string, password?: string) => {
    const known = clients.get(user);
    if (known) return known;
    const client = entityClient(t.url, await tokenFor(t.url, user, password));
    clients.set(user, client);
    return client;
  };
  const admin = await as('admin');
  const db = t.server.database.db;
  const [type] = await queryRows<{ id: number }>(
    db,
    sql`select id::int from parameter_types where code = 'stamp_jurisdiction'`,
  );
  const [stampType] = await queryRows<{ id: number }>(
    db,
    sql`select p.id::int from parameters p join parameter_types t on t.id = p.parameter_type_id
         where t.code = 'stamp_type' order by p.id limit 1`,
  );
  const created = await admin.send<Row>('POST', PARAMETERS.api, {
    parameter_type_id: type!.id,
    code,
    name: `Zedland ${code}`,
    sort: 99,
  });
  expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);
  const jurisdictionId = created.data.id;

  const keeper = await as('stamp_inventory');
  const manager = await as('manager');
  const receive = async (qty: number) => {
    const first = 1_000_000 * (++n + jurisdictionId);
    const reel = await keeper.send<Row>('POST', STAMP_REELS.api, {
      reel_no: `ZZ-${jurisdictionId}-${n}`,
      stamp_jurisdiction_id: jurisdictionId,
      stamp_type_id: stampType!.id,
      first_serial: first,
      last_serial: first + qty - 1,
      stamps_qty: qty,
      received_at: '2026-01-10',
    });
    expect(reel.httpStatus, JSON.stringify(reel.data)).toBe(201);
    return reel.data;
  };
  const onHand = await receive(3_000);
  const approved = await manager.send<Row>(
    'POST',
    `${STAMP_REELS.api}/${onHand.id}/events/approve_receipt`,
    { version: onHand.version },
  );
  expect(approved.httpStatus, JSON.stringify(approved.data)).toBe(200);
  await receive(1_000);

  // Two demo orders become this jurisdiction's released work.
  await db.execute(sql`
    update production_orders o set stamp_jurisdiction_id = ${jurisdictionId},
           status = v.status, planned_units = v.planned, stamped_units = v.stamped,
           stamping_waste_units = v.waste, labeled_units = 500, label_waste_units = 0,
           bottled_units = greatest(o.bottled_units, 500)
      from (select id, row_number() over (order by id) as k from production_orders
             where coalesce(stamp_jurisdiction_id, 0) not in (${OURS})
             order by id limit 2) pick
      join (values (1, 'released', 2000, 0, 0), (2, 'in_progress', 1000, 400, 100))
           v(k, status, planned, stamped, waste) on v.k = pick.k
     where o.id = pick.id`);
  const [picked] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from production_orders where stamp_jurisdiction_id = ${jurisdictionId}`,
  );
  expect(picked!.n).toBe(2);

  // A stamped product of the jurisdiction, planned by a locked forecast covering today.
  const [product] = await queryRows<{ id: number }>(
    db,
    sql`update products set requires_stamp = true, stamp_jurisdiction_id = ${jurisdictionId}
         where id = (select id from products where type = 'finished_good'
                      and coalesce(stamp_jurisdiction_id, 0) not in (${OURS})
                    order by id limit 1)
         returning id::int`,
  );
  const [period] = await queryRows<{ id: number }>(
    db,
    sql`insert into forecast_periods (name, start_date, end_date, history_from, history_to, status)
        values (${`Cover ${code}`}, ${plantToday} - 9, ${plantToday} + 20, '2020-01-01',
                '2020-03-31', 'locked') returning id::int`,
  );
  await db.execute(
    sql`insert into forecast_production_plans
          (forecast_period_id, product_id, forecast_units, required_units, planned_units, status)
        values (${period!.id}, ${product!.id}, 3000, 3000, 3000, 'accepted')`,
  );

  async function setLeadTime(days: number): Promise<void> {
    const rows = (await admin.get<{ rows: ProductionSettingRow[] }>(SETTINGS)).data.rows;
    const row = rows.find((r) => r.key === LEAD_TIME_KEY)!;
    const saved = await admin.send('PUT', `${SETTINGS}/${LEAD_TIME_KEY}`, {
      value: days,
      version: row.version,
    });
    expect(saved.httpStatus, JSON.stringify(saved.data)).toBe(200);
  }

  return { jurisdictionId, as, setLeadTime };
}

export type { List, Row };
