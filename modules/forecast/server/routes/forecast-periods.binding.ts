import { and, ne, sql } from 'drizzle-orm';
import { FORECAST_PERIODS } from '../../shared/entities/forecast-periods.entity.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { forecastPeriods } from '../db/forecast.schema.ts';
import { ApiError, ruleError } from '../../../../server/errors/api-error.ts';
import { qualified, type EntityBinding } from '../../../../server/http/entity/entity-binding.ts';

// Forecast periods on the entity pattern: written while a draft (a period's figures come from
// its generation), deleted only as a draft, never overlapping another period. Overlaps are
// checked under a table lock so two periods written at once cannot both pass.

const id = qualified(forecastPeriods.id);
const ofPeriod = (table: string) => sql.raw(`from ${table} x where x.forecast_period_id = `);

export async function overlappingPeriod(
  tx: Tx,
  start: string,
  end: string,
  self: number | null,
): Promise<{ name: string; start_date: string; end_date: string } | undefined> {
  await tx.execute(sql`lock table forecast_periods in share row exclusive mode`);
  const [clash] = await tx
    .select({
      name: forecastPeriods.name,
      start_date: forecastPeriods.startDate,
      end_date: forecastPeriods.endDate,
    })
    .from(forecastPeriods)
    .where(
      and(
        sql`${forecastPeriods.startDate} <= ${end}::date and ${forecastPeriods.endDate} >= ${start}::date`,
        self === null ? undefined : ne(forecastPeriods.id, self),
      ),
    )
    .limit(1);
  return clash;
}

export const forecastPeriodsBinding: EntityBinding = {
  entity: FORECAST_PERIODS,
  table: forecastPeriods,
  computed: {
    history_units: sql<number>`(select coalesce(sum(x.history_units), 0)::int ${ofPeriod('forecast_allocations')}${id})`,
    forecast_units: sql<number>`(select coalesce(sum(x.forecast_units), 0)::int ${ofPeriod('forecast_allocations')}${id})`,
    has_history: sql<boolean>`exists (select 1 from sales_orders o
        join sales_order_lines l on l.sales_order_id = o.id
      where o.order_date between ${qualified(forecastPeriods.historyFrom)}
        and ${qualified(forecastPeriods.historyTo)}
        and o.status in ('confirmed', 'closed') and l.qty_shipped > 0)`,
    plans_proposed: sql<boolean>`exists (select 1 ${ofPeriod('forecast_production_plans')}${id}
      and x.status = 'proposed')`,
    orders_waiting: sql<boolean>`exists (select 1 ${ofPeriod('forecast_production_plans')}${id}
      and x.status = 'accepted' and x.planned_units > 0)`,
  },
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      if (before && before.status !== 'draft') {
        throw ruleError('status', `A ${String(before.status)} forecast period cannot be edited`);
      }
      const merged = { ...(before ?? {}), ...values };
      const start = String(merged.start_date);
      const end = String(merged.end_date);
      if (end < start) throw ruleError('end_date', 'The period ends on or after its start');
      if (String(merged.history_to) < String(merged.history_from)) {
        throw ruleError('history_to', 'The history window ends on or after its start');
      }
      const clash = await overlappingPeriod(tx, start, end, before?.id ?? null);
      if (clash) {
        throw ruleError(
          'start_date',
          `Overlaps the forecast period ${clash.name} (${clash.start_date} to ${clash.end_date})`,
        );
      }
    },
    beforeDelete: async ({ before }) => {
      if (before.status !== 'draft') throw new ApiError('database_delete_7', null, 409);
    },
  },
};
