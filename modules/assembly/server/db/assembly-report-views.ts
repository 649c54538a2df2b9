import { date, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { viewAt as at, viewColumns, viewRef as ref } from '../../../../server/db/view-columns.ts';

// The assembly report views (the assembly reports migration) as the entity pattern reads
// them. Declared with pgTable outside schema/ so drizzle-kit never tries to create them as
// tables; the views carry id, row_seq, version, updated_at and updated_by.

export const assemblyStampingLogView = pgTable('assembly_stamping_log', {
  ...viewColumns(),
  createdAt: at().notNull(),
  day: date({ mode: 'string' }).notNull(),
  assemblyOrderId: ref().notNull(),
  number: varchar({ length: 20 }),
  productId: ref().notNull(),
  stampJurisdictionId: ref(),
  reelId: ref(),
  reelNo: varchar({ length: 40 }),
  stamped: integer(),
  wasted: integer(),
  damaged: integer(),
  userId: ref(),
});

export const assemblyReelsSummaryView = pgTable('assembly_reels_summary', {
  ...viewColumns(),
  reelNo: varchar({ length: 40 }).notNull(),
  stampJurisdictionId: ref().notNull(),
  status: varchar({ length: 20 }).notNull(),
  firstSerial: ref().notNull(),
  lastSerial: ref().notNull(),
  stampsQty: integer().notNull(),
  applied: integer().notNull(),
  wasted: integer().notNull(),
  damaged: integer().notNull(),
  remainingQty: integer().notNull(),
  orders: varchar({ length: 2000 }),
});

export const assemblyDamagedStampsView = pgTable('assembly_damaged_stamps', {
  ...viewColumns(),
  createdAt: at().notNull(),
  day: date({ mode: 'string' }).notNull(),
  reelId: ref().notNull(),
  reelNo: varchar({ length: 40 }).notNull(),
  firstSerial: ref().notNull(),
  lastSerial: ref().notNull(),
  qty: integer().notNull(),
  reason: varchar({ length: 500 }),
  assemblyOrderId: ref(),
  number: varchar({ length: 20 }),
  userId: ref(),
});
