import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  varchar,
} from 'drizzle-orm/pg-core';
import { taxSetups } from './accounting.ts';
import { checkInList } from './check-in-list.ts';
import { textSortIndexes, valueSortIndexes } from './text-sort-indexes.ts';
import { customerAddresses, customers } from './customers.ts';
import { locations } from './general.ts';
import { priceTiers, products } from './inventory.ts';
import { importJobs } from './imports.ts';
import { logColumns, standardColumns, users } from './users.ts';
import { DISCOUNT_STATUSES } from '../../../modules/sales/shared/entities/discount-approval.ts';
import {
  DISCOUNT_KINDS,
  DISCOUNT_SCOPES,
} from '../../../modules/sales/shared/entities/line-discounts.ts';
import {
  ALLOCATION_STATUSES,
  SALES_ORDER_STATUSES,
  SHIPPING_STATUSES,
} from '../../../modules/sales/shared/entities/sales-order-progress.ts';
import {
  SALES_IMPORT_RESULTS,
  type SalesImportResult,
} from '../../../modules/sales/shared/entities/sales-import-logs.entity.ts';
import { SALES_ORDER_SOURCES } from '../../../modules/sales/shared/entities/sales-orders.entity.ts';
import { TAX_CODES } from './accounting.ts';

// Sales (docs/domain/sales.md §6): discounts, and sales orders with their lines and their taxes per
// tax code. Lines and taxes go with their header (cascade); every other key restricts.

const ref = () => bigint({ mode: 'number' });
const qty = () => numeric({ precision: 14, scale: 3 });
const price = () => numeric({ precision: 14, scale: 4 });
const money = () => numeric({ precision: 14, scale: 2 });

