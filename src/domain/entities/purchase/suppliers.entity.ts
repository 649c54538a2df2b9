import { declareEntity } from '../../entity/entity-declaration.ts';
import { declareFields } from '../../entity/entity-field.ts';
import type { LineItems } from '../../entity/line-fields.ts';
import { refWithLabel, productFields } from '../../entity/shared-fields.ts';

// Suppliers and what each sells us (docs/domain/purchase.md §5): the supplier's SKU, price, minimum
// order and lead time per product, one row per (supplier, product). The preferred row of a product
// is the supplier its low-stock suggestions go to.

export const SUPPLIERS = declareEntity({
  name: 'suppliers',
  label: 'Supplier',
  pluralLabel: 'Suppliers',
  api: '/api/purchase/suppliers',
  area: 'purchase',
  channel: 'private-purchase.suppliers',
  event: 'supplier',
  labelField: 'name',
  searchable: { fields: ['name', 'code'], page: '/suppliers', form: '/supplier' },
  defaultSort: { field: 'name', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 30, width: 120 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 120, width: 240 },
    ...refWithLabel('currency_id', 'Currency', 'currencies', 'currency_code', {
      required: true,
      width: 110,
    }),
    {
      name: 'payment_terms_days',
      label: 'Terms (days)',
      kind: 'number',
      precision: 0,
      min: 0,
      max: 365,
      defaultValue: 30,
      width: 120,
    },
    { name: 'street', label: 'Street', kind: 'text', maxLength: 160, width: 200, hidden: true },
    { name: 'city', label: 'City', kind: 'text', maxLength: 80, width: 130 },
    ...refWithLabel('province_id', 'Province/State', 'provinces', 'province_name', {
      width: 130,
    }),
    {
      name: 'postal_code',
      label: 'Postal/ZIP code',
      kind: 'text',
      maxLength: 20,
      width: 120,
      hidden: true,
    },
    // Outside Canada its orders carry no Canadian sales tax unless the buyer picks a setup.
    ...refWithLabel('country_id', 'Country', 'countries', 'country_name', { width: 110 }),
    { name: 'tax_number', label: 'Tax number', kind: 'text', maxLength: 40, width: 150 },
    { name: 'email', label: 'Email', kind: 'text', maxLength: 160, width: 200 },
    { name: 'phone', label: 'Phone', kind: 'text', maxLength: 40, width: 140, hidden: true },
    {
      name: 'lead_time_days',
      label: 'Lead time (days)',
      kind: 'number',
      precision: 0,
      min: 0,
      max: 365,
      defaultValue: 14,
      width: 130,
    },
    {
      name: 'products_count',
      label: 'Products',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 100,
    },
    { name: 'active', label: 'Active', kind: 'boolean', defaultValue: true, width: 100 },
  ],
});

/** A supplier's product as the supplier form's lines edit it and the server checks it. */
export const SUPPLIER_PRODUCT_FIELDS = declareFields([
  ...productFields(),
  { name: 'supplier_sku', label: 'Supplier SKU', kind: 'text', maxLength: 60, width: 140 },
  {
    name: 'unit_price',
    label: 'Unit price',
    kind: 'number',
    precision: 4,
    min: 0,
    required: true,
    width: 110,
  },
  { name: 'moq', label: 'MOQ', kind: 'number', precision: 3, min: 0, defaultValue: 0, width: 100 },
  {
    name: 'lead_time_days',
    label: 'Lead time (days)',
    kind: 'number',
    precision: 0,
    min: 0,
    max: 365,
    width: 130,
  },
  { name: 'preferred', label: 'Preferred', kind: 'boolean', defaultValue: false, width: 100 },
]);

/** The supplier products as rows of their own: the server's payload schema and label columns. */
export const SUPPLIER_PRODUCTS = declareEntity({
  name: 'supplier_products',
  label: 'Supplier product',
  pluralLabel: 'Supplier products',
  api: '/api/purchase/suppliers',
  area: 'purchase',
  channel: 'private-purchase.suppliers',
  event: 'supplier',
  labelField: 'product_sku',
  writable: false,
  fields: SUPPLIER_PRODUCT_FIELDS,
});

export const SUPPLIER_PRODUCT_LINES: LineItems = {
  name: 'products',
  label: 'Products',
  fields: SUPPLIER_PRODUCT_FIELDS,
};
