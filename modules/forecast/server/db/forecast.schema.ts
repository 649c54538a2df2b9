import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  FORECAST_PERIOD_STATUSES,
  FORECAST_PLAN_STATUSES,
} from '../../shared/entities/forecast-values.ts';
import { checkInList } from '../../../../server/db/schema/check-in-list.ts';
import { locations } from '../../../../server/db/schema/general.ts';
import { products } from '../../../../server/db/schema/inventory.ts';
import { productionOrders } from '../../../../server/db/schema/production-orders.ts';
import { standardColumns } from '../../../../server/db/schema/users.ts';

// Forecast (docs/domain/forecast.md §11): periods, their allocations per product and distribution
// centre, their production plan per product, and the quantity ranges plans are rounded by. A
// period's allocations and plan go with it (cascade); every other key restricts.

const ref = () => bigint({ mode: 'number' });
const units = () => integer().notNull().default(0);
const pct = () => numeric({ precision: 7, scale: 4 });

export const forecastPeriods = pgTable(
  'forecast_periods',
  {
    ...standardColumns(),
    name: varchar({ length: 120 }).notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    historyFrom: date({ mode: 'string' }).notNull(),
    historyTo: date({ mode: 'string' }).notNull(),
    growthPct: pct().notNull().default('0'),
    status: varchar({ length: 30 }).notNull().default('draft'),
    note: varchar({ length: 500 }),
  },
  (t) => [
    unique('forecast_periods_name_uk').on(t.name),
    check('forecast_periods_status_ck', checkInList('status', FORECAST_PERIOD_STATUSES)),
    check('forecast_periods_dates_ck', sql`${t.endDate} >= ${t.startDate}`),
    check('forecast_periods_history_ck', sql`${t.historyTo} >= ${t.historyFrom}`),
    check('forecast_periods_growth_ck', sql`${t.growthPct} >= -100`),
    index('forecast_periods_dates_idx').on(t.startDate, t.endDate),
  ],
);

export const forecastAllocations = pgTable(
  'forecast_allocations',
  {
    ...standardColumns(),
    forecastPeriodId: ref()
      .notNull()
      .references(() => forecastPeriods.id, { onDelete: 'cascade' }),
    productId: ref()
      .notNull()
      .references(() => products.id),
    locationId: ref().references(() => locations.id),
    historyUnits: units(),
    // What the arithmetic gave at generation: a forecast that differs is an override.
    defaultUnits: units(),
    forecastUnits: units(),
    overrideReason: varchar({ length: 500 }),
    allocationPct: pct(),
  },
  (t) => [
    // A null distribution centre counts as one value (the domain's UK with location null).
    unique('forecast_allocations_uk')
      .on(t.forecastPeriodId, t.productId, t.locationId)
      .nullsNotDistinct(),
    check(
      'forecast_allocations_units_ck',
      sql`${t.historyUnits} >= 0 and ${t.defaultUnits} >= 0 and ${t.forecastUnits} >= 0`,
    ),
    check(
      'forecast_allocations_pct_ck',
      sql`${t.allocationPct} is null or (${t.allocationPct} >= 0 and ${t.allocationPct} <= 100)`,
    ),
    check(
      'forecast_allocations_reason_ck',
      sql`${t.forecastUnits} = ${t.defaultUnits} or ${t.overrideReason} is not null`,
    ),
    index('forecast_allocations_product_idx').on(t.productId),
  ],
);

export const forecastProductionPlans = pgTable(
  'forecast_production_plans',
  {
    ...standardColumns(),
    forecastPeriodId: ref()
      .notNull()
      .references(() => forecastPeriods.id, { onDelete: 'cascade' }),
    productId: ref()
      .notNull()
      .references(() => products.id),
    forecastUnits: units(),
    onHand: units(),
    openMoUnits: units(),
    safetyUnits: units(),
    requiredUnits: units(),
    plannedUnits: units(),
    productionOrderId: ref().references(() => productionOrders.id),
    status: varchar({ length: 30 }).notNull().default('proposed'),
  },
  (t) => [
    unique('forecast_production_plans_uk').on(t.forecastPeriodId, t.productId),
    check('forecast_production_plans_status_ck', checkInList('status', FORECAST_PLAN_STATUSES)),
    check(
      'forecast_production_plans_units_ck',
      sql`${t.forecastUnits} >= 0 and ${t.safetyUnits} >= 0 and ${t.openMoUnits} >= 0
        and ${t.requiredUnits} >= 0 and ${t.plannedUnits} >= 0`,
    ),
    check(
      'forecast_production_plans_ordered_ck',
      sql`(${t.status} = 'ordered') = (${t.productionOrderId} is not null)`,
    ),
    index('forecast_production_plans_product_idx').on(t.productId),
  ],
);

export const forecastProductionQtyRanges = pgTable(
  'forecast_production_qty_ranges',
  {
    ...standardColumns(),
    minUnits: integer().notNull(),
    maxUnits: integer(),
    roundToUnits: integer().notNull(),
  },
  (t) => [
    check(
      'forecast_production_qty_ranges_units_ck',
      sql`${t.minUnits} >= 0 and ${t.roundToUnits} > 0
        and (${t.maxUnits} is null or ${t.maxUnits} >= ${t.minUnits})`,
    ),
  ],
);
