import { declareEntity } from '../../entity/entity-declaration.ts';
import { listText } from '../../entity/entity-field.ts';
import { refWithLabel } from '../../entity/shared-fields.ts';
import { DC_LOCATION_ACTIONS } from './distribution-center-values.ts';

// Distribution centers (docs/domain/production.md §3.3): which bins of a DC hold a product, at most
// one of them primary, and the log the server writes on every change.

const CHANNEL = 'private-production.warehouse-locations';

const readText = <const N extends string>(name: N, label: string, width = 150) =>
  listText(name, label, { width });

export const WAREHOUSE_PRODUCT_LOCATIONS = declareEntity({
  name: 'warehouse_product_locations',
  label: 'Product location',
  pluralLabel: 'Warehouse product locations',
  api: '/api/production/warehouse_product_locations',
  area: 'warehouse_product_locations',
  channel: CHANNEL,
  event: 'warehouse_location',
  labelField: 'product_sku',
  defaultSort: { field: 'product_sku', direction: 'asc' },
  fields: [
    ...refWithLabel('location_id', 'Distribution center', 'locations', 'location_name', {
      required: true,
      width: 200,
    }),
    ...refWithLabel('product_id', 'Product', 'products', 'product_sku', {
      required: true,
      width: 150,
    }),
    readText('product_name', 'Product name', 240),
    ...refWithLabel('bin_id', 'Bin', 'bins', 'bin_code', { required: true, width: 110 }),
    { name: 'is_primary', label: 'Primary', kind: 'boolean', defaultValue: false, width: 100 },
    {
      name: 'min_units',
      label: 'Min units',
      kind: 'number',
      precision: 0,
      min: 0,
      defaultValue: 0,
      width: 110,
    },
    {
      name: 'max_units',
      label: 'Max units',
      kind: 'number',
      precision: 0,
      min: 0,
      defaultValue: 0,
      width: 110,
    },
  ],
});

/** The locations log (and its report): filter by date, DC, product and user. */
export const WAREHOUSE_LOCATION_LOGS = declareEntity({
  name: 'warehouse_product_location_logs',
  label: 'Location log',
  pluralLabel: 'Locations logs',
  api: '/api/production/warehouse_product_location_logs',
  area: 'warehouse_product_locations',
  channel: CHANNEL,
  event: 'warehouse_location',
  labelField: 'product_sku',
  defaultSort: { field: 'created_at', direction: 'desc' },
  writable: false,
  fields: [
    { name: 'created_at', label: 'Date', kind: 'datetime', readOnly: true, width: 170 },
    ...refWithLabel('location_id', 'Distribution center', 'locations', 'location_name', {
      width: 200,
    }),
    ...refWithLabel('product_id', 'Product', 'products', 'product_sku', { width: 150 }),
    readText('product_name', 'Product name', 220),
    {
      name: 'action',
      label: 'Action',
      kind: 'enum',
      enumValues: DC_LOCATION_ACTIONS,
      tag: true,
      readOnly: true,
      width: 140,
    },
    readText('old_bin_code', 'Old bin', 100),
    readText('new_bin_code', 'New bin', 100),
    { name: 'note', label: 'Note', kind: 'text', readOnly: true, width: 200 },
    ...refWithLabel('created_by', 'User', 'users', 'created_by_name', { width: 150 }),
  ],
});

export const DUPLICATE_KINDS = ['shared_bin', 'several_primaries'] as const;

/**
 * duplicated-warehouse-locations: the product locations of a bin holding more than one
 * product in its DC, and of a product with more than one primary bin in a DC.
 */
export const DUPLICATED_WAREHOUSE_LOCATIONS = declareEntity({
  ...WAREHOUSE_PRODUCT_LOCATIONS,
  name: 'duplicated_warehouse_locations',
  label: 'Duplicated location',
  pluralLabel: 'Duplicated warehouse locations',
  api: '/api/production/reports/duplicated-warehouse-locations',
  writable: false,
  defaultSort: { field: 'bin_code', direction: 'asc' },
  fields: [
    {
      name: 'duplicate_kind',
      label: 'Problem',
      kind: 'enum',
      enumValues: DUPLICATE_KINDS,
      valueLabels: {
        shared_bin: 'Bin holds several products',
        several_primaries: 'Several primary bins',
      },
      tag: true,
      readOnly: true,
      width: 200,
    },
    ...WAREHOUSE_PRODUCT_LOCATIONS.fields.map((f) => ({ ...f, readOnly: true })),
    {
      name: 'products_in_bin',
      label: 'Products in bin',
      kind: 'number',
      precision: 0,
      readOnly: true,
      width: 130,
    },
    {
      name: 'primary_count',
      label: 'Primary bins',
      kind: 'number',
      precision: 0,
      readOnly: true,
      width: 120,
    },
  ],
});
