import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import { declareFields, listText, withFields } from '../../../../src/domain/entity/entity-field.ts';
import type { LineItems } from '../../../../src/domain/entity/line-fields.ts';
import { rowOf, type RowOf } from '../../../../src/domain/entity/row-of.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';
import {
  createdFields,
  locationFields,
  noteField,
  numberField,
  productFields,
  qtyField,
  statusField,
} from '../../../../src/domain/entity/shared-fields.ts';
import {
  ALLOCATION_STATUSES,
  SALES_ORDER_STATUSES,
  SHIPPING_STATUSES,
} from './sales-order-progress.ts';
import { moneyField, workflowFact } from '../../../../src/domain/entities/document-fields.ts';
import { SELLABLE_PRODUCT_TYPES } from '../../../../src/domain/entities/inventory/inventory-values.ts';

// Sales orders SO- (docs/domain/sales.md §6). The person picks the customer, where it ships from
// and the products and quantities; the server snapshots the customer's price tier (else the
// default tier) and the tax setup of the ship-to province in force on the order date, and
// computes every figure after each draft write: the tier price at the best quantity break,
// the discounts that apply, line totals, taxes per code and the total.
// **decision**: a line's unit price is always the tier's (not editable, by anyone): a price
// agreed with a customer is a tier or a discount, so every price on an order has a source.
// **decision**: the ship-to address is the customer's default ship address when the order
// is written (shown, not picked); `ship_from_location_id` (not in docs/domain/sales.md) says which
// warehouse or distribution centre allocates and ships it.

export const SALES_ORDER_SOURCES = ['manual', 'import'] as const;

const shown = <const N extends string>(name: N, label: string, width = 150, hidden = false) =>
  listText(name, label, { width, ...(hidden ? { hidden: true } : {}) });

export const SALES_ORDERS = declareEntity({
  name: 'sales_orders',
  label: 'Sales order',
  pluralLabel: 'Sales orders',
  api: '/api/sales/sales_orders',
  area: 'sales_orders',
  writeArea: 'sale',
  channel: 'private-sales.orders',
  event: 'sale',
  labelField: 'number',
  searchable: { fields: ['number'], page: '/sales', form: '/sale' },
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    numberField('number', 'Number'),
    {
      name: 'customer_id',
      label: 'Customer',
      kind: 'ref',
      ref: { entity: 'customers', labelField: 'customer_name' },
      required: true,
      hidden: true,
    },
    shown('customer_name', 'Customer', 200),
    shown('ship_to', 'Ship to', 220, true),
    // Off the list by default (the Columns menu shows them), so Status and Total fit a desk.
    shown('ship_to_province', 'Province', 90, true),
    ...withFields(locationFields('ship_from_location_id', 'Ship from'), () => ({ hidden: true })),
    { name: 'order_date', label: 'Ordered', kind: 'date', required: true, defaultToday: true },
    { name: 'requested_ship_date', label: 'Ship by', kind: 'date', width: 120, hidden: true },
    shown('price_tier_name', 'Price tier', 130, true),
    shown('tax_setup_name', 'Tax setup', 150, true),
    statusField(SALES_ORDER_STATUSES),
    {
      name: 'allocation_status',
      label: 'Allocation',
      kind: 'enum',
      enumValues: ALLOCATION_STATUSES,
      tag: true,
      readOnly: true,
      width: 150,
    },
    {
      name: 'shipping_status',
      label: 'Shipping',
      kind: 'enum',
      enumValues: SHIPPING_STATUSES,
      tag: true,
      readOnly: true,
      width: 140,
    },
    moneyField('subtotal', 'Subtotal', { hidden: true }),
    moneyField('discount_total', 'Discounts', { hidden: true }),
    // Vaping duty (vaping-duty.ts): on the lines' rates of the order date, before taxes.
    moneyField('duty_total', 'Vaping duty', { listOnly: true, hidden: true }),
    moneyField('tax_total', 'Taxes', { hidden: true }),
    moneyField('total', 'Total'),
    {
      name: 'source',
      label: 'Source',
      kind: 'enum',
      enumValues: SALES_ORDER_SOURCES,
      readOnly: true,
      hidden: true,
      width: 100,
    },
    { name: 'external_ref', label: 'External ref', kind: 'text', readOnly: true, hidden: true },
    // The order's taxes, one per code of its tax setup: [{tax_code, rate, base, amount}].
    { name: 'taxes', label: 'Taxes', kind: 'json', readOnly: true, listOnly: true, hidden: true },
    // The customer's credit limit and other confirmed orders: figures of the customer's shown
    // beside the order for its credit check, like the facts below, not ones to order or find
    // orders by (looked up per row, a sort by them reads every order; summed per row, as the
    // open total once was, a sort over 40,000 orders took over two minutes).
    moneyField('credit_limit', 'Credit limit', {
      listOnly: true,
      hidden: true,
      sortable: false,
      filterable: false,
    }),
    moneyField('open_orders_total', 'Open orders', {
      listOnly: true,
      hidden: true,
      sortable: false,
      filterable: false,
    }),
    workflowFact('over_credit_limit', 'Over credit limit'),
    workflowFact('customer_active', 'Customer active'),
    workflowFact('shipped_any', 'Shipped any'),
    workflowFact('ships_in_full', 'Ships in full'),
    workflowFact('to_allocate', 'Left to allocate'),
    workflowFact('to_ship', 'Allocated, not shipped'),
    noteField,
    ...createdFields,
  ],
});

