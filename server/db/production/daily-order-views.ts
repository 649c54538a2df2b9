import { boolean, date, integer, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { viewAt as at, viewColumns, viewRef as ref } from '../view-columns.ts';

// The views of migration 0018 as the entity pattern reads them; declared outside schema/ so
// drizzle-kit never tries to create them as tables (like report-views.ts).

export const dailyOrderLinesReportView = pgTable('daily_order_lines_report', {
  ...viewColumns(),
  dailyOrderId: ref().notNull(),
  number: varchar({ length: 20 }).notNull(),
  orderDate: date({ mode: 'string' }).notNull(),
  locationId: ref().notNull(),
  status: varchar({ length: 20 }).notNull(),
  requestedBy: ref(),
  productId: ref().notNull(),
  requestedUnits: integer().notNull(),
  priority: varchar({ length: 10 }).notNull(),
  lineStatus: varchar({ length: 12 }).notNull(),
  productionOrderId: ref(),
  productionOrderNumber: varchar({ length: 20 }),
  productionOrderStatus: varchar({ length: 20 }),
  productionOrderStage: varchar({ length: 20 }),
  producedUnits: integer().notNull(),
  transferredUnits: integer().notNull(),
  deliveredUnits: integer().notNull(),
  fillRatePct: numeric({ precision: 10, scale: 2 }),
});

export const recipesReportView = pgTable('recipes_report', {
  ...viewColumns(),
  recipeId: ref().notNull(),
  code: varchar({ length: 30 }).notNull(),
  recipeVersion: integer(),
  name: varchar({ length: 120 }),
  status: varchar({ length: 30 }).notNull(),
  bulkProductId: ref().notNull(),
  targetNicotineMg: numeric({ precision: 10, scale: 3 }).notNull(),
  basis: varchar({ length: 10 }).notNull(),
  batchBasisMl: numeric({ precision: 12, scale: 2 }).notNull(),
  approvedBy: ref(),
  approvedAt: at(),
  productId: ref().notNull(),
  percentage: numeric({ precision: 7, scale: 4 }).notNull(),
  isFill: boolean().notNull(),
  sort: integer().notNull(),
  usedByProducts: varchar({ length: 2000 }),
  usedByProductCount: integer().notNull(),
  openOrderCount: integer().notNull(),
});
