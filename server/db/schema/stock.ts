import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { locations, parameters } from './general.ts';
import { bins, products, stockLots } from './inventory.ts';
import { purchaseOrderLines, purchaseOrders, suppliers } from './purchase.ts';
import { logColumns, standardColumns, users } from './users.ts';
import {
  MOVEMENT_TYPES,
  type MovementSource,
} from '../../../src/domain/entities/stock/inventory-movements.entity.ts';
import { checkInList } from './check-in-list.ts';
import { textSortIndexes, valueSortIndexes } from './text-sort-indexes.ts';
import { STOCK_ADJUSTMENT_STATUSES } from '../../../src/domain/entities/stock/stock-adjustments.entity.ts';
import { RECEIVING_STATUSES as DOMAIN_RECEIVING_STATUSES } from '../../../src/domain/entities/stock/receivings.entity.ts';
import {
  COUNT_SCOPES as DOMAIN_COUNT_SCOPES,
  STOCK_COUNT_STATUSES,
} from '../../../src/domain/entities/stock/stock-counts.entity.ts';
import {
  TRANSFER_KINDS as DOMAIN_TRANSFER_KINDS,
  TRANSFER_STATUSES as DOMAIN_TRANSFER_STATUSES,
} from '../../../src/domain/entities/stock/transfers.entity.ts';

// The stock ledger and the documents that post to it (docs/domain/README.md §0 "Stock ledger",
// docs/domain/inventory.md §2). Movements are append-only (`seq` without `version`: the row-stamp
// trigger refuses UPDATE and DELETE); balances are a cache of Σ movements kept in the same
// transaction.

const ref = () => bigint({ mode: 'number' });
const qty = () => numeric({ precision: 14, scale: 3 });
const price = () => numeric({ precision: 14, scale: 4 });

export { MOVEMENT_TYPES };
export type MovementType = (typeof MOVEMENT_TYPES)[number];

