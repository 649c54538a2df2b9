import type { EntityField } from '../../entity/entity-field.ts';

// Fields the stock documents and reports share, declared once so every grid shows a product,
// a location, a lot or a bin the same way: the id (filter by option) and its label column.

function refPair(
  name: string,
  label: string,
  entity: string,
  labelField: string,
  width: number,
  required: boolean,
): EntityField[] {
  return [
    {
      name,
      label,
      kind: 'ref',
      ref: { entity, labelField },
      hidden: true,
      ...(required ? { required: true } : {}),
    },
    { name: labelField, label, kind: 'text', readOnly: true, listOnly: true, width },
  ];
}

export const productFields = (required = true): EntityField[] => [
  ...refPair('product_id', 'Product', 'products', 'product_sku', 140, required),
  {
    name: 'product_name',
    label: 'Product name',
    kind: 'text',
    readOnly: true,
    listOnly: true,
    width: 220,
  },
];

export const locationFields = (name = 'location_id', label = 'Location', required = true) =>
  refPair(name, label, 'locations', name.replace(/_id$/, '_name'), 160, required);

/**
 * A line's lot; given the header field naming where the stock is taken from, its picker
 * offers only the line product's lots on hand there (FEFO), as the server accepts them.
 */
export const lotFields = (takenFrom?: string): EntityField[] => {
  const [lot, label] = refPair('lot_id', 'Lot', 'stock_lots', 'lot_no', 120, false);
  return [
    takenFrom
      ? { ...lot!, width: 260, lotAt: { product: 'product_id', location: takenFrom } }
      : lot!,
    label!,
  ];
};

export const binFields = (name = 'bin_id', label = 'Bin'): EntityField[] =>
  refPair(name, label, 'bins', name.replace(/_id$/, '_code'), 100, false);

export const numberField = (name: string, label: string): EntityField => ({
  name,
  label,
  kind: 'text',
  readOnly: true,
  width: 120,
});

/** The column a row carries its product's unit of measure in ('ea', 'ml'), when it does. */
export const MEASURE_CODE = 'measure_code';

/** A quantity in the product's unit: shown with that unit's decimals when the row names it. */
export const qtyField = (
  name: string,
  label: string,
  extra: Partial<EntityField> = {},
): EntityField => ({
  name,
  label,
  kind: 'number',
  precision: 3,
  unitField: MEASURE_CODE,
  width: 110,
  ...extra,
});

export const statusField = (values: readonly string[]): EntityField => ({
  name: 'status',
  label: 'Status',
  kind: 'enum',
  enumValues: values,
  tag: true,
  readOnly: true,
  width: 130,
});

export const noteField: EntityField = {
  name: 'note',
  label: 'Note',
  kind: 'textarea',
  maxLength: 500,
  hidden: true,
};

export const createdFields: EntityField[] = [
  {
    name: 'created_at',
    label: 'Created',
    kind: 'datetime',
    readOnly: true,
    listOnly: true,
    width: 160,
  },
  {
    name: 'created_by_name',
    label: 'Created by',
    kind: 'text',
    readOnly: true,
    listOnly: true,
    width: 140,
  },
];

/** Product master filters every stock report offers (docs/domain/inventory.md §2 "Reports"). */
export const productFilterFields = (): EntityField[] => [
  ...refPair('category_id', 'Category', 'categories', 'category_name', 140, false).map((f) => ({
    ...f,
    hidden: true,
    readOnly: true,
  })),
  ...refPair('brand_id', 'Brand', 'brands', 'brand_name', 140, false).map((f) => ({
    ...f,
    hidden: true,
    readOnly: true,
  })),
  ...refPair('family_id', 'Family', 'product_families', 'family_name', 160, false).map((f) => ({
    ...f,
    hidden: true,
    readOnly: true,
  })),
];

/** A read-only quantity column of a report. */
export const reportQty = (name: string, label: string, width = 110): EntityField => ({
  name,
  label,
  kind: 'number',
  precision: 3,
  unitField: MEASURE_CODE,
  readOnly: true,
  listOnly: true,
  width,
});
