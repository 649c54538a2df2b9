import { numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { viewColumns, viewRef as ref } from '../../../../server/db/view-columns.ts';

// The vaping duty report's view (migration vaping_duty_report) as the entity pattern reads it.
// Declared with pgTable outside schema/ so drizzle-kit never tries to create it as a table.

const money = () => numeric({ precision: 14, scale: 2 });

export const vapingDutyShipmentsView = pgTable('vaping_duty_shipments', {
  ...viewColumns(),
  month: varchar({ length: 7 }).notNull(),
  stampJurisdictionId: ref(),
  productId: ref().notNull(),
  units: numeric({ precision: 14, scale: 3 }).notNull(),
  federalDuty: money().notNull(),
  provincialDuty: money().notNull(),
  dutyTotal: money().notNull(),
});
