import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { CORRECTION_STATUSES } from '../../../src/domain/entities/production/correction-values.ts';
import { PRODUCTION_MODULES } from '../../../src/domain/entities/production/production-values.ts';
import {
  STAMPING_CORRECTION_FIELDS,
  STAMPING_ORDER_STATUSES,
} from '../../../src/domain/entities/production/stamping-order-values.ts';
import { checkInList } from './check-in-list.ts';
import { locations, parameters } from './general.ts';
import { bins, products, stockLots } from './inventory.ts';
import { machines } from './production-config.ts';
import { productionOrders } from './production-orders.ts';
import { stampReels } from './stamp-reels.ts';
import { standardColumns, users } from './users.ts';

// Product stamping orders ST- and their reels (docs/domain/production.md §3.2). The stamp counts
// live on the order's reels; the order's totals are their sums, written with them at finish. The
// CHECKs hold what no code path may break: a finished reel line is reconciled (issued = applied +
// wasted + damaged + returned) and nothing is negative.

const ref = () => bigint({ mode: 'number' });
const at = () => timestamp({ withTimezone: true, mode: 'date' });
const stamps = () => integer().notNull().default(0);

export const productStampingOrders = pgTable(
  'product_stamping_orders',
  {
    ...standardColumns(),
    // Given after the row, in its transaction (document_sequences, prefix ST).
    number: varchar({ length: 20 }).unique(),
    module: varchar({ length: 20 })
      .notNull()
      .default('production')
      .$type<(typeof PRODUCTION_MODULES)[number]>(),
    // Null: a restamp of stock (consume the unstamped SKU, produce the stamped one).
    productionOrderId: ref().references(() => productionOrders.id),
    sourceProductId: ref().references(() => products.id),
    productId: ref()
      .notNull()
      .references(() => products.id),
    lotId: ref().references(() => stockLots.id),
    locationId: ref().references(() => locations.id),
    // **decision:** a restamp names the bin its unstamped stock is in; the stamped goes back there.
    binId: ref().references(() => bins.id),
    stampJurisdictionId: ref()
      .notNull()
      .references(() => parameters.id),
    machineId: ref()
      .notNull()
      .references(() => machines.id),
    plannedUnits: integer().notNull(),
    status: varchar({ length: 20 })
      .notNull()
      .default('draft')
      .$type<(typeof STAMPING_ORDER_STATUSES)[number]>(),
    counterStart: bigint({ mode: 'number' }),
    counterEnd: bigint({ mode: 'number' }),
    appliedStamps: stamps(),
    wastedStamps: stamps(),
    damagedStamps: stamps(),
    returnedStamps: stamps(),
    wastedBottles: stamps(),
    stampedUnits: stamps(),
    stamperId: ref().references(() => users.id),
    startedAt: at(),
    finishedAt: at(),
    cancelReason: varchar({ length: 500 }),
    note: varchar({ length: 500 }),
  },
  (t) => [
    check('product_stamping_orders_status_ck', checkInList('status', STAMPING_ORDER_STATUSES)),
    check('product_stamping_orders_module_ck', checkInList('module', PRODUCTION_MODULES)),
    check('product_stamping_orders_planned_ck', sql`${t.plannedUnits} > 0`),
    check(
      'product_stamping_orders_counts_ck',
      sql`${t.appliedStamps} >= 0 and ${t.wastedStamps} >= 0 and ${t.damagedStamps} >= 0
          and ${t.returnedStamps} >= 0 and ${t.wastedBottles} >= 0 and ${t.stampedUnits} >= 0`,
    ),
    check(
      'product_stamping_orders_counter_ck',
      sql`${t.counterEnd} is null or ${t.counterEnd} >= ${t.counterStart}`,
    ),
    // A restamp names the unstamped SKU it consumes and where the stock is.
    check(
      'product_stamping_orders_source_ck',
      sql`${t.productionOrderId} is not null
          or (${t.sourceProductId} is not null and ${t.locationId} is not null)`,
    ),
    index('product_stamping_orders_status_ix').on(t.status),
    index('product_stamping_orders_mo_ix').on(t.productionOrderId),
  ],
);

/** lines: the reels an order asked for; counts are entered at finish. */
export const stampingOrderReels = pgTable(
  'stamping_order_reels',
  {
    ...standardColumns(),
    stampingOrderId: ref()
      .notNull()
      .references(() => productStampingOrders.id, { onDelete: 'cascade' }),
    reelId: ref()
      .notNull()
      .references(() => stampReels.id),
    // The reel's remaining stamps when issued, and the serials they span.
    issuedQty: stamps(),
    firstSerial: bigint({ mode: 'number' }),
    lastSerial: bigint({ mode: 'number' }),
    applied: stamps(),
    wasted: stamps(),
    damaged: stamps(),
    returned: stamps(),
  },
  (t) => [
    unique('stamping_order_reels_pair_uk').on(t.stampingOrderId, t.reelId),
    check(
      'stamping_order_reels_counts_ck',
      sql`${t.issuedQty} >= 0 and ${t.applied} >= 0 and ${t.wasted} >= 0
          and ${t.damaged} >= 0 and ${t.returned} >= 0`,
    ),
    check(
      'stamping_order_reels_reconciled_ck',
      sql`${t.applied} + ${t.wasted} + ${t.damaged} + ${t.returned} in (0, ${t.issuedQty})`,
    ),
    index('stamping_order_reels_reel_ix').on(t.reelId),
  ],
);

/** Corrections of a finished order's counts (product-stamping-order-corrections). */
export const productStampingOrderCorrections = pgTable(
  'product_stamping_order_corrections',
  {
    ...standardColumns(),
    number: varchar({ length: 20 }).notNull().unique(),
    stampingOrderId: ref()
      .notNull()
      .references(() => productStampingOrders.id),
    // The reel whose applied/wasted/damaged count is corrected; null for the order's counts.
    reelId: ref().references(() => stampReels.id),
    field: varchar({ length: 30 }).notNull(),
    oldValue: integer().notNull(),
    newValue: integer().notNull(),
    reason: varchar({ length: 500 }).notNull(),
    status: varchar({ length: 12 }).notNull().default('requested'),
    approvedBy: ref().references(() => users.id),
    approvedAt: at(),
    appliedAt: at(),
    rejectReason: varchar({ length: 500 }),
  },
  (t) => [
    check(
      'product_stamping_order_corrections_field_ck',
      checkInList('field', STAMPING_CORRECTION_FIELDS),
    ),
    check(
      'product_stamping_order_corrections_status_ck',
      checkInList('status', CORRECTION_STATUSES),
    ),
    check(
      'product_stamping_order_corrections_values_ck',
      sql`${t.newValue} >= 0 and ${t.oldValue} >= 0`,
    ),
    index('product_stamping_order_corrections_order_ix').on(t.stampingOrderId, t.status),
  ],
);
