import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { PRODUCTION_MODULES } from '../../../src/domain/entities/production/production-values.ts';
import { REEL_STATUSES } from '../../../src/domain/entities/production/stamp-reel-values.ts';
import { checkInList } from './check-in-list.ts';
import { locations, parameters } from './general.ts';
import { standardColumns, users } from './users.ts';

// Excise stamp reels (docs/domain/production.md §3.2); their ledger is reel-movements.ts. `remaining_qty` is a cache
// of Σ reel_movements.qty kept in the transaction that appends movements
// (server/db/stamp-reels/reel-ledger.ts); the CHECKs hold what no code path may break.

const ref = () => bigint({ mode: 'number' });

export const stampReels = pgTable(
  'stamp_reels',
  {
    ...standardColumns(),
    reelNo: varchar({ length: 40 }).notNull().unique(),
    module: varchar({ length: 20 })
      .notNull()
      .default('production')
      .$type<(typeof PRODUCTION_MODULES)[number]>(),
    stampJurisdictionId: ref()
      .notNull()
      .references(() => parameters.id),
    stampTypeId: ref()
      .notNull()
      .references(() => parameters.id),
    // Serial numbers as printed without their prefix; the span is the reel's stamp count.
    firstSerial: bigint({ mode: 'number' }).notNull(),
    lastSerial: bigint({ mode: 'number' }).notNull(),
    stampsQty: integer().notNull(),
    receivedAt: date({ mode: 'string' }).notNull(),
    supplierRef: varchar({ length: 60 }),
    locationId: ref().references(() => locations.id),
    status: varchar({ length: 20 })
      .notNull()
      .default('received')
      .$type<(typeof REEL_STATUSES)[number]>(),
    remainingQty: integer().notNull().default(0),
    note: varchar({ length: 500 }),
    approvedBy: ref().references(() => users.id),
  },
  (t) => [
    check('stamp_reels_module_ck', checkInList('module', PRODUCTION_MODULES)),
    check('stamp_reels_status_ck', checkInList('status', REEL_STATUSES)),
    check('stamp_reels_stamps_qty_ck', sql`${t.stampsQty} > 0`),
    check(
      'stamp_reels_serials_ck',
      sql`${t.firstSerial} >= 0 and ${t.lastSerial} >= ${t.firstSerial}`,
    ),
    check('stamp_reels_remaining_ck', sql`${t.remainingQty} >= 0`),
    index('stamp_reels_status_ix').on(t.status),
    index('stamp_reels_jurisdiction_ix').on(t.stampJurisdictionId, t.stampTypeId),
  ],
);
