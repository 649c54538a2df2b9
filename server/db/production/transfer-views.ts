import { date, integer, numeric, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { viewAt as at, viewColumns, viewRef as ref } from '../view-columns.ts';

// The production transfer views (migration 0016_production_transfers.sql) as the entity
// pattern reads them; declared outside schema/ so drizzle-kit never creates them as tables
// (see report-views.ts).

export const transferReportView = pgTable('production_transfer_report', {
  ...viewColumns(),
  transferId: ref().notNull(),
  number: varchar({ length: 20 }).notNull(),
  status: varchar({ length: 30 }).notNull(),
  fromLocationId: ref().notNull(),
  toLocationId: ref().notNull(),
  productionOrderId: ref(),
  productionOrderNumber: varchar({ length: 20 }),
  productId: ref().notNull(),
  lotId: ref(),
  skidCount: integer().notNull(),
  unitsSent: integer().notNull(),
  unitsReceived: integer().notNull(),
  discrepancyUnits: integer().notNull(),
  requestedDate: date({ mode: 'string' }),
  createdAt: at().notNull(),
  shippedAt: at(),
  receivedAt: at(),
  transferDate: date({ mode: 'string' }).notNull(),
  transitHours: numeric({ precision: 12, scale: 1 }),
});

export const transferLogsView = pgTable('production_transfer_logs', {
  ...viewColumns(),
  createdAt: at().notNull(),
  createdBy: ref(),
  kind: varchar({ length: 10 }).notNull(),
  entityId: ref().notNull(),
  reference: varchar({ length: 30 }),
  event: varchar({ length: 60 }).notNull(),
  fromStatus: varchar({ length: 30 }),
  toStatus: varchar({ length: 30 }).notNull(),
  reason: text(),
  transferredUnits: integer(),
});

export const shipmentsView = pgTable('production_shipments', {
  ...viewColumns(),
  kind: varchar({ length: 20 }).notNull(),
  documentId: ref().notNull(),
  number: varchar({ length: 20 }).notNull(),
  status: varchar({ length: 30 }).notNull(),
  fromName: varchar({ length: 120 }),
  toName: varchar({ length: 120 }),
  units: integer().notNull(),
  skidCount: integer().notNull(),
  carrier: varchar({ length: 60 }),
  shipDate: date({ mode: 'string' }),
  shippedAt: at(),
});
