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
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { taxSetups } from './accounting.ts';
import { checkInList } from './check-in-list.ts';
import { textSortIndexes } from './text-sort-indexes.ts';
import { countries, currencies, locations, provinces } from './general.ts';
import { products } from './inventory.ts';
import { standardColumns, users } from './users.ts';
import {
  BILLING_STATUSES,
  PURCHASE_ORDER_STATUSES,
  RECEIPT_STATUSES,
} from '../../../src/domain/entities/purchase/purchase-orders.entity.ts';

// Purchase (docs/domain/purchase.md §5): suppliers with the products they sell us, and purchase
// orders with their lines. Lines go with their header (cascade); every other key restricts.

const ref = () => bigint({ mode: 'number' });
const qty = () => numeric({ precision: 14, scale: 3 });
const price = () => numeric({ precision: 14, scale: 4 });
const money = () => numeric({ precision: 14, scale: 2 });

export const suppliers = pgTable('suppliers', {
  ...standardColumns(),
  code: varchar({ length: 30 }).notNull().unique(),
  name: varchar({ length: 120 }).notNull(),
  currencyId: ref()
    .notNull()
    .references(() => currencies.id),
  paymentTermsDays: integer().notNull().default(30),
  // Where the supplier is: printed on its orders, and the country decides whether an order
  // from it carries Canadian sales tax by default (purchase-order-totals.ts).
  street: varchar({ length: 160 }),
  city: varchar({ length: 80 }),
  countryId: ref().references(() => countries.id),
  /** A province or a state: a row of `provinces` under the supplier's country. */
  provinceId: ref().references(() => provinces.id),
  postalCode: varchar({ length: 20 }),
  taxNumber: varchar({ length: 40 }),
  email: varchar({ length: 160 }),
  phone: varchar({ length: 40 }),
  leadTimeDays: integer().notNull().default(14),
  active: boolean().notNull().default(true),
});

export const supplierProducts = pgTable(
  'supplier_products',
  {
    ...standardColumns(),
    supplierId: ref()
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    productId: ref()
      .notNull()
      .references(() => products.id),
    supplierSku: varchar({ length: 60 }),
    unitPrice: price().notNull(),
    moq: qty().notNull().default('0'),
    leadTimeDays: integer(),
    preferred: boolean().notNull().default(false),
  },
  (t) => [
    unique('supplier_products_supplier_product_uk').on(t.supplierId, t.productId),
    index('supplier_products_product_idx').on(t.productId),
    check('supplier_products_figures_ck', sql`${t.unitPrice} >= 0 and ${t.moq} >= 0`),
  ],
);

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    ...standardColumns(),
    number: varchar({ length: 20 }).notNull().unique(),
    supplierId: ref()
      .notNull()
      .references(() => suppliers.id),
    currencyId: ref().references(() => currencies.id),
    exchangeRate: numeric({ precision: 14, scale: 6 }).notNull().default('1'),
    orderDate: date({ mode: 'string' }).notNull(),
    expectedDate: date({ mode: 'string' }),
    shipToLocationId: ref()
      .notNull()
      .references(() => locations.id),
    taxSetupId: ref().references(() => taxSetups.id),
    status: varchar({ length: 30 }).notNull().default('draft'),
    receiptStatus: varchar({ length: 30 }).notNull().default('not_received'),
    billingStatus: varchar({ length: 30 }).notNull().default('to_bill'),
    subtotal: money().notNull().default('0'),
    taxTotal: money().notNull().default('0'),
    total: money().notNull().default('0'),
    totalCad: money().notNull().default('0'),
    taxes: jsonb().notNull().default([]),
    submittedBy: ref().references(() => users.id),
    approvedBy: ref().references(() => users.id),
    heldFrom: varchar({ length: 30 }),
    note: varchar({ length: 500 }),
    /**
     * The list's labels, kept on the row by the database's own triggers as the sales order
     * keeps its customer's (schema/sales.ts; migration 0068_order_labels_sql), so the list
     * sorts and searches by them through an index.
     */
    supplierName: varchar({ length: 120 }),
    supplierAddress: varchar({ length: 400 }),
    supplierEmail: varchar({ length: 160 }),
    currencyCode: varchar({ length: 3 }),
    taxSetupName: varchar({ length: 80 }),
    shipToLocationName: varchar({ length: 120 }),
    createdByName: varchar({ length: 120 }),
    updatedByName: varchar({ length: 120 }),
  },
  (t) => [
    check('purchase_orders_status_ck', checkInList('status', PURCHASE_ORDER_STATUSES)),
    check('purchase_orders_receipt_ck', checkInList('receipt_status', RECEIPT_STATUSES)),
    check('purchase_orders_billing_ck', checkInList('billing_status', BILLING_STATUSES)),
    // The PO list's supplier filter (and a supplier's orders on its form) read by it.
    // With the day: the approval threshold counts a supplier's same-day orders.
    index('purchase_orders_supplier_idx').on(t.supplierId, t.orderDate),
    // The list's sorts by its number and labels, each direction as compile-sort.ts writes it.
    ...textSortIndexes('purchase_orders_number', t.number, t.id),
    ...textSortIndexes('purchase_orders_supplier_name', t.supplierName, t.id),
    ...textSortIndexes('purchase_orders_supplier_address', t.supplierAddress, t.id),
    ...textSortIndexes('purchase_orders_supplier_email', t.supplierEmail, t.id),
    ...textSortIndexes('purchase_orders_currency_code', t.currencyCode, t.id),
    ...textSortIndexes('purchase_orders_tax_setup_name', t.taxSetupName, t.id),
    ...textSortIndexes('purchase_orders_ship_to_location_name', t.shipToLocationName, t.id),
    ...textSortIndexes('purchase_orders_created_by_name', t.createdByName, t.id),
    ...textSortIndexes('purchase_orders_updated_by_name', t.updatedByName, t.id),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    ...standardColumns(),
    purchaseOrderId: ref()
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    productId: ref()
      .notNull()
      .references(() => products.id),
    description: varchar({ length: 200 }),
    qty: qty().notNull(),
    unitPrice: price().notNull(),
    taxable: boolean().notNull().default(true),
    lineTotal: money().notNull().default('0'),
    qtyReceived: qty().notNull().default('0'),
    qtyBilled: qty().notNull().default('0'),
    qtyCancelled: qty().notNull().default('0'),
  },
  (t) => [
    check(
      'purchase_order_lines_qty_ck',
      sql`${t.qty} > 0 and ${t.unitPrice} >= 0 and ${t.qtyReceived} >= 0 and ${t.qtyBilled} >= 0 and ${t.qtyCancelled} >= 0`,
    ),
    index('purchase_order_lines_doc_idx').on(t.purchaseOrderId),
    index('purchase_order_lines_product_idx').on(t.productId),
  ],
);
