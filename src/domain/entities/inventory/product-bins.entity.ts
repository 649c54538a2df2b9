import { declareEntity } from '../../entity/entity-declaration.ts';
import { refWithLabel } from '../../entity/shared-fields.ts';

/** Where a product is kept; at most one default bin per product in each location. */
export const PRODUCT_BINS = declareEntity({
  name: 'product_bins',
  label: 'Product bin',
  pluralLabel: 'Product bins',
  api: '/api/inventory/product_bins',
  area: 'inventory',
  channel: 'private-inventory.product-bins',
  event: 'product_bin',
  labelField: 'product_sku',
  defaultSort: { field: 'product_sku', direction: 'asc' },
  fields: [
    ...refWithLabel('product_id', 'Product', 'products', 'product_sku', {
      required: true,
      width: 170,
    }),
    {
      name: 'product_name',
      label: 'Product name',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 240,
    },
    ...refWithLabel('bin_id', 'Bin', 'bins', 'bin_code', { required: true, width: 110 }),
    {
      name: 'location_name',
      label: 'Location',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 170,
    },
    { name: 'is_default', label: 'Default', kind: 'boolean', defaultValue: false, width: 100 },
    { name: 'min_qty', label: 'Min qty', kind: 'number', precision: 3, min: 0, width: 110 },
    { name: 'max_qty', label: 'Max qty', kind: 'number', precision: 3, min: 0, width: 110 },
  ],
});
