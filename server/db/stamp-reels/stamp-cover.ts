import { sql } from 'drizzle-orm';
import { productionSetting } from '../../../src/domain/entities/production/production-settings.ts';
import {
  coverFigures,
  type StampCoverRow,
} from '../../../src/domain/entities/production/stamp-cover.ts';
import type { Db, Tx } from '../client.ts';
import { plantToday } from '../plant-time.ts';
import { queryRows } from '../query-rows.ts';
import { numberSetting } from '../setting-value.ts';

// Days of stamp cover per jurisdiction (docs/domain/production.md "Stamp cover"): what the
// production floor holds and has coming against what the plan needs. Production's reels and
// orders only: assembly stamps kits from reels of its own module.

export const STAMP_LEAD_TIME_KEY = 'production.stamp_lead_time_days';

/** The supplier's lead time in force, days. */
export async function stampLeadTimeDays(db: Db | Tx): Promise<number> {
  const fallback = Number(productionSetting(STAMP_LEAD_TIME_KEY)?.fallback);
  return Math.max(1, Math.round(await numberSetting(db, STAMP_LEAD_TIME_KEY, fallback)));
}

type RawCover = {
  stamp_jurisdiction_id: number;
  jurisdiction_code: string;
  jurisdiction_name: string;
  on_hand: number;
  on_order: number;
  released_need: number;
  forecast_need: number;
  forecast_days: number | null;
  pending_request_id: number | null;
  pending_request_version: number | null;
};

// Locked forecast periods not yet over: each plan row of a stamped product counts the share of
// its planned units that falls between today and the period's end. A row whose order is
// already released (or further) is left out: that order's stamps count as released need. The
// need is spread to the end of the last period that plans the jurisdiction's goods, not of any
// period: another jurisdiction's longer plan says nothing of how fast this one's stamps go.
const FORECAST_AHEAD = sql`
  select p.stamp_jurisdiction_id as jid,
         (max(f.end_date) - ${plantToday}) + 1 as days,
         sum(fp.planned_units::numeric
             * ((f.end_date - greatest(f.start_date, ${plantToday})) + 1)
             / ((f.end_date - f.start_date) + 1)) as units
    from forecast_production_plans fp
    join forecast_periods f on f.id = fp.forecast_period_id
    join products p on p.id = fp.product_id
    left join production_orders o on o.id = fp.production_order_id
   where f.status = 'locked' and f.end_date >= ${plantToday}
     and p.requires_stamp and p.stamp_jurisdiction_id is not null
     and (o.id is null or o.status in ('draft', 'pending_approval', 'approved'))
   group by p.stamp_jurisdiction_id`;

const COVER_SQL = (jurisdictionId: number | null) => sql`
  select j.id::int as stamp_jurisdiction_id, j.code as jurisdiction_code,
         j.name as jurisdiction_name,
         coalesce((select sum(r.remaining_qty) from stamp_reels r
            where r.stamp_jurisdiction_id = j.id and r.module = 'production'
              and r.status in ('available', 'requested', 'issued', 'in_use')), 0)::int as on_hand,
         (coalesce((select sum(r.stamps_qty) from stamp_reels r
            where r.stamp_jurisdiction_id = j.id and r.module = 'production'
              and r.status = 'received'), 0)
          + coalesce((select sum(q.stamps_qty) from stamp_reel_requests q
            where q.stamp_jurisdiction_id = j.id and q.status = 'approved'), 0))::int as on_order,
         coalesce((select sum(greatest(0, o.planned_units - o.stamped_units - o.stamping_waste_units))
            from production_orders o
           where o.stamp_jurisdiction_id = j.id
             and o.status in ('released', 'in_progress', 'on_hold')), 0)::int as released_need,
         coalesce(round(fa.units), 0)::int as forecast_need,
         fa.days::int as forecast_days,
         q.id::int as pending_request_id, q.version as pending_request_version
    from parameters j
    join parameter_types t on t.id = j.parameter_type_id and t.code = 'stamp_jurisdiction'
    left join (${FORECAST_AHEAD}) fa on fa.jid = j.id
    left join stamp_reel_requests q on q.stamp_jurisdiction_id = j.id and q.status = 'pending'
   where j.active ${jurisdictionId === null ? sql`` : sql`and j.id = ${jurisdictionId}`}
   order by j.sort, j.code`;

/** Every active jurisdiction's cover, or the one asked for. */
export async function stampCover(
  db: Db | Tx,
  jurisdictionId: number | null = null,
): Promise<StampCoverRow[]> {
  const lead = await stampLeadTimeDays(db);
  const rows = await queryRows<RawCover>(db, COVER_SQL(jurisdictionId));
  return rows.map((r) => {
    const n = (v: unknown) => Number(v ?? 0);
    return {
      stamp_jurisdiction_id: n(r.stamp_jurisdiction_id),
      jurisdiction_code: r.jurisdiction_code,
      jurisdiction_name: r.jurisdiction_name,
      on_hand: n(r.on_hand),
      on_order: n(r.on_order),
      released_need: n(r.released_need),
      forecast_need: n(r.forecast_need),
      lead_time_days: lead,
      pending_request_id: r.pending_request_id === null ? null : n(r.pending_request_id),
      pending_request_version:
        r.pending_request_version === null ? null : n(r.pending_request_version),
      ...coverFigures({
        onHand: n(r.on_hand),
        onOrder: n(r.on_order),
        releasedNeed: n(r.released_need),
        forecastNeed: n(r.forecast_need),
        forecastDays: r.forecast_days === null ? null : n(r.forecast_days),
        leadTimeDays: lead,
      }),
    };
  });
}
