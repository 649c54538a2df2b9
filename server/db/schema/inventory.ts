import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { currencies, locations, parameters } from './general.ts';
import {
  CHANGE_ACTIONS,
  CHANGE_SET_SOURCES,
  MEASURE_KINDS,
  NICOTINE_TYPES,
  PRODUCT_CHANGE_STATUSES as CHANGE_STATUSES,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
} from '../../../src/domain/entities/inventory/inventory-values.ts';
import { hplcCategories } from './production.ts';
import { logColumns, standardColumns, users } from './users.ts';
import { checkInList } from './check-in-list.ts';
import { LOT_SOURCES as DOMAIN_LOT_SOURCES } from '../../../src/domain/entities/stock/stock-lots.entity.ts';
import { LOT_STATUSES as DOMAIN_LOT_STATUSES } from '../../../src/domain/entities/stock/stock-on-hand.entity.ts';

// Inventory master data (docs/domain/inventory.md §2). Types follow docs/domain/README.md §0: qty
// numeric(14,3), price numeric(14,4), mg numeric(10,3), ml numeric(8,2) for bottle sizes.

const ref = () => bigint({ mode: 'number' });

export const measures = pgTable(
  'measures',
  {
    ...standardColumns(),
    code: varchar({ length: 20 }).notNull().unique(),
    name: varchar({ length: 60 }).notNull(),
    kind: varchar({ length: 30 }).notNull().$type<(typeof MEASURE_KINDS)[number]>(),
    toBaseFactor: numeric({ precision: 14, scale: 6 }).notNull().default('1'),
  },
  (t) => [
    check('measures_kind_ck', checkInList('kind', MEASURE_KINDS)),
    check('measures_factor_ck', sql`${t.toBaseFactor} > 0`),
  ],
);

const catalogue = () => ({
  ...standardColumns(),
  code: varchar({ length: 30 }).notNull().unique(),
  name: varchar({ length: 120 }).notNull(),
  active: boolean().notNull().default(true),
});

export const brands = pgTable('brands', catalogue());
export const flavors = pgTable('flavors', catalogue());
export const categories = pgTable('categories', {
  ...catalogue(),
  parentId: ref().references((): AnyPgColumn => categories.id),
});

/** A flavour line; its products are the variants (strength, size, stamp). */
export const productFamilies = pgTable('product_families', {
  ...standardColumns(),
  code: varchar({ length: 30 }).notNull().unique(),
  name: varchar({ length: 120 }).notNull(),
  brandId: ref().references(() => brands.id),
  flavorId: ref().references(() => flavors.id),
  categoryId: ref().references(() => categories.id),
  active: boolean().notNull().default(true),
});

export const products = pgTable(
  'products',
  {
    ...standardColumns(),
    sku: varchar({ length: 40 }).notNull(),
    name: varchar({ length: 160 }).notNull(),
    type: varchar({ length: 30 }).notNull().$type<(typeof PRODUCT_TYPES)[number]>(),
    familyId: ref().references(() => productFamilies.id),
    brandId: ref().references(() => brands.id),
    flavorId: ref().references(() => flavors.id),
    categoryId: ref().references(() => categories.id),
    measureId: ref()
      .notNull()
      .references(() => measures.id),
    nicotineMg: numeric({ precision: 10, scale: 3 }),
    nicotineType: varchar({ length: 30 })
      .notNull()
      .default('none')
      .$type<(typeof NICOTINE_TYPES)[number]>(),
    volumeMl: numeric({ precision: 8, scale: 2 }),
    vgPct: numeric({ precision: 7, scale: 4 }),
    upc: varchar({ length: 14 }),
    requiresStamp: boolean().notNull().default(false),
    stampJurisdictionId: ref().references(() => parameters.id),
    unstampedProductId: ref().references((): AnyPgColumn => products.id),
    // Recipes (production) and flashpoint classes (lab receiving) arrive with their modules;
    // until then these hold ids without a foreign key.
    recipeId: ref(),
    hplcCategoryId: ref().references(() => hplcCategories.id),
    flashpointClassId: ref(),
    shelfLifeDays: integer(),
    reorderPoint: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
    reorderQty: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
    leadTimeDays: integer(),
    standardCost: numeric({ precision: 14, scale: 4 }).notNull().default('0'),
    isLotTracked: boolean().notNull().default(true),
    status: varchar({ length: 30 })
      .notNull()
      .default('active')
      .$type<(typeof PRODUCT_STATUSES)[number]>(),
  },
  (t) => [
    uniqueIndex('products_sku_uk').on(sql`lower(${t.sku})`),
    uniqueIndex('products_upc_uk').on(t.upc),
    check('products_type_ck', checkInList('type', PRODUCT_TYPES)),
    check('products_nicotine_type_ck', checkInList('nicotine_type', NICOTINE_TYPES)),
    check('products_status_ck', checkInList('status', PRODUCT_STATUSES)),
    check('products_upc_ck', sql`${t.upc} ~ '^[0-9]{8,14}$'`),
    // One variant per family, strength, size and stamp (docs/domain/inventory.md §2 decision).
    uniqueIndex('products_variant_uk')
      .on(t.familyId, t.nicotineMg, t.volumeMl, sql`coalesce(${t.stampJurisdictionId}, 0)`)
      .where(sql`${t.familyId} is not null`),
    index('products_family_idx').on(t.familyId),
  ],
);