export const SALES_ORDER_LINE_FIELDS = declareFields([
  // Only what is sold: finished goods and the kits the assembly line makes of them.
  ...withFields(productFields(), (f) =>
    f.ref ? { ref: { ...f.ref, parameterType: SELLABLE_PRODUCT_TYPES.join(',') } } : {},
  ),
  qtyField('qty', 'Qty', { required: true, min: 0.001 }),
  shown('measure_code', 'Unit', 70),
  {
    name: 'unit_price',
    label: 'Tier price',
    kind: 'number',
    precision: 4,
    price: true,
    readOnly: true,
    listOnly: true,
    width: 110,
  },
  moneyField('duty_per_unit', 'Duty / unit', { listOnly: true, width: 100 }),
  shown('discount_code', 'Discount', 120),
  moneyField('discount_amount', 'Discount amount', { listOnly: true }),
  moneyField('line_total', 'Line total', { listOnly: true }),
  moneyField('duty_total', 'Duty', { listOnly: true, width: 100 }),
  moneyField('federal_duty', 'Federal duty / unit', { listOnly: true, hidden: true }),
  moneyField('provincial_duty', 'Provincial duty / unit', { listOnly: true, hidden: true }),
  qtyField('qty_allocated', 'Allocated', { readOnly: true, listOnly: true }),
  qtyField('qty_shipped', 'Shipped', { readOnly: true, listOnly: true }),
  qtyField('qty_cancelled', 'Cancelled', { readOnly: true, listOnly: true, hidden: true }),
]);

/** The lines as rows: the server's payload schema and label columns. */
export const SALES_ORDER_LINES = declareEntity({
  name: 'sales_order_lines',
  label: 'Sales order line',
  pluralLabel: 'Sales order lines',
  api: '/api/sales/sales_orders',
  area: 'sales_orders',
  writeArea: 'sale',
  channel: 'private-sales.orders',
  event: 'sale',
  labelField: 'product_sku',
  writable: false,
  fields: SALES_ORDER_LINE_FIELDS,
});

export const SALES_ORDER_LINE_ITEMS: LineItems = {
  name: 'lines',
  label: 'Lines',
  fields: SALES_ORDER_LINE_FIELDS,
  minLines: 1,
};

export type SalesOrderRow = RowOf<typeof SALES_ORDERS>;
export type SalesOrderLineRow = RowOf<typeof SALES_ORDER_LINES>;

/** A sales order as GET /:id answers it and its form reads it: the header with its lines. */
export type SalesOrderDoc = SalesOrderRow & { lines?: SalesOrderLineRow[] };

/** A row the generic document code read as a sales order, its lines as sales order lines. */
export const salesOrderDoc = (doc: EntityRow): SalesOrderDoc => rowOf(SALES_ORDERS, doc);
