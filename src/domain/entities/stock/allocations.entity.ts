import { declareEntity } from '../../entity/entity-declaration.ts';
import { rowOf, type RowOf } from '../../entity/row-of.ts';
import type { EntityRow } from '../entity-row.ts';
import {
  binFields,
  createdFields,
  locationFields,
  lotFields,
  noteField,
  numberField,
  productFields,
  qtyField,
  statusField,
} from '../../entity/shared-fields.ts';

export const ALLOCATION_STATUSES = [
  'draft',
  'allocated',
  'picking',
  'packed',
  'shipped',
  'cancelled',
] as const;

/**
 * Packing lists PL- (docs/domain/inventory.md §2 allocations); written through their own document
 * routes.
 */
export const ALLOCATIONS = declareEntity({
  name: 'allocations',
  label: 'Packing list',
  pluralLabel: 'Packing lists',
  api: '/api/inventory/allocations',
  area: 'stock_packing_lists',
  writeArea: 'stock_floor',
  channel: 'private-inventory.packing-lists',
  event: 'allocation',
  labelField: 'number',
  searchable: {
    fields: ['number', 'tracking_no'],
    page: '/inventory/allocation',
    form: '/inventory/allocation',
  },
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    numberField('number', 'Number'),
    // Sales orders arrive with the sales module, which fills this in; nobody types an id.
    {
      name: 'sales_order_id',
      label: 'Sales order',
      kind: 'number',
      precision: 0,
      readOnly: true,
      hidden: true,
    },
    {
      name: 'customer_id',
      label: 'Customer',
      kind: 'ref',
      ref: { entity: 'customers', labelField: 'customer_name' },
      hidden: true,
    },
    {
      name: 'customer_name',
      label: 'Customer',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 180,
    },
    ...locationFields('ship_from_location_id', 'Ship from'),
    { name: 'ship_date', label: 'Ship date', kind: 'date', width: 120 },
    { name: 'carrier', label: 'Carrier', kind: 'text', maxLength: 60, width: 120 },
    { name: 'tracking_no', label: 'Tracking', kind: 'text', maxLength: 60, width: 140 },
    statusField(ALLOCATION_STATUSES),
    noteField,
    ...createdFields,
  ],
});

export const ALLOCATION_LINES = declareEntity({
  name: 'allocation_lines',
  label: 'Packing list line',
  pluralLabel: 'Packing list lines',
  api: '/api/inventory/allocations',
  area: 'stock_packing_lists',
  writeArea: 'stock_floor',
  channel: 'private-inventory.packing-lists',
  event: 'allocation',
  labelField: 'product_sku',
  writable: false,
  fields: [
    // Filled in from the sales order by the sales module.
    {
      name: 'sales_order_line_id',
      label: 'SO line',
      kind: 'number',
      precision: 0,
      readOnly: true,
      hidden: true,
    },
    ...productFields(),
    ...lotFields('ship_from_location_id'),
    ...binFields(),
    qtyField('qty_allocated', 'Allocated', { required: true, min: 0.001 }),
    qtyField('qty_picked', 'Picked', { readOnly: true }),
    qtyField('qty_shipped', 'Shipped', { readOnly: true }),
  ],
});

export type AllocationRow = RowOf<typeof ALLOCATIONS>;
export type AllocationLineRow = RowOf<typeof ALLOCATION_LINES>;

/** A packing list as GET /:id answers it and its page reads it: the header with its lines. */
export type AllocationDoc = AllocationRow & { lines?: AllocationLineRow[] };

/** A row the generic document code read as a packing list, its lines as its lines. */
export const allocationDoc = (doc: EntityRow): AllocationDoc => rowOf(ALLOCATIONS, doc);
