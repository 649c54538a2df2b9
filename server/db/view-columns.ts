import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';

// What a read-model view declared with pgTable (report, transfer and daily-order views) is
// built from. Those declarations live outside schema/ so drizzle-kit never tries to create
// them as tables; every view carries id, row_seq, version, updated_at and updated_by.

/** A bigint id or reference, read as a number. */
export const viewRef = () => bigint({ mode: 'number' });

/** A moment with its time zone, read as a Date. */
export const viewAt = () => timestamp({ withTimezone: true, mode: 'date' });

export const viewColumns = () => ({
  id: viewRef().primaryKey(),
  // `row_seq` in the views (see the migrations): `seq` would get a row-stamp trigger.
  seq: bigint('row_seq', { mode: 'number' }).notNull(),
  version: integer().notNull(),
  updatedAt: viewAt().notNull(),
  updatedBy: viewRef(),
});