export const discounts = pgTable(
  'discounts',
  {
    ...standardColumns(),
    code: varchar({ length: 30 }).notNull().unique(),
    name: varchar({ length: 120 }).notNull(),
    kind: varchar({ length: 30 }).notNull(),
    value: price().notNull(),
    scope: varchar({ length: 30 }).notNull().default('all'),
    // Polymorphic by scope (customer, product, family, brand or category): checked by the app.
    scopeId: ref(),
    minQty: qty().notNull().default('0'),
    validFrom: date({ mode: 'string' }).notNull(),
    validTo: date({ mode: 'string' }),
    stackable: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    // Over the approval limit a discount applies only once a manager approved it.
    status: varchar({ length: 30 }).notNull().default('approved'),
    submittedBy: ref().references(() => users.id),
    approvedBy: ref().references(() => users.id),
  },
  (t) => [
    check('discounts_kind_ck', checkInList('kind', DISCOUNT_KINDS)),
    check('discounts_status_ck', checkInList('status', DISCOUNT_STATUSES)),
    check('discounts_scope_ck', checkInList('scope', DISCOUNT_SCOPES)),
    check(
      'discounts_value_ck',
      sql`${t.value} >= 0 and (${t.kind} <> 'percent' or ${t.value} <= 100) and ${t.minQty} >= 0`,
    ),
    check('discounts_scope_id_ck', sql`(${t.scope} = 'all') = (${t.scopeId} is null)`),
    check('discounts_window_ck', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
  ],
);

export const salesOrders = pgTable(
  'sales_orders',
  {
    ...standardColumns(),
    number: varchar({ length: 20 }).notNull().unique(),
    customerId: ref()
      .notNull()
      .references(() => customers.id),
    shipToAddressId: ref().references(() => customerAddresses.id),
    shipFromLocationId: ref()
      .notNull()
      .references(() => locations.id),
    orderDate: date({ mode: 'string' }).notNull(),
    requestedShipDate: date({ mode: 'string' }),
    priceTierId: ref().references(() => priceTiers.id),
    taxSetupId: ref().references(() => taxSetups.id),
    source: varchar({ length: 30 }).notNull().default('manual'),
    externalRef: varchar({ length: 60 }).unique(),
    status: varchar({ length: 30 }).notNull().default('draft'),
    allocationStatus: varchar({ length: 30 }).notNull().default('not_allocated'),
    shippingStatus: varchar({ length: 30 }).notNull().default('not_shipped'),
    subtotal: money().notNull().default('0'),
    discountTotal: money().notNull().default('0'),
    taxTotal: money().notNull().default('0'),
    total: money().notNull().default('0'),
    /** Σ of the lines' vaping duty, written with the other figures (sales-order-totals.ts). */
    dutyTotal: money().notNull().default('0'),
    note: varchar({ length: 500 }),
    /**
     * The list's labels, kept on the row so it sorts and searches its orders through an index
     * instead of looking each one up per row (as the ledger keeps its own, schema/stock.ts).
     * Filled on insert and on a change of the key, and rewritten when the customer, address,
     * location, tier, tax setup or user is renamed, by the database's own triggers (migration
     * 0068_order_labels_sql): no writer sets them, none can forget them.
     */
    customerName: varchar({ length: 120 }),
    shipTo: varchar({ length: 263 }),
    shipToProvince: varchar({ length: 2 }),
    shipFromLocationName: varchar({ length: 120 }),
    priceTierName: varchar({ length: 120 }),
    taxSetupName: varchar({ length: 80 }),
    createdByName: varchar({ length: 120 }),
    updatedByName: varchar({ length: 120 }),
  },
  (t) => [
    check('sales_orders_status_ck', checkInList('status', SALES_ORDER_STATUSES)),
    check('sales_orders_allocation_ck', checkInList('allocation_status', ALLOCATION_STATUSES)),
    check('sales_orders_shipping_ck', checkInList('shipping_status', SHIPPING_STATUSES)),
    check('sales_orders_source_ck', checkInList('source', SALES_ORDER_SOURCES)),
    index('sales_orders_customer_idx').on(t.customerId),
    // A forecast's history is the shipped orders of a window of days (forecast module).
    index('sales_orders_order_date_idx').on(t.orderDate),
    // The list's sorts by its number, labels and duty, each direction as compile-sort.ts
    // writes it (the unique number's own index gives no order to lower(number)).
    ...textSortIndexes('sales_orders_number', t.number, t.id),
    ...textSortIndexes('sales_orders_external_ref', t.externalRef, t.id),
    ...textSortIndexes('sales_orders_customer_name', t.customerName, t.id),
    ...textSortIndexes('sales_orders_ship_to', t.shipTo, t.id),
    ...textSortIndexes('sales_orders_ship_to_province', t.shipToProvince, t.id),
    ...textSortIndexes('sales_orders_ship_from_location_name', t.shipFromLocationName, t.id),
    ...textSortIndexes('sales_orders_price_tier_name', t.priceTierName, t.id),
    ...textSortIndexes('sales_orders_tax_setup_name', t.taxSetupName, t.id),
    ...textSortIndexes('sales_orders_created_by_name', t.createdByName, t.id),
    ...textSortIndexes('sales_orders_updated_by_name', t.updatedByName, t.id),
    ...valueSortIndexes('sales_orders_duty_total', t.dutyTotal, t.id),
  ],
);

/**
 * The total of each customer's confirmed sales orders, the credit check's open figure: kept by
 * a trigger on sales_orders (migrations 0066, 0070) so reading an order never sums the others.
 * A row of its own, not a column of the customer: an order's change locks the order, then this
 * row, while a rename of the customer locks the customer, then its orders (0068); on the
 * customer's row the two would wait on each other.
 */
export const customerOrderTotals = pgTable('customer_order_totals', {
  customerId: ref()
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  confirmedTotal: money().notNull().default('0'),
});

export const salesOrderLines = pgTable(
  'sales_order_lines',
  {
    ...standardColumns(),
    salesOrderId: ref()
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    productId: ref()
      .notNull()
      .references(() => products.id),
    qty: qty().notNull(),
    unitPrice: price().notNull().default('0'),
    discountId: ref().references(() => discounts.id),
    discountAmount: money().notNull().default('0'),
    lineTotal: money().notNull().default('0'),
    qtyAllocated: qty().notNull().default('0'),
    qtyShipped: qty().notNull().default('0'),
    qtyCancelled: qty().notNull().default('0'),
  },
  (t) => [
    check(
      'sales_order_lines_qty_ck',
      sql`${t.qty} > 0 and ${t.unitPrice} >= 0 and ${t.discountAmount} >= 0 and ${t.lineTotal} >= 0
        and ${t.qtyShipped} >= 0 and ${t.qtyShipped} <= ${t.qtyAllocated}
        and ${t.qtyAllocated} + ${t.qtyCancelled} <= ${t.qty}`,
    ),
    index('sales_order_lines_doc_idx').on(t.salesOrderId),
    index('sales_order_lines_product_idx').on(t.productId),
  ],
);

/** Each tax code of the order's tax setup, on its base, rounded once per document. */
export const salesOrderTaxes = pgTable(
  'sales_order_taxes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    salesOrderId: ref()
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    taxCode: varchar({ length: 3 }).notNull(),
    rate: numeric({ precision: 7, scale: 4 }).notNull(),
    base: money().notNull(),
    amount: money().notNull(),
  },
  (t) => [
    check('sales_order_taxes_tax_code_ck', checkInList('tax_code', TAX_CODES)),
    index('sales_order_taxes_doc_idx').on(t.salesOrderId),
  ],
);

/**
 * What each row of a sales import did (docs/domain/sales.md §6 `sales_import_logs`): the order its
 * reference created or updated, or why it was skipped or refused. Append-only, like every log.
 */
export const salesImportLogs = pgTable(
  'sales_import_logs',
  {
    ...logColumns(),
    importJobId: ref()
      .notNull()
      .references(() => importJobs.id),
    rowNo: integer().notNull(),
    externalRef: varchar({ length: 60 }),
    result: varchar({ length: 10 }).notNull().$type<SalesImportResult>(),
    salesOrderId: ref().references(() => salesOrders.id, { onDelete: 'set null' }),
    message: varchar({ length: 500 }),
  },
  (t) => [
    check('sales_import_logs_result_ck', checkInList('result', SALES_IMPORT_RESULTS)),
    index('sales_import_logs_job_idx').on(t.importJobId, t.rowNo),
    index('sales_import_logs_order_idx').on(t.salesOrderId),
  ],
);
