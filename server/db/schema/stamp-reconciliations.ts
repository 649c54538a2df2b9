import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  integer,
  pgTable,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { STAMP_RECONCILIATION_STATUSES } from '../../../src/domain/entities/production/stamp-reconciliation.ts';
import { checkInList } from './check-in-list.ts';
import { parameters } from './general.ts';
import { standardColumns, users } from './users.ts';

// The monthly stamp reconciliation (docs/domain/production.md "Monthly stamp reconciliation").
// The month's figures are derived from reel_movements and never stored while it is open; what
// is kept is what people add: the counted stock and the reason per jurisdiction, and the close.
// The month row's version guards every write of the month (its counts included).

const ref = () => bigint({ mode: 'number' });

export const stampReconciliations = pgTable(
  'stamp_reconciliations',
  {
    ...standardColumns(),
    /** The month's first day. */
    month: date({ mode: 'string' }).notNull().unique(),
    status: varchar({ length: 20 })
      .notNull()
      .default('open')
      .$type<(typeof STAMP_RECONCILIATION_STATUSES)[number]>(),
    closedBy: ref().references(() => users.id),
    closedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('stamp_reconciliations_status_ck', checkInList('status', STAMP_RECONCILIATION_STATUSES)),
    check('stamp_reconciliations_month_ck', sql`extract(day from ${t.month}) = 1`),
    check(
      'stamp_reconciliations_closed_ck',
      sql`(${t.status} = 'closed') = (${t.closedAt} is not null and ${t.closedBy} is not null)`,
    ),
  ],
);

export const stampReconciliationCounts = pgTable(
  'stamp_reconciliation_counts',
  {
    ...standardColumns(),
    reconciliationId: ref()
      .notNull()
      .references(() => stampReconciliations.id, { onDelete: 'cascade' }),
    stampJurisdictionId: ref()
      .notNull()
      .references(() => parameters.id),
    countedQty: integer(),
    reason: varchar({ length: 500 }),
    /** The book closing when the month closed: what was filed, kept if the ledger changes later. */
    filedClosing: integer(),
  },
  (t) => [
    unique('stamp_reconciliation_counts_pair_uk').on(t.reconciliationId, t.stampJurisdictionId),
    check(
      'stamp_reconciliation_counts_qty_ck',
      sql`${t.countedQty} is null or ${t.countedQty} >= 0`,
    ),
  ],
);
