import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { plantToday } from '../plant-time.ts';
import { queryRows } from '../query-rows.ts';
import { users } from '../schema/users.ts';
import { logTransition } from '../transition-log.ts';

// The stamp cover of a fresh demo (docs/domain/production.md "Stamp cover"): a locked forecast
// period running now, planning the Ontario- and Quebec-stamped goods, so Quebec's reels
// (1,258 on hand, 2,500 awaiting approval) fall below the 21-day lead time (about 12 days:
// the panel offers a draft) while Ontario's (12,675 with the reel on order) cover about two
// months. **decision**: the period is 30 days long whatever the date, ending 20 days ahead
// or the day before the next period opens (periods never overlap), so the daily need, and
// with it the cover, is the same on every demo.

const PERIOD_DAYS = 30;
const AHEAD_DAYS = 20;

/** Planned units per stamped good of each jurisdiction over the period. */
const PLANNED: Readonly<Record<string, number>> = { QC: 2_400, ON: 1_500 };

export async function seedDemoStampCover(tx: Tx): Promise<void> {
  const [manager] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'manager'));
  if (!manager) return;
  const [period] = await queryRows<{ id: number }>(
    tx,
    sql`with bounds as (
          select least(${plantToday} + ${AHEAD_DAYS}::int,
                       coalesce((select min(start_date) from forecast_periods
                                  where start_date > ${plantToday}) - 1,
                                ${plantToday} + ${AHEAD_DAYS}::int)) as end_date)
        insert into forecast_periods (name, start_date, end_date, history_from, history_to,
                                      growth_pct, status, created_by, updated_by)
        -- Named in words as people read dates ("Forecast Nov 1 to Nov 30, 2026"), not ISO.
        select 'Forecast ' || to_char(end_date - ${PERIOD_DAYS - 1}::int, 'Mon FMDD') || ' to '
                 || to_char(end_date, 'Mon FMDD, YYYY'),
               end_date - ${PERIOD_DAYS - 1}::int, end_date,
               end_date - ${PERIOD_DAYS - 1 + 365}::int, end_date - ${PERIOD_DAYS}::int, 5, 'locked',
               ${manager.id}, ${manager.id}
          from bounds
        returning id::int`,
  );
  if (!period) return;
  for (const [code, units] of Object.entries(PLANNED)) {
    await tx.execute(sql`
      insert into forecast_production_plans (forecast_period_id, product_id, forecast_units,
        required_units, planned_units, status, created_by, updated_by)
      select ${period.id}, p.id, ${units}, ${units}, ${units}, 'accepted', ${manager.id},
             ${manager.id}
        from products p join parameters j on j.id = p.stamp_jurisdiction_id
       where p.type = 'finished_good' and p.requires_stamp and p.status = 'active'
         and j.code = ${code}`);
  }
  await logTransition(tx, {
    entityType: 'forecast_periods',
    entityId: period.id,
    from: 'open',
    to: 'locked',
    event: 'lock',
    reason: null,
    payload: null,
    actorId: manager.id,
  });
}
