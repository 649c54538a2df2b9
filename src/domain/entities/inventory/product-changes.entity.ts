import { declareEntity } from '../../entity/entity-declaration.ts';
import { rowOf, type RowOf } from '../../entity/row-of.ts';
import type { EntityRow } from '../entity-row.ts';
import { refWithLabel } from '../../entity/shared-fields.ts';
import type { ProductRow } from './products.entity.ts';
import { CHANGE_ACTIONS, CHANGE_SET_SOURCES, PRODUCT_CHANGE_STATUSES } from './inventory-values.ts';

// Product change requests (products_changes, /product_changes/{id}). Rows are written by the
// change-control routes (create, events), never by the generic CRUD.

export const PRODUCT_CHANGES = declareEntity({
  name: 'product_change_requests',
  label: 'Product change',
  pluralLabel: 'Product changes',
  api: '/api/inventory/product_changes',
  area: 'inventory_changes',
  channel: 'private-inventory.product-changes',
  event: 'change',
  labelField: 'change_set_number',
  defaultSort: { field: 'id', direction: 'desc' },
  writable: false,
  fields: [
    {
      name: 'change_set_number',
      label: 'Change set',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 120,
    },
    // rd_promotion: opened by an R&D promotion, whose author is its maker (any role).
    {
      name: 'change_set_source',
      label: 'Source',
      kind: 'enum',
      enumValues: CHANGE_SET_SOURCES,
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
    {
      name: 'change_set_id',
      label: 'Change set',
      kind: 'number',
      precision: 0,
      readOnly: true,
      hidden: true,
    },
    ...refWithLabel('product_id', 'Product', 'products', 'product_sku', { width: 170 }),
    {
      name: 'action',
      label: 'Action',
      kind: 'enum',
      enumValues: CHANGE_ACTIONS,
      readOnly: true,
      width: 110,
    },
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      enumValues: PRODUCT_CHANGE_STATUSES,
      tag: true,
      readOnly: true,
      width: 150,
    },
    { name: 'proposed', label: 'Proposed values', kind: 'json', readOnly: true, hidden: true },
    {
      name: 'changed_fields',
      label: 'Fields',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 220,
    },
    {
      name: 'base_version',
      label: 'Base version',
      kind: 'number',
      precision: 0,
      readOnly: true,
      hidden: true,
    },
    { name: 'review_note', label: 'Review note', kind: 'textarea', readOnly: true, width: 220 },
    {
      name: 'requested_by',
      label: 'Requested by',
      kind: 'number',
      precision: 0,
      readOnly: true,
      hidden: true,
    },
    {
      name: 'requested_by_name',
      label: 'Requested by',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 150,
    },
    {
      name: 'reviewed_by_name',
      label: 'Reviewed by',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 150,
    },
    { name: 'reviewed_at', label: 'Reviewed', kind: 'datetime', readOnly: true, hidden: true },
    { name: 'created_at', label: 'Requested', kind: 'datetime', readOnly: true, width: 170 },
  ],
});

export type ProductChangeRow = RowOf<typeof PRODUCT_CHANGES>;

/** A row the generic entity code read as a product change request. */
export const productChangeRow = (row: EntityRow): ProductChangeRow => rowOf(PRODUCT_CHANGES, row);

/** A product change request as GET /:id answers it: with the product as it is now, if any. */
export type ProductChangeDoc = ProductChangeRow & { current_product?: ProductRow | null };

/** A row the change-control routes answered as a request with its product as it is now. */
export const productChangeDoc = (row: EntityRow): ProductChangeDoc => rowOf(PRODUCT_CHANGES, row);
