import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { DC_LOCATION_ACTIONS } from '../../../src/domain/entities/production/distribution-center-values.ts';
import { checkInList } from './check-in-list.ts';
import { locations } from './general.ts';
import { bins, products } from './inventory.ts';
import { logColumns, standardColumns } from './users.ts';

// Where each product sits in a distribution center (docs/domain/production.md §3.3) and the log of
// every change to it, written by the server in the transaction of the change.

const ref = () => bigint({ mode: 'number' });

export const warehouseProductLocations = pgTable(
  'warehouse_product_locations',
  {
    ...standardColumns(),
    locationId: ref()
      .notNull()
      .references(() => locations.id),
    productId: ref()
      .notNull()
      .references(() => products.id),
    binId: ref()
      .notNull()
      .references(() => bins.id),
    isPrimary: boolean().notNull().default(false),
    minUnits: integer().notNull().default(0),
    maxUnits: integer().notNull().default(0),
  },
  (t) => [
    // The bin first: a duplicate is reported on the field a person fixes.
    unique('warehouse_product_locations_bin_uk').on(t.binId, t.locationId, t.productId),
    uniqueIndex('warehouse_product_locations_one_primary_uk')
      .on(t.locationId, t.productId)
      .where(sql`${t.isPrimary}`),
    check(
      'warehouse_product_locations_units_ck',
      sql`${t.minUnits} >= 0 and ${t.maxUnits} >= ${t.minUnits}`,
    ),
    index('warehouse_product_locations_product_ix').on(t.productId),
  ],
);

/** Append-only; kept when its location row is removed, so no FK to it. */
export const warehouseProductLocationLogs = pgTable(
  'warehouse_product_location_logs',
  {
    ...logColumns(),
    warehouseProductLocationId: bigint({ mode: 'number' }).notNull(),
    locationId: ref()
      .notNull()
      .references(() => locations.id),
    productId: ref()
      .notNull()
      .references(() => products.id),
    action: varchar({ length: 20 }).notNull().$type<(typeof DC_LOCATION_ACTIONS)[number]>(),
    oldBinId: ref().references(() => bins.id),
    newBinId: ref().references(() => bins.id),
    note: varchar({ length: 255 }),
  },
  (t) => [
    check('warehouse_product_location_logs_action_ck', checkInList('action', DC_LOCATION_ACTIONS)),
    index('warehouse_product_location_logs_product_ix').on(t.productId, t.createdAt),
  ],
);