export const stockMovements = pgTable(
  'stock_movements',
  {
    ...logColumns(),
    movedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    productId: ref()
      .notNull()
      .references(() => products.id),
    /**
     * The product's SKU and name, kept on the row (as ERPNext keeps `item_code` on its stock
     * ledger) so the movements report sorts and filters a million rows by them through an
     * index instead of looking the product up for every row. Filled on insert and rewritten
     * when the product is renamed, in the same transaction, by the database's own triggers
     * (migration 0051_ledger_product_keys_sql; docs/domain/inventory.md §2).
     */
    productSku: varchar({ length: 40 }),
    productName: varchar({ length: 160 }),
    /**
     * The report's other labels, kept the same way (migration 0059_label_keys_sql): the
     * lot's number, the location's name, the bin's code, the source document's number and the
     * author's name, each rewritten when its row is renamed.
     */
    lotNo: varchar({ length: 40 }),
    locationName: varchar({ length: 120 }),
    binCode: varchar({ length: 30 }),
    documentNumber: varchar({ length: 40 }),
    createdByName: varchar({ length: 120 }),
    /**
     * The product's category, brand and family with their names, for the report's filters and
     * sorts by them (migration 0062_ledger_product_groups_sql): rewritten when the product
     * changes group or the group is renamed. Copies, not references: the product holds those.
     */
    productCategoryId: ref(),
    productCategoryName: varchar({ length: 120 }),
    productBrandId: ref(),
    productBrandName: varchar({ length: 120 }),
    productFamilyId: ref(),
    productFamilyName: varchar({ length: 120 }),
    lotId: ref().references(() => stockLots.id),
    locationId: ref()
      .notNull()
      .references(() => locations.id),
    binId: ref().references(() => bins.id),
    qty: qty().notNull(),
    /**
     * Σ qty of this product at this location up to and including this row, in ledger order
     * (moved_at, id): the movements report's running balance, written by postMovements under
     * the product × location lock instead of summed again for every row shown.
     */
    balanceAfter: numeric({ precision: 16, scale: 3 }).notNull(),
    unitCost: price(),
    movementType: varchar({ length: 30 }).notNull().$type<MovementType>(),
    sourceType: varchar({ length: 40 }).$type<MovementSource>(),
    sourceId: ref(),
    sourceLineId: ref(),
    reversalOfId: ref().references((): AnyPgColumn => stockMovements.id),
    note: varchar({ length: 255 }),
  },
  (t) => [
    check('stock_movements_type_ck', checkInList('movement_type', MOVEMENT_TYPES)),
    check('stock_movements_qty_ck', sql`${t.qty} <> 0`),
    // The movements report's running balance reads earlier rows of one product and location
    // in (moved_at, id) order; its default sort and date filters read by moved_at (bench/).
    index('stock_movements_product_location_idx').on(t.productId, t.locationId, t.movedAt, t.id),
    index('stock_movements_moved_at_idx').on(t.movedAt, t.id),
    // The report's default order as compile-sort.ts writes it (`moved_at desc nulls last, id
    // asc`), which the ascending index cannot give backwards: a page stops after its rows. The
    // type after the unique id orders nothing; it lets a page filtered by type read the index
    // alone: a deep page of the last 90 days and half the types, 75 ms through the table's rows,
    // took 20 ms (bench/README.md "Every list query shape").
    index('stock_movements_moved_at_desc_idx').on(
      t.movedAt.desc().nullsLast(),
      t.id,
      t.movementType,
    ),
    // The report's usual filters, type and a date range, with the quantity's sign: the page's
    // capped count reads this index only (list-query.ts; bench/README.md §3).
    index('stock_movements_type_moved_at_idx').on(t.movementType, t.movedAt, t.qty),
    index('stock_movements_source_idx').on(t.sourceType, t.sourceId),
    // One bin's movements, newest first (the report filtered to a bin): a bin holds few of the
    // ledger's rows, so walking the date index for them reads most of the table.
    index('stock_movements_bin_moved_at_idx').on(t.binId, t.movedAt.desc().nullsLast(), t.id),
    // The lot trace's walk: from a lot to the documents that used or made it, then through
    // the source index to the document's other lots (server/db/stock/lot-trace-walk.ts).
    index('stock_movements_lot_idx').on(t.lotId, t.sourceType, t.sourceId),
    // The live stores' delta poll (`seq > since order by seq`) on a million-row ledger.
    index('stock_movements_seq_idx').on(t.seq),
    // The report's sorts by its labels, type, quantity, balance, cost and note, each direction
    // as compile-sort.ts writes it: a page reads its rows off the index and stops. The labels'
    // `contains` filters have trigram indexes (hand-written migrations).
    ...textSortIndexes('stock_movements_product_sku', t.productSku, t.id),
    ...textSortIndexes('stock_movements_product_name', t.productName, t.id),
    ...textSortIndexes('stock_movements_lot_no', t.lotNo, t.id),
    ...textSortIndexes('stock_movements_location_name', t.locationName, t.id),
    ...textSortIndexes('stock_movements_bin_code', t.binCode, t.id),
    ...textSortIndexes('stock_movements_document_number', t.documentNumber, t.id),
    ...textSortIndexes('stock_movements_created_by_name', t.createdByName, t.id),
    ...textSortIndexes('stock_movements_product_category_name', t.productCategoryName, t.id),
    ...textSortIndexes('stock_movements_product_brand_name', t.productBrandName, t.id),
    ...textSortIndexes('stock_movements_product_family_name', t.productFamilyName, t.id),
    ...valueSortIndexes('stock_movements_product_category_id', t.productCategoryId, t.id),
    ...valueSortIndexes('stock_movements_product_brand_id', t.productBrandId, t.id),
    ...valueSortIndexes('stock_movements_product_family_id', t.productFamilyId, t.id),
    ...valueSortIndexes('stock_movements_qty', t.qty, t.id),
    ...valueSortIndexes('stock_movements_balance_after', t.balanceAfter, t.id),
    ...valueSortIndexes('stock_movements_unit_cost', t.unitCost, t.id),
    ...textSortIndexes('stock_movements_note', t.note, t.id),
    ...textSortIndexes('stock_movements_movement_type', t.movementType, t.id),
    ...textSortIndexes('stock_movements_source_type', t.sourceType, t.id),
    // "Updated" of a ledger row is when it was written (log-table.ts).
    ...valueSortIndexes('stock_movements_created_at', t.createdAt, t.id),
  ],
);