export const bins = pgTable(
  'bins',
  {
    ...standardColumns(),
    locationId: ref()
      .notNull()
      .references(() => locations.id),
    code: varchar({ length: 30 }).notNull(),
    zone: varchar({ length: 30 }),
    active: boolean().notNull().default(true),
  },
  (t) => [unique('bins_location_code_uk').on(t.locationId, t.code)],
);

export const LOT_SOURCES = DOMAIN_LOT_SOURCES;
export const LOT_STATUSES = DOMAIN_LOT_STATUSES;

export const stockLots = pgTable(
  'stock_lots',
  {
    ...standardColumns(),
    productId: ref()
      .notNull()
      .references(() => products.id),
    lotNo: varchar({ length: 40 }).notNull(),
    source: varchar({ length: 30 }).notNull().$type<(typeof LOT_SOURCES)[number]>(),
    productionOrderId: ref(),
    receivedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiryDate: date({ mode: 'string' }),
    status: varchar({ length: 30 })
      .notNull()
      .default('released')
      .$type<(typeof LOT_STATUSES)[number]>(),
  },
  (t) => [
    unique('stock_lots_product_lot_uk').on(t.productId, t.lotNo),
    check('stock_lots_source_ck', checkInList('source', LOT_SOURCES)),
    check('stock_lots_status_ck', checkInList('status', LOT_STATUSES)),
  ],
);

/** Where a product is kept in a location; at most one default bin per product per location. */
export const productBins = pgTable(
  'product_bins',
  {
    ...standardColumns(),
    productId: ref()
      .notNull()
      .references(() => products.id),
    binId: ref()
      .notNull()
      .references(() => bins.id),
    isDefault: boolean().notNull().default(false),
    minQty: numeric({ precision: 14, scale: 3 }),
    maxQty: numeric({ precision: 14, scale: 3 }),
  },
  (t) => [
    unique('product_bins_product_bin_uk').on(t.productId, t.binId),
    check(
      'product_bins_qty_ck',
      sql`${t.maxQty} is null or ${t.minQty} is null or ${t.maxQty} >= ${t.minQty}`,
    ),
    index('product_bins_bin_idx').on(t.binId),
  ],
);

