import { declareEntity } from '../../entity/entity-declaration.ts';
import { declareFields, type RequiredWhen } from '../../entity/entity-field.ts';
import { rowOf, type RowOf } from '../../entity/row-of.ts';
import type { EntityRow } from '../entity-row.ts';
import { refWithLabel } from '../../entity/shared-fields.ts';
import { NICOTINE_TYPES, PRODUCT_STATUSES, PRODUCT_TYPES } from './inventory-values.ts';

// The product master (docs/domain/inventory.md §2). Rules beyond one field (an active finished good
// needs a volume, a nicotine product a recipe and an HPLC category; UPC digits) are checked by the
// server on every write and on every applied change request.

/** An active finished good must have a volume (docs/domain/inventory.md §2). */
const ACTIVE_FINISHED_GOOD: RequiredWhen = [
  { field: 'type', equals: 'finished_good' },
  { field: 'status', equals: 'active' },
];

/** …and, when it carries nicotine, the recipe it is made from and its HPLC category. */
const ACTIVE_NICOTINE_GOOD: RequiredWhen = [
  ...ACTIVE_FINISHED_GOOD,
  { field: 'nicotine_mg', greaterThan: 0 },
];

/** Fields a product has that a change request may propose (everything a form writes). */
export const PRODUCT_FIELDS = declareFields([
  { name: 'sku', label: 'SKU', kind: 'text', required: true, maxLength: 40, width: 170 },
  { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 160, width: 280 },
  {
    name: 'type',
    label: 'Type',
    kind: 'enum',
    required: true,
    enumValues: PRODUCT_TYPES,
    width: 150,
  },
  ...refWithLabel('family_id', 'Family', 'product_families', 'family_name'),
  ...refWithLabel('brand_id', 'Brand', 'brands', 'brand_name', { width: 130 }),
  ...refWithLabel('flavor_id', 'Flavour', 'flavors', 'flavor_name', { width: 140 }),
  ...refWithLabel('category_id', 'Category', 'categories', 'category_name', { width: 150 }),
  ...refWithLabel('measure_id', 'Unit', 'measures', 'measure_code', { required: true, width: 80 }),
  {
    name: 'nicotine_mg',
    label: 'Nicotine (mg/ml)',
    kind: 'number',
    precision: 3,
    min: 0,
    max: 100,
    width: 130,
  },
  {
    name: 'nicotine_type',
    defaultValue: 'none',
    label: 'Nicotine type',
    kind: 'enum',
    enumValues: NICOTINE_TYPES,
    width: 120,
  },
  // numeric(8,2): a bottle or a drum, never more.
  {
    name: 'volume_ml',
    label: 'Volume (ml)',
    kind: 'number',
    precision: 2,
    min: 0,
    max: 999_999.99,
    width: 110,
    requiredWhen: ACTIVE_FINISHED_GOOD,
  },
  {
    name: 'vg_pct',
    label: 'VG %',
    kind: 'number',
    precision: 4,
    min: 0,
    max: 100,
    width: 90,
    hidden: true,
  },
  // Longer than a UPC may be, so a wrong length is reported as `digitsbetween`, not `max`.
  { name: 'upc', label: 'UPC', kind: 'text', maxLength: 40, width: 140 },
  {
    name: 'requires_stamp',
    label: 'Requires stamp',
    kind: 'boolean',
    defaultValue: false,
    width: 120,
    hidden: true,
  },
  ...refWithLabel(
    'stamp_jurisdiction_id',
    'Stamp jurisdiction',
    'parameters',
    'stamp_jurisdiction_name',
    { width: 130, parameterType: 'stamp_jurisdiction' },
  ),
  ...refWithLabel('unstamped_product_id', 'Unstamped product', 'products', 'unstamped_product_sku'),
  ...refWithLabel('recipe_id', 'Recipe', 'recipes', 'recipe_code', {
    width: 130,
    hidden: true,
    requiredWhen: ACTIVE_NICOTINE_GOOD,
  }),
  ...refWithLabel('hplc_category_id', 'HPLC category', 'hplc_categories', 'hplc_category_name', {
    width: 130,
    requiredWhen: ACTIVE_NICOTINE_GOOD,
  }),
  // decision: flashpoint classes are a parameter family until Lab receiving declares its own.
  ...refWithLabel(
    'flashpoint_class_id',
    'Flashpoint class',
    'parameters',
    'flashpoint_class_name',
    { width: 130, hidden: true, parameterType: 'flashpoint_class' },
  ),
  {
    name: 'shelf_life_days',
    label: 'Shelf life (days)',
    kind: 'number',
    precision: 0,
    min: 0,
    hidden: true,
  },
  {
    name: 'reorder_point',
    unitField: 'measure_code',
    defaultValue: 0,
    label: 'Reorder point',
    kind: 'number',
    precision: 3,
    min: 0,
    width: 120,
  },
  {
    name: 'reorder_qty',
    unitField: 'measure_code',
    defaultValue: 0,
    label: 'Reorder qty',
    kind: 'number',
    precision: 3,
    min: 0,
    width: 110,
    hidden: true,
  },
  {
    name: 'lead_time_days',
    label: 'Lead time (days)',
    kind: 'number',
    precision: 0,
    min: 0,
    hidden: true,
  },
  {
    name: 'standard_cost',
    price: true,
    defaultValue: 0,
    label: 'Standard cost',
    kind: 'number',
    precision: 4,
    min: 0,
    width: 120,
  },
  {
    name: 'is_lot_tracked',
    label: 'Lot tracked',
    kind: 'boolean',
    defaultValue: true,
    width: 100,
    hidden: true,
  },
  {
    name: 'status',
    defaultValue: 'active',
    label: 'Status',
    kind: 'enum',
    enumValues: PRODUCT_STATUSES,
    tag: true,
    width: 140,
  },
]);

export const PRODUCTS = declareEntity({
  name: 'products',
  label: 'Product',
  pluralLabel: 'Products',
  api: '/api/inventory/products',
  area: 'inventory',
  channel: 'private-inventory.products',
  event: 'product',
  labelField: 'sku',
  searchable: {
    fields: ['sku', 'name', 'upc'],
    page: '/inventory/products',
    form: '/inventory/products',
  },
  defaultSort: { field: 'sku', direction: 'asc' },
  fields: PRODUCT_FIELDS,
});

export type ProductRow = RowOf<typeof PRODUCTS>;

/** A row the generic entity code read as a product. */
export const productRow = (row: EntityRow): ProductRow => rowOf(PRODUCTS, row);