export const stockBalances = pgTable(
  'stock_balances',
  {
    ...standardColumns(),
    productId: ref()
      .notNull()
      .references(() => products.id),
    locationId: ref()
      .notNull()
      .references(() => locations.id),
    lotId: ref().references(() => stockLots.id),
    binId: ref().references(() => bins.id),
    qtyOnHand: qty().notNull().default('0'),
  },
  (t) => [
    // One row per product × location × lot × bin; a missing lot or bin counts as 0.
    uniqueIndex('stock_balances_key_uk').on(
      t.productId,
      t.locationId,
      sql`coalesce(${t.lotId}, 0)`,
      sql`coalesce(${t.binId}, 0)`,
    ),
    index('stock_balances_location_idx').on(t.locationId),
  ],
);

/** The columns every stock document has: its number (ADJ-, RCV-, …) and a note. */
export const documentColumns = () => ({
  ...standardColumns(),
  number: varchar({ length: 20 }).notNull().unique(),
  note: varchar({ length: 500 }),
});

export const ADJUSTMENT_STATUSES = STOCK_ADJUSTMENT_STATUSES;

export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    ...documentColumns(),
    locationId: ref()
      .notNull()
      .references(() => locations.id),
    reasonId: ref().references(() => parameters.id),
    adjustedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    status: varchar({ length: 30 }).notNull().default('draft'),
  },
  () => [check('stock_adjustments_status_ck', checkInList('status', ADJUSTMENT_STATUSES))],
);

export const stockAdjustmentLines = pgTable(
  'stock_adjustment_lines',
  {
    ...standardColumns(),
    adjustmentId: ref()
      .notNull()
      .references(() => stockAdjustments.id, { onDelete: 'cascade' }),
    productId: ref()
      .notNull()
      .references(() => products.id),
    lotId: ref().references(() => stockLots.id),
    binId: ref().references(() => bins.id),
    qtyDelta: qty().notNull(),
    unitCost: price(),
  },
  (t) => [
    check('stock_adjustment_lines_qty_ck', sql`${t.qtyDelta} <> 0`),
    index('stock_adjustment_lines_doc_idx').on(t.adjustmentId),
  ],
);

export const RECEIVING_STATUSES = DOMAIN_RECEIVING_STATUSES;

export const receivings = pgTable(
  'receivings',
  {
    ...documentColumns(),
    // Set when the goods come against a purchase order (its supplier's); both null otherwise.
    supplierId: ref().references(() => suppliers.id),
    purchaseOrderId: ref().references(() => purchaseOrders.id),
    locationId: ref()
      .notNull()
      .references(() => locations.id),
    receivedDate: date({ mode: 'string' }).notNull(),
    packingSlipNo: varchar({ length: 40 }),
    status: varchar({ length: 30 }).notNull().default('draft'),
  },
  (t) => [
    check('receivings_status_ck', checkInList('status', RECEIVING_STATUSES)),
    index('receivings_po_idx').on(t.purchaseOrderId),
  ],
);

export const receivingLines = pgTable(
  'receiving_lines',
  {
    ...standardColumns(),
    receivingId: ref()
      .notNull()
      .references(() => receivings.id, { onDelete: 'cascade' }),
    purchaseOrderLineId: ref().references(() => purchaseOrderLines.id),
    productId: ref()
      .notNull()
      .references(() => products.id),
    lotNo: varchar({ length: 40 }),
    expiryDate: date({ mode: 'string' }),
    lotId: ref().references(() => stockLots.id),
    qty: qty().notNull(),
    qtyRejected: qty().notNull().default('0'),
    rejectReasonId: ref().references(() => parameters.id),
    binId: ref().references(() => bins.id),
    unitCost: price().notNull().default('0'),
  },
  (t) => [
    check('receiving_lines_qty_ck', sql`${t.qty} > 0 and ${t.qtyRejected} >= 0`),
    index('receiving_lines_doc_idx').on(t.receivingId),
    index('receiving_lines_po_line_idx').on(t.purchaseOrderLineId),
  ],
);

