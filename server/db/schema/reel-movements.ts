import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { REEL_MOVEMENT_TYPES } from '../../../src/domain/entities/production/stamp-reel-values.ts';
import { assemblyOrders } from '../../../modules/assembly/server/db/assembly.schema.ts';
import { checkInList } from './check-in-list.ts';
import { parameters } from './general.ts';
import { stampReels } from './stamp-reels.ts';
import { productStampingOrders } from './stamping-orders.ts';
import { logColumns, users } from './users.ts';

// The excise stamp reels' ledger (docs/domain/production.md §3.2): every stamp received,
// issued, applied, wasted or adjusted, per reel. In a file of its own because it names both the
// reels and the stamping orders, which themselves name the reels.

const ref = () => bigint({ mode: 'number' });

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
