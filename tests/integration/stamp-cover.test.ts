import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coverFigures,
  type ReelRequest,
  type StampCoverRow,
} from '../../src/domain/entities/production/stamp-cover.ts';
import { sql } from 'drizzle-orm';
import { plantToday } from '../../server/db/plant-time.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { coverWorld, type CoverWorld } from '../support/stamp-cover-world.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// Days of stamp cover (docs/domain/production.md "Stamp cover") on a real server: the figures
// from seeded reels, released orders and a locked forecast; the supplier's lead time as an
// admin's setting; a reel request drafted only below it, once per jurisdiction, decided by
// another person; and who may read the cover or draft.

const COVER = '/api/production/stamp-cover';
const REQUESTS = '/api/production/reel-requests';

describe('stamp cover', () => {
  let t: TestServer;
  let w: CoverWorld;
  beforeAll(async () => {
    t = await startTestServer({ backend: 'pglite' });
    w = await coverWorld(t);
  }, 240_000);
  afterAll(async () => t?.close());

  const coverAs = async (user: string) => {
    const answer = await (await w.as(user)).get<StampCoverRow[]>(COVER);
    expect(answer.httpStatus, JSON.stringify(answer.data)).toBe(200);
    const row = answer.data.find((r) => r.stamp_jurisdiction_id === w.jurisdictionId);
    expect(row).toBeDefined();
    return row!;
  };
  const draft = async (user: string) =>
    (await w.as(user)).send<ReelRequest>('POST', `${COVER}/${w.jurisdictionId}/reel-request`);
  const openRequests = async () =>
    (await (await w.as('manager')).get<ReelRequest[]>(REQUESTS)).data.filter(
      (r) => r.stamp_jurisdiction_id === w.jurisdictionId,
    );

  it('counts on hand, on order, the released need and the locked forecast still ahead', async () => {
    const row = await coverAs('stamp_inventory');
    // 3,000 + 1,000 stamps against (2,000 + 500 released + 3,000 × 21/30 forecast) over 21 days.
    expect(row).toMatchObject({
      jurisdiction_code: 'ZZ',
      on_hand: 3000,
      on_order: 1000,
      released_need: 2500,
      forecast_need: 2100,
      horizon_days: 21,
      daily_need: 219,
      cover_days: 18.3,
      lead_time_days: 21,
      below_lead_time: 1,
      suggested_qty: 6000,
      pending_request_id: null,
    });
  });

  it("spreads its need over its own plan, not over another jurisdiction's longer one", async () => {
    // Ontario's goods planned by a locked period running 60 days on: ZZ's need still runs to
    // the end of the period that plans ZZ's goods (21 days), so its cover is unchanged.
    const db = t.server.database.db;
    const [period] = await queryRows<{ id: number }>(
      db,
      sql`insert into forecast_periods (name, start_date, end_date, history_from, history_to, status)
          values ('Ontario, longer', ${plantToday} - 9, ${plantToday} + 60, '2020-01-01',
                  '2020-03-31', 'locked') returning id::int`,
    );
    try {
      await db.execute(
        sql`insert into forecast_production_plans
              (forecast_period_id, product_id, forecast_units, required_units, planned_units, status)
            select ${period!.id}, p.id, 500, 500, 500, 'accepted'
              from products p join parameters j on j.id = p.stamp_jurisdiction_id
             where j.code = 'ON' and p.requires_stamp order by p.id limit 1`,
      );
      expect(await coverAs('stamp_inventory')).toMatchObject({
        horizon_days: 21,
        cover_days: 18.3,
      });
    } finally {
      await db.execute(
        sql`delete from forecast_production_plans where forecast_period_id = ${period!.id}`,
      );
      await db.execute(sql`delete from forecast_periods where id = ${period!.id}`);
    }
  });

  it('reads the lead time from the setting, and drafts nothing while the cover reaches it', async () => {
    await w.setLeadTime(14);
    expect(await coverAs('manager')).toMatchObject({ lead_time_days: 14, below_lead_time: 0 });
    const refused = await draft('stamp_inventory');
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toEqual({
      stamp_jurisdiction_id: expect.stringMatching(
        /18\.3 days of cover, not below the lead time of 14 days/,
      ) as unknown,
    });
    expect(await openRequests()).toEqual([]);
    await w.setLeadTime(21);
  });

  it('lets the wall’s viewers read the cover and only stamp_inventory, managers and admin draft', async () => {
    expect((await coverAs('supervisor_production')).below_lead_time).toBe(1);
    expect((await coverAs('stamper')).below_lead_time).toBe(1);
    expect((await (await w.as('batcher')).get(COVER)).httpStatus).toBe(403);
    expect((await draft('stamper')).httpStatus).toBe(403);
    expect((await draft('supervisor_production')).httpStatus).toBe(403);
    expect((await (await w.as('stamper')).get(REQUESTS)).httpStatus).toBe(403);
    expect(await openRequests()).toEqual([]);
  });

  it('drafts one reel request below the lead time, and answers a second draft with it', async () => {
    const first = await draft('stamp_inventory');
    expect(first.httpStatus, JSON.stringify(first.data)).toBe(201);
    expect(first.data).toMatchObject({
      status: 'pending',
      stamps_qty: 6000,
      cover_days: 18.3,
      lead_time_days: 21,
    });
    const again = await draft('manager');
    expect(again.httpStatus).toBe(200);
    expect(again.data.id).toBe(first.data.id);
    expect(await openRequests()).toHaveLength(1);
    expect(await coverAs('stamp_inventory')).toMatchObject({
      pending_request_id: first.data.id,
      below_lead_time: 1,
    });
  });

  it('has another person approve it, counting its stamps on order until they are received', async () => {
    const [pending] = await openRequests();
    const url = (event: string) => `${REQUESTS}/${pending!.id}/events/${event}`;
    const drafter = await w.as('stamp_inventory');
    const ownApproval = await drafter.send('POST', url('approve'), { version: pending!.version });
    expect(ownApproval.httpStatus).toBe(422);
    expect(JSON.stringify(ownApproval.data)).toMatch(/another person must decide/);
    const manager = await w.as('manager');
    const stale = await manager.send('POST', url('approve'), { version: pending!.version + 5 });
    expect(stale.httpStatus).toBe(409);
    const noReason = await manager.send('POST', url('reject'), { version: pending!.version });
    expect(noReason.httpStatus).toBe(422);
    const unknown = await manager.send('POST', url('explode'), { version: pending!.version });
    expect(unknown.httpStatus).toBe(422);
    expect((await openRequests())[0]).toMatchObject({
      status: 'pending',
      version: pending!.version,
    });

    const approved = await manager.send<ReelRequest>('POST', url('approve'), {
      version: pending!.version,
    });
    expect(approved.httpStatus, JSON.stringify(approved.data)).toBe(200);
    expect(approved.data).toMatchObject({
      status: 'approved',
      decided_by_name: expect.any(String) as unknown,
    });
    const expected = coverFigures({
      onHand: 3000,
      onOrder: 7000,
      releasedNeed: 2500,
      forecastNeed: 2100,
      forecastDays: 21,
      leadTimeDays: 21,
    });
    expect(await coverAs('stamp_inventory')).toMatchObject({
      on_order: 7000,
      cover_days: expected.cover_days,
      below_lead_time: 0,
      pending_request_id: null,
    });
    expect(expected.cover_days).toBe(45.7);

    const received = await drafter.send<ReelRequest>('POST', url('receive'), {
      version: approved.data.version,
    });
    expect(received.httpStatus, JSON.stringify(received.data)).toBe(200);
    expect(await coverAs('stamp_inventory')).toMatchObject({
      on_order: 1000,
      below_lead_time: 1,
    });
    expect(await openRequests()).toEqual([]);
  });

  it('refuses a draft for a jurisdiction that does not exist', async () => {
    const answer = await (await w.as('admin')).send('POST', `${COVER}/999999/reel-request`);
    expect(answer.httpStatus).toBe(404);
  });
});