export const COUNT_SCOPES = DOMAIN_COUNT_SCOPES;
export const COUNT_STATUSES = STOCK_COUNT_STATUSES;
/** Statuses in which a count holds its bins: movements there are refused. */
export const COUNT_LOCKING_STATUSES = ['in_progress', 'submitted', 'variance_review', 'recount'];

export const stockCounts = pgTable(
  'stock_counts',
  {
    ...documentColumns(),
    locationId: ref()
      .notNull()
      .references(() => locations.id),
    scope: varchar({ length: 30 }).notNull().default('full'),
    blind: boolean().notNull().default(false),
    scheduledDate: date({ mode: 'string' }),
    status: varchar({ length: 30 }).notNull().default('draft'),
    submittedBy: ref().references(() => users.id),
    approvedBy: ref().references(() => users.id),
    postedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  () => [
    check('stock_counts_scope_ck', checkInList('scope', COUNT_SCOPES)),
    check('stock_counts_status_ck', checkInList('status', COUNT_STATUSES)),
  ],
);

export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    ...standardColumns(),
    countId: ref()
      .notNull()
      .references(() => stockCounts.id, { onDelete: 'cascade' }),
    // Null only on a draft's scope lines (a bin to count); `start` writes one line per product.
    productId: ref().references(() => products.id),
    lotId: ref().references(() => stockLots.id),
    binId: ref().references(() => bins.id),
    snapshotQty: qty(),
    countedQty: qty(),
    recountQty: qty(),
    varianceQty: qty().generatedAlwaysAs(sql`coalesce(recount_qty, counted_qty) - snapshot_qty`),
    varianceValue: numeric({ precision: 14, scale: 2 }),
    countedBy: ref().references(() => users.id),
  },
  (t) => [index('stock_count_lines_doc_idx').on(t.countId)],
);

export const TRANSFER_KINDS = DOMAIN_TRANSFER_KINDS;
export const TRANSFER_STATUSES = DOMAIN_TRANSFER_STATUSES;

export const transfers = pgTable(
  'transfers',
  {
    ...documentColumns(),
    kind: varchar({ length: 30 }).notNull().default('stock'),
    fromLocationId: ref()
      .notNull()
      .references(() => locations.id),
    toLocationId: ref()
      .notNull()
      .references(() => locations.id),
    productionOrderId: ref(),
    requestedDate: date({ mode: 'string' }),
    shippedAt: timestamp({ withTimezone: true, mode: 'date' }),
    receivedAt: timestamp({ withTimezone: true, mode: 'date' }),
    status: varchar({ length: 30 }).notNull().default('draft'),
  },
  (t) => [
    check('transfers_kind_ck', checkInList('kind', TRANSFER_KINDS)),
    check('transfers_status_ck', checkInList('status', TRANSFER_STATUSES)),
    check('transfers_locations_ck', sql`${t.fromLocationId} <> ${t.toLocationId}`),
  ],
);

export const transferLines = pgTable(
  'transfer_lines',
  {
    ...standardColumns(),
    transferId: ref()
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    productId: ref()
      .notNull()
      .references(() => products.id),
    lotId: ref().references(() => stockLots.id),
    fromBinId: ref().references(() => bins.id),
    toBinId: ref().references(() => bins.id),
    skidId: ref(),
    qtySent: qty().notNull(),
    qtyReceived: qty().notNull().default('0'),
  },
  (t) => [
    check('transfer_lines_qty_ck', sql`${t.qtySent} > 0 and ${t.qtyReceived} >= 0`),
    index('transfer_lines_doc_idx').on(t.transferId),
  ],
);
