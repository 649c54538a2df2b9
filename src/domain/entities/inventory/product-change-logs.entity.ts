import { declareEntity } from '../../entity/entity-declaration.ts';
import { declareFields, listText } from '../../entity/entity-field.ts';
import { LOGGED_FIELDS, refWithLabel } from '../../entity/shared-fields.ts';

// What was written to products, field by field, whether through an approved request or a
// direct edit by an approver (products_change_logs, and the products-changes report).

const LOG_FIELDS = declareFields([
  ...LOGGED_FIELDS,
  ...refWithLabel('product_id', 'Product', 'products', 'product_sku', { width: 170 }),
  listText('product_name', 'Product name', { width: 220, hidden: true }),
  {
    name: 'change_set_number',
    label: 'Change set',
    kind: 'text',
    readOnly: true,
    listOnly: true,
    width: 120,
  },
  { name: 'field', label: 'Field code', kind: 'text', readOnly: true, hidden: true, width: 140 },
  { name: 'field_label', label: 'Field', kind: 'text', readOnly: true, listOnly: true, width: 150 },
  { name: 'old_value', label: 'Old value', kind: 'text', readOnly: true, width: 180 },
  { name: 'new_value', label: 'New value', kind: 'text', readOnly: true, width: 180 },
  {
    name: 'approved_by_name',
    label: 'Approved by',
    kind: 'text',
    readOnly: true,
    listOnly: true,
    width: 150,
  },
]);

export const PRODUCT_CHANGE_LOGS = declareEntity({
  name: 'product_change_logs',
  label: 'Product change log',
  pluralLabel: 'Product change logs',
  api: '/api/inventory/products_change_logs',
  area: 'inventory_changes',
  channel: 'private-inventory.product-changes',
  event: 'change_log',
  labelField: 'product_sku',
  defaultSort: { field: 'id', direction: 'desc' },
  writable: false,
  fields: LOG_FIELDS,
});

/** reports/products-changes: the same rows for the inventory roles, by date, user, field. */
export const PRODUCTS_CHANGES_REPORT = declareEntity({
  ...PRODUCT_CHANGE_LOGS,
  name: 'products_changes_report',
  label: 'Product change',
  pluralLabel: 'Products changes',
  api: '/api/inventory/reports/products-changes',
  area: 'inventory',
  channel: 'private-inventory.product-change-logs',
  fields: [
    { name: 'changed_on', label: 'Date', kind: 'date', readOnly: true, listOnly: true, width: 110 },
    ...LOG_FIELDS,
  ],
});
