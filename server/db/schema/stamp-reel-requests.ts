import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { REEL_REQUEST_STATUSES } from '../../../src/domain/entities/production/stamp-cover.ts';
import { checkInList } from './check-in-list.ts';
import { parameters } from './general.ts';
import { standardColumns, users } from './users.ts';

// Reel requests to the stamp supplier (docs/domain/production.md "Stamp cover"): drafted
// `pending` from the cover panel when a jurisdiction's days of cover fall below the supplier's
// lead time, approved (ordered) or rejected by a person, received when the reels arrive. The
// partial unique index is what keeps a jurisdiction to one pending request however many
// people or processes draft at once.

const ref = () => bigint({ mode: 'number' });

export const stampReelRequests = pgTable(
  'stamp_reel_requests',
  {
    ...standardColumns(),
    stampJurisdictionId: ref()
      .notNull()
      .references(() => parameters.id),
    stampsQty: integer().notNull(),
    status: varchar({ length: 20 })
      .notNull()
      .default('pending')
      .$type<(typeof REEL_REQUEST_STATUSES)[number]>(),
    // The figures the request was drafted on, so the approver sees why.
    coverDays: numeric({ precision: 10, scale: 1, mode: 'number' }),
    leadTimeDays: integer().notNull(),
    note: varchar({ length: 500 }),
    decidedBy: ref().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('stamp_reel_requests_status_ck', checkInList('status', REEL_REQUEST_STATUSES)),
    check('stamp_reel_requests_qty_ck', sql`${t.stampsQty} > 0`),
    uniqueIndex('stamp_reel_requests_one_pending_ux')
      .on(t.stampJurisdictionId)
      .where(sql`status = 'pending'`),
  ],
);
