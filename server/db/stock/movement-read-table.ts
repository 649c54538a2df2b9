import { bigint, integer, numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

// The ledger as the entity pattern reads it. Movements are append-only (no version, no
// updated_by); reports read them through this second declaration of the same table, where
// `updatedBy` names created_by. `version` is never selected (the report computes it as 1).
// It lives outside schema/ so drizzle-kit never sees a second `stock_movements`.

const ref = () => bigint({ mode: 'number' });

export const stockMovementsRead = pgTable('stock_movements', {
  id: ref().primaryKey(),
  seq: ref().notNull(),
  version: integer().notNull(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  createdBy: ref(),
  updatedBy: bigint('created_by', { mode: 'number' }),
  movedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  productId: ref().notNull(),
  lotId: ref(),
  locationId: ref().notNull(),
  binId: ref(),
  qty: numeric({ precision: 14, scale: 3 }).notNull(),
  unitCost: numeric({ precision: 14, scale: 4 }),
  movementType: varchar({ length: 30 }).notNull(),
  sourceType: varchar({ length: 40 }),
  sourceId: ref(),
  sourceLineId: ref(),
  note: varchar({ length: 255 }),
});
