import { bigint, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

// Append-only ledgers as the entity pattern reads them (see ../stock/movement-read-table.ts):
// no version, and `updatedBy` names created_by. Outside schema/ so drizzle-kit never sees a
// second declaration of the same table.

const ref = () => bigint({ mode: 'number' });

export const reelMovementsRead = pgTable('reel_movements', {
  id: ref().primaryKey(),
  seq: ref().notNull(),
  version: integer().notNull(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  createdBy: ref(),
  updatedBy: bigint('created_by', { mode: 'number' }),
  reelId: ref().notNull(),
  type: varchar({ length: 20 }).notNull(),
  qty: integer().notNull(),
  stampingOrderId: ref(),
  reasonId: ref(),
  approvedBy: ref(),
  note: varchar({ length: 500 }),
});

export const locationLogsRead = pgTable('warehouse_product_location_logs', {
  id: ref().primaryKey(),
  seq: ref().notNull(),
  version: integer().notNull(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  createdBy: ref(),
  updatedBy: bigint('created_by', { mode: 'number' }),
  warehouseProductLocationId: ref().notNull(),
  locationId: ref().notNull(),
  productId: ref().notNull(),
  action: varchar({ length: 20 }).notNull(),
  oldBinId: ref(),
  newBinId: ref(),
  note: varchar({ length: 255 }),
});
