import { boolean, date, integer, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { viewAt as at, viewColumns, viewRef as ref } from '../view-columns.ts';

// The production report views (migrations 0013 and 0015) as the entity
// pattern reads them. Declared with pgTable outside schema/ so drizzle-kit never tries to
// create them as tables; the views carry id, seq, version, updated_at and updated_by.

const ml = () => numeric({ precision: 14, scale: 2 });
const units = () => integer().notNull();

export const masterReportView = pgTable('production_master_report', {
  ...viewColumns(),
  number: varchar({ length: 20 }),
  productId: ref().notNull(),
  status: varchar({ length: 20 }).notNull(),
  stage: varchar({ length: 20 }),
  hplcStatus: varchar({ length: 12 }).notNull(),
  dueDate: date({ mode: 'string' }).notNull(),
  plannedUnits: units(),
  plannedMl: ml().notNull(),
  actualBatchMl: ml().notNull(),
  bottledUnits: units(),
  bottlingWasteUnits: units(),
  labeledUnits: units(),
  labelWasteUnits: units(),
  stampedUnits: units(),
  stampingWasteUnits: units(),
  transferredUnits: units(),
  hplcPct: numeric({ precision: 8, scale: 3 }),
  hplcTests: integer().notNull(),
  releasedAt: at(),
  batchingStartedAt: at(),
  batchingFinishedAt: at(),
  batchingMinutes: numeric({ precision: 12, scale: 1 }),
  bottlingStartedAt: at(),
  bottlingFinishedAt: at(),
  bottlingMinutes: numeric({ precision: 12, scale: 1 }),
  labelingFinishedAt: at(),
  labelingMinutes: numeric({ precision: 12, scale: 1 }),
  completedAt: at(),
  closedAt: at(),
});

export const volumeVarianceView = pgTable('production_volume_variance', {
  ...viewColumns(),
  number: varchar({ length: 20 }),
  productId: ref().notNull(),
  status: varchar({ length: 20 }).notNull(),
  batchedOn: date({ mode: 'string' }),
  volumeMl: numeric({ precision: 8, scale: 2 }),
  plannedMl: ml().notNull(),
  actualBatchMl: ml().notNull(),
  varianceMl: ml().notNull(),
  variancePct: numeric({ precision: 12, scale: 2 }),
  bottledUnits: units(),
  bottledMl: ml().notNull(),
  yieldPct: numeric({ precision: 12, scale: 2 }),
  lossMl: ml().notNull(),
});

export const hplcReportView = pgTable('production_hplc_report', {
  ...viewColumns(),
  hplcRequestId: ref().notNull(),
  requestNumber: varchar({ length: 20 }).notNull(),
  productionOrderId: ref(),
  productionOrderNumber: varchar({ length: 20 }),
  productId: ref().notNull(),
  lotId: ref(),
  hplcCategoryId: ref(),
  sampleNo: integer().notNull(),
  reason: varchar({ length: 12 }).notNull(),
  nominalMg: numeric({ precision: 10, scale: 3 }).notNull(),
  measuredMg: numeric({ precision: 10, scale: 3 }).notNull(),
  percentOfClaim: numeric({ precision: 8, scale: 3 }),
  minPct: numeric({ precision: 7, scale: 4 }),
  maxPct: numeric({ precision: 7, scale: 4 }),
  passed: boolean().notNull(),
  result: varchar({ length: 12 }).notNull(),
  analystId: ref(),
  testedAt: at().notNull(),
  testedOn: date({ mode: 'string' }).notNull(),
});

export const productionSummaryView = pgTable('production_summary_report', {
  ...viewColumns(),
  day: date({ mode: 'string' }).notNull(),
  productId: ref().notNull(),
  orders: integer().notNull(),
  batchedMl: ml().notNull(),
  bottledUnits: units(),
  bottlingWasteUnits: units(),
  labeledUnits: units(),
  labelWasteUnits: units(),
  stampedUnits: units(),
  stampingWasteUnits: units(),
  transferredUnits: units(),
});

export const batchingSummaryView = pgTable('production_batching_summary', {
  ...viewColumns(),
  day: date({ mode: 'string' }).notNull(),
  productId: ref().notNull(),
  batches: integer().notNull(),
  plannedMl: ml().notNull(),
  batchMl: ml().notNull(),
  avgMinutes: numeric({ precision: 12, scale: 1 }),
});

/** The production orders' events with their phase (migration 0015_production_log_views.sql). */
export const eventLogView = pgTable('production_order_event_log', {
  ...viewColumns(),
  createdAt: at().notNull(),
  day: date({ mode: 'string' }).notNull(),
  productionOrderId: ref().notNull(),
  number: varchar({ length: 20 }),
  productId: ref().notNull(),
  phase: varchar({ length: 12 }).notNull(),
  event: varchar({ length: 60 }).notNull(),
  fromStatus: varchar({ length: 30 }),
  toStatus: varchar({ length: 30 }).notNull(),
  reason: varchar({ length: 500 }),
  batchMl: ml(),
  goodUnits: integer(),
  wasteUnits: integer(),
  minutes: numeric({ precision: 12, scale: 1 }),
  machineId: ref(),
  cartId: ref(),
  operationId: ref(),
  userId: ref(),
});

export const stampingEventLogView = pgTable('stamping_order_event_log', {
  ...viewColumns(),
  createdAt: at().notNull(),
  day: date({ mode: 'string' }).notNull(),
  stampingOrderId: ref().notNull(),
  number: varchar({ length: 20 }),
  productionOrderId: ref(),
  productId: ref().notNull(),
  machineId: ref().notNull(),
  stampJurisdictionId: ref().notNull(),
  event: varchar({ length: 60 }).notNull(),
  fromStatus: varchar({ length: 30 }),
  toStatus: varchar({ length: 30 }).notNull(),
  reason: varchar({ length: 500 }),
  reels: varchar({ length: 2000 }),
  counterStart: ref(),
  counterEnd: ref(),
  applied: integer(),
  wasted: integer(),
  damaged: integer(),
  returned: integer(),
  wastedBottles: integer(),
  userId: ref(),
});

export const stampingWastedBottlesView = pgTable('stamping_wasted_bottles', {
  ...viewColumns(),
  day: date({ mode: 'string' }),
  number: varchar({ length: 20 }),
  productionOrderId: ref(),
  machineId: ref().notNull(),
  stamperId: ref(),
  productId: ref().notNull(),
  stampJurisdictionId: ref().notNull(),
  stampedUnits: units(),
  wastedBottles: units(),
  wastePct: numeric({ precision: 7, scale: 2 }),
  alert: boolean().notNull(),
});
