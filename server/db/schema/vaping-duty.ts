import { sql } from 'drizzle-orm';
import { bigint, check, date, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { checkInList } from './check-in-list.ts';
import { parameters } from './general.ts';
import { salesOrderLines } from './sales.ts';
import { standardColumns } from './users.ts';
import { VAPING_DUTY_KINDS } from '../../../modules/general/shared/entities/vaping-duty.ts';

// Vaping duty (docs/domain/sales.md "Vaping duty"): the rates an admin keeps, effective-dated,
// and the duty each sales order line was figured with. Kept in its own file so the sales
// schema stays as it is: a line's duty is a row beside it, rewritten with its figures.

const ref = () => bigint({ mode: 'number' });
const ml = () => numeric({ precision: 8, scale: 2 });
const rateAmount = () => numeric({ precision: 10, scale: 4 });
const money = () => numeric({ precision: 14, scale: 2 });

/**
 * One rate from its date on: `federal` (no jurisdiction) or a specified province's
 * `additional` duty (its stamp jurisdiction). The rate in force on a date is the latest to
 * start on or before it.
 */
export const vapingDutyRates = pgTable(
  'vaping_duty_rates',
  {
    ...standardColumns(),
    kind: varchar({ length: 20 }).notNull(),
    stampJurisdictionId: ref().references(() => parameters.id),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    firstTierMl: ml().notNull(),
    firstStepMl: ml().notNull(),
    firstStepAmount: rateAmount().notNull(),
    stepMl: ml().notNull(),
    stepAmount: rateAmount().notNull(),
    note: varchar({ length: 200 }),
  },
  (t) => [
    check('vaping_duty_rates_kind_ck', checkInList('kind', VAPING_DUTY_KINDS)),
    check(
      'vaping_duty_rates_jurisdiction_ck',
      sql`(${t.kind} = 'federal') = (${t.stampJurisdictionId} is null)`,
    ),
    check(
      'vaping_duty_rates_shape_ck',
      sql`${t.firstTierMl} >= 0 and ${t.firstStepMl} > 0 and ${t.stepMl} > 0
        and ${t.firstStepAmount} >= 0 and ${t.stepAmount} >= 0`,
    ),
    uniqueIndex('vaping_duty_rates_start_uk').on(
      t.kind,
      sql`coalesce(${t.stampJurisdictionId}, 0)`,
      t.effectiveFrom,
    ),
  ],
);

/** The duty a sales order line was figured with: the rates in force on the order date. */
export const salesOrderLineDuties = pgTable('sales_order_line_duties', {
  salesOrderLineId: ref()
    .primaryKey()
    .references(() => salesOrderLines.id, { onDelete: 'cascade' }),
  federalDutyRateId: ref().references(() => vapingDutyRates.id),
  federalDuty: money().notNull().default('0'),
  provincialDutyRateId: ref().references(() => vapingDutyRates.id),
  provincialDuty: money().notNull().default('0'),
  dutyPerUnit: money().notNull().default('0'),
  dutyTotal: money().notNull().default('0'),
});
