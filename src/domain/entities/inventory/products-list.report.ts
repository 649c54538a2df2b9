import { declareEntity } from '../../entity/entity-declaration.ts';
import { PRODUCT_FIELDS } from './products.entity.ts';

// reports/products-list: the product master with each product's default bins.

export const PRODUCTS_LIST_REPORT = declareEntity({
  name: 'products_list_report',
  label: 'Product',
  pluralLabel: 'Products list',
  api: '/api/inventory/reports/products-list',
  area: 'inventory',
  channel: 'private-inventory.products',
  event: 'product',
  labelField: 'sku',
  defaultSort: { field: 'sku', direction: 'asc' },
  writable: false,
  fields: [
    ...PRODUCT_FIELDS.map((f) => ({ ...f, readOnly: true })),
    {
      name: 'default_bin',
      label: 'Default bin',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 160,
    },
  ],
});
