import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  CORRECTION_FIELDS,
  CORRECTION_STATUSES,
  RECOVERY_HPLC_STATUSES,
  RECOVERY_SOURCE_TYPES,
  RECOVERY_STATUSES,
} from '../../../src/domain/entities/production/correction-values.ts';
import { checkInList } from './check-in-list.ts';
import { locations } from './general.ts';
import { products, stockLots } from './inventory.ts';
import { productionOrderOperations, productionOrders } from './production-orders.ts';
import { standardColumns, users } from './users.ts';

// What fixes an order after the fact (docs/domain/production.md §3.2): corrections of its counts,
// requested by one person, approved by another and applied with compensating `correction`
// movements; and recoveries, which turn finished units or leftover bulk back into a quarantine bulk
// lot.

const ref = () => bigint({ mode: 'number' });
const qty = () => numeric({ precision: 14, scale: 3 });
const at = () => timestamp({ withTimezone: true, mode: 'date' });

export const productionOrderCorrections = pgTable(
  'production_order_corrections',
  {
    ...standardColumns(),
    number: varchar({ length: 20 }).notNull().unique(),
    productionOrderId: ref()
      .notNull()
      .references(() => productionOrders.id),
    // The operation whose count is corrected (the field's phase); none for an order-level one.
    productionOrderOperationId: ref().references(() => productionOrderOperations.id),
    field: varchar({ length: 30 }).notNull(),
    // The ingredient of an `ingredient_consumed` correction; null for counters.
    productId: ref().references(() => products.id),
    // Read from the order when requested; applying refuses if the order no longer reads it.
    oldValue: qty().notNull(),
    newValue: qty().notNull(),
    reason: varchar({ length: 500 }).notNull(),
    status: varchar({ length: 12 }).notNull().default('requested'),
    approvedBy: ref().references(() => users.id),
    approvedAt: at(),
    appliedAt: at(),
    rejectReason: varchar({ length: 500 }),
  },
  (t) => [
    check('production_order_corrections_field_ck', checkInList('field', CORRECTION_FIELDS)),
    check('production_order_corrections_status_ck', checkInList('status', CORRECTION_STATUSES)),
    check(
      'production_order_corrections_product_ck',
      sql`(${t.field} = 'ingredient_consumed') = (${t.productId} is not null)`,
    ),
    check(
      'production_order_corrections_values_ck',
      sql`${t.newValue} >= 0 and ${t.newValue} <> ${t.oldValue}`,
    ),
    index('production_order_corrections_order_idx').on(t.productionOrderId, t.status),
  ],
);

export const productionRecoveries = pgTable(
  'production_recoveries',
  {
    ...standardColumns(),
    // Given in the creating transaction right after the insert (null only until then).
    number: varchar({ length: 20 }).unique(),
    sourceType: varchar({ length: 20 }).notNull(),
    // An order, a stamping order or a lot, as source_type says: polymorphic, so no key. Derived
    // from the picked order or lot in the writing transaction (null only until then).
    sourceId: ref(),
    // The source order, when it is one: picked in the form, kept with its key.
    productionOrderId: ref().references(() => productionOrders.id),
    // What is taken back: finished units of a product, or its leftover bulk.
    productId: ref()
      .notNull()
      .references(() => products.id),
    // The lot and place it is taken from; resolved from the source when posted if left out.
    lotId: ref().references(() => stockLots.id),
    locationId: ref().references(() => locations.id),
    units: integer().notNull().default(0),
    recoveredMl: numeric({ precision: 14, scale: 2 }).notNull(),
    // The bulk product and quarantine lot the recovered liquid becomes (written at post).
    bulkProductId: ref().references(() => products.id),
    targetLotId: ref().references(() => stockLots.id),
    hplcStatus: varchar({ length: 12 }).notNull().default('none'),
    status: varchar({ length: 12 }).notNull().default('draft'),
    postedAt: at(),
    decidedAt: at(),
    note: varchar({ length: 500 }),
  },
  (t) => [
    check('production_recoveries_source_ck', checkInList('source_type', RECOVERY_SOURCE_TYPES)),
    check('production_recoveries_status_ck', checkInList('status', RECOVERY_STATUSES)),
    check('production_recoveries_hplc_ck', checkInList('hplc_status', RECOVERY_HPLC_STATUSES)),
    check('production_recoveries_qty_ck', sql`${t.units} >= 0 and ${t.recoveredMl} > 0`),
    index('production_recoveries_status_idx').on(t.status),
  ],
);
