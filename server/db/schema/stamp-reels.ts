import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { PRODUCTION_MODULES } from '../../../src/domain/entities/production/production-values.ts';
import {
  REEL_MOVEMENT_TYPES,
  REEL_STATUSES,
} from '../../../src/domain/entities/production/stamp-reel-values.ts';
import { assemblyOrders } from './assembly.ts';
import { checkInList } from './check-in-list.ts';
import { locations, parameters } from './general.ts';
// A cycle with stamping-orders.ts, safe: each side reads the other only inside a callback.
import { productStampingOrders } from './stamping-orders.ts';
import { logColumns, standardColumns, users } from './users.ts';

// Excise stamp reels and their ledger (docs/domain/production.md §3.2). `remaining_qty` is a cache
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

/** Append-only: the row-stamp trigger refuses UPDATE and DELETE (no `version`). */
export const reelMovements = pgTable(
  'reel_movements',
  {
    ...logColumns(),
    reelId: ref()
      .notNull()
      .references(() => stampReels.id),
    type: varchar({ length: 20 }).notNull().$type<(typeof REEL_MOVEMENT_TYPES)[number]>(),
    qty: integer().notNull(),
    stampingOrderId: bigint({ mode: 'number' }).references(() => productStampingOrders.id),
    /**
     * The assembly order whose kits took the stamps (assembly stamps at the line:
     * docs/domain/assembly.md §4).
     */
    assemblyOrderId: ref().references(() => assemblyOrders.id),
    reasonId: ref().references(() => parameters.id),
    approvedBy: ref().references(() => users.id),
    note: varchar({ length: 500 }),
  },
  (t) => [
    check('reel_movements_type_ck', checkInList('type', REEL_MOVEMENT_TYPES)),
    check(
      'reel_movements_qty_ck',
      sql`case ${t.type}
        when 'issue' then ${t.qty} = 0
        when 'return' then ${t.qty} = 0
        when 'receive' then ${t.qty} > 0
        when 'adjust' then ${t.qty} <> 0
        else ${t.qty} <= 0 end`,
    ),
    index('reel_movements_reel_ix').on(t.reelId, t.createdAt),
    index('reel_movements_order_ix').on(t.stampingOrderId),
    // A month of the ledger (the monthly stamp reconciliation) is read by its dates.
    index('reel_movements_created_ix').on(t.createdAt),
  ],
);
