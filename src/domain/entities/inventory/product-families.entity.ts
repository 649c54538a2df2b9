import { declareEntity } from '../../entity/entity-declaration.ts';
import { ACTIVE_FIELD, CODE_FIELD, NAME_FIELD, refWithLabel } from '../../entity/shared-fields.ts';

/** A flavour line; its products are the variants (strength, size, stamp). */
export const PRODUCT_FAMILIES = declareEntity({
  name: 'product_families',
  label: 'Product family',
  pluralLabel: 'Product families',
  api: '/api/inventory/product_families',
  area: 'inventory',
  channel: 'private-inventory.product-families',
  event: 'product_family',
  labelField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: [
    CODE_FIELD,
    NAME_FIELD,
    ...refWithLabel('brand_id', 'Brand', 'brands', 'brand_name'),
    ...refWithLabel('flavor_id', 'Flavour', 'flavors', 'flavor_name'),
    ...refWithLabel('category_id', 'Category', 'categories', 'category_name'),
    ACTIVE_FIELD,
  ],
});