export const priceTiers = pgTable(
  'price_tiers',
  {
    ...standardColumns(),
    code: varchar({ length: 30 }).notNull().unique(),
    name: varchar({ length: 120 }).notNull(),
    currencyId: ref()
      .notNull()
      .references(() => currencies.id),
    isDefault: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
  },
  // Customers without a tier of their own are priced from the one default tier.
  (t) => [
    uniqueIndex('price_tiers_is_default_uk')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

/** A tier's quantity breaks per product over a validity window (lines of price_tiers). */
export const priceTierPrices = pgTable(
  'price_tier_prices',
  {
    ...standardColumns(),
    priceTierId: ref()
      .notNull()
      .references(() => priceTiers.id, { onDelete: 'cascade' }),
    productId: ref()
      .notNull()
      .references(() => products.id),
    minQty: numeric({ precision: 14, scale: 3 }).notNull().default('1'),
    unitPrice: numeric({ precision: 14, scale: 4 }).notNull(),
    validFrom: date({ mode: 'string' }).notNull(),
    validTo: date({ mode: 'string' }),
  },
  (t) => [
    unique('price_tier_prices_break_uk').on(t.priceTierId, t.productId, t.minQty, t.validFrom),
    check('price_tier_prices_price_ck', sql`${t.unitPrice} >= 0 and ${t.minQty} >= 0`),
    check(
      'price_tier_prices_window_ck',
      sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`,
    ),
    index('price_tier_prices_product_idx').on(t.productId),
  ],
);

/**
 * The next number of each document type (CS-00001, RC-00001, ...). Not a sequence: numbers
 * must be gap-free per committed document, so the row is locked inside the document's own
 * transaction (see ../document-number.ts).
 */
export const documentSequences = pgTable('document_sequences', {
  docType: varchar({ length: 30 }).primaryKey(),
  prefix: varchar({ length: 10 }).notNull(),
  nextValue: integer().notNull().default(1),
  pad: integer().notNull().default(5),
});

/** One row per workflow transition, committed with its side effects (docs/domain/README.md §0). */
export const statusTransitions = pgTable(
  'status_transitions',
  {
    ...logColumns(),
    entityType: varchar({ length: 60 }).notNull(),
    entityId: ref().notNull(),
    fromStatus: varchar({ length: 30 }),
    toStatus: varchar({ length: 30 }).notNull(),
    event: varchar({ length: 60 }).notNull(),
    reason: text(),
    payload: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index('status_transitions_entity_idx').on(t.entityType, t.entityId)],
);

export const productChangeSets = pgTable(
  'product_change_sets',
  {
    ...standardColumns(),
    number: varchar({ length: 20 }).notNull().unique(),
    title: varchar({ length: 160 }).notNull(),
    source: varchar({ length: 30 })
      .notNull()
      .default('manual')
      .$type<(typeof CHANGE_SET_SOURCES)[number]>(),
  },
  () => [check('product_change_sets_source_ck', checkInList('source', CHANGE_SET_SOURCES))],
);

export const productChangeRequests = pgTable(
  'product_change_requests',
  {
    ...standardColumns(),
    changeSetId: ref()
      .notNull()
      .references(() => productChangeSets.id),
    // Null until a `create` request is applied; then the product it created.
    productId: ref().references(() => products.id),
    action: varchar({ length: 30 }).notNull().$type<(typeof CHANGE_ACTIONS)[number]>(),
    proposed: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    baseVersion: integer(),
    status: varchar({ length: 30 })
      .notNull()
      .default('draft')
      .$type<(typeof CHANGE_STATUSES)[number]>(),
    reviewNote: text(),
    requestedBy: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id),
    reviewedBy: bigint({ mode: 'number' }).references(() => users.id),
    reviewedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('product_change_requests_action_ck', checkInList('action', CHANGE_ACTIONS)),
    check('product_change_requests_status_ck', checkInList('status', CHANGE_STATUSES)),
    index('product_change_requests_set_idx').on(t.changeSetId),
    index('product_change_requests_product_idx').on(t.productId),
  ],
);

/** One row per field a change wrote to a product, whoever wrote it (+log). */
export const productChangeLogs = pgTable(
  'product_change_logs',
  {
    ...logColumns(),
    productId: ref()
      .notNull()
      .references(() => products.id),
    requestId: ref().references(() => productChangeRequests.id),
    field: varchar({ length: 60 }).notNull(),
    oldValue: text(),
    newValue: text(),
    approvedBy: bigint({ mode: 'number' }).references(() => users.id),
  },
  (t) => [index('product_change_logs_product_idx').on(t.productId)],
);
