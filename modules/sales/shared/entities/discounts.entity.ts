import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import type { FieldRef } from '../../../../src/domain/entity/entity-field.ts';
import { statusField } from '../../../../src/domain/entity/shared-fields.ts';
import { DISCOUNT_STATUSES } from './discount-approval.ts';
import { DISCOUNT_KINDS, DISCOUNT_SCOPES } from './line-discounts.ts';

// Discounts (docs/domain/sales.md §6): percent or amount off each unit, for every line or one
// customer, product, family, brand or category (`scope_id` names which), from a minimum quantity,
// within dates, alone or stacked with others (line-discounts.ts). A percent over 100 is
// refused with `max` by the server (the field's own max would refuse amounts over 100 too).
// **decision**: sales orders pick their discounts themselves, every applicable active one.

export const DISCOUNT_SCOPE_LABELS: Readonly<Record<(typeof DISCOUNT_SCOPES)[number], string>> = {
  all: 'Every line',
  customer: 'Customer',
  product: 'Product',
  family: 'Product family',
  brand: 'Brand',
  category: 'Category',
};

/** The entity each scope names, for the scope's picker (`scope_name` reads its label). */
export const DISCOUNT_SCOPE_REFS: Readonly<Record<string, FieldRef>> = {
  customer: { entity: 'customers', labelField: 'scope_name' },
  product: { entity: 'products', labelField: 'scope_name' },
  family: { entity: 'product_families', labelField: 'scope_name' },
  brand: { entity: 'brands', labelField: 'scope_name' },
  category: { entity: 'categories', labelField: 'scope_name' },
};

export const DISCOUNTS = declareEntity({
  name: 'discounts',
  label: 'Discount',
  pluralLabel: 'Discounts',
  api: '/api/sales/discounts',
  area: 'sales_orders',
  writeArea: 'sale',
  channel: 'private-sales.discounts',
  event: 'discount',
  labelField: 'code',
  searchable: { fields: ['code', 'name'], page: '/discounts', form: '/discount' },
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 30, width: 130 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 120, width: 220 },
    {
      name: 'kind',
      label: 'Kind',
      kind: 'enum',
      required: true,
      enumValues: DISCOUNT_KINDS,
      defaultValue: 'percent',
      width: 110,
    },
    {
      name: 'value',
      label: 'Value (% or CAD per unit)',
      kind: 'number',
      precision: 4,
      min: 0,
      required: true,
      width: 130,
    },
    {
      name: 'scope',
      label: 'Applies to',
      kind: 'enum',
      required: true,
      enumValues: DISCOUNT_SCOPES,
      valueLabels: DISCOUNT_SCOPE_LABELS,
      defaultValue: 'all',
      width: 140,
    },
    {
      name: 'scope_id',
      label: 'Which one',
      kind: 'number',
      precision: 0,
      min: 1,
      identifier: true,
      hidden: true,
      width: 100,
      // Which customer, product, family, brand or category: picked among the rows of the
      // chosen scope (never a number to type); "every line" names none.
      requiredWhen: [{ field: 'scope', notEquals: 'all' }],
      refFollows: { field: 'scope', refs: DISCOUNT_SCOPE_REFS, labels: DISCOUNT_SCOPE_LABELS },
    },
    {
      name: 'scope_name',
      label: 'Scope',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 180,
    },
    {
      name: 'min_qty',
      label: 'From qty',
      kind: 'number',
      precision: 3,
      min: 0,
      defaultValue: 0,
      width: 100,
    },
    {
      name: 'valid_from',
      label: 'Valid from',
      kind: 'date',
      required: true,
      defaultToday: true,
      width: 120,
    },
    { name: 'valid_to', label: 'Valid to', kind: 'date', width: 120 },
    { name: 'stackable', label: 'Stackable', kind: 'boolean', defaultValue: false, width: 100 },
    { name: 'active', label: 'Active', kind: 'boolean', defaultValue: true, width: 90 },
    // Over the approval limit it waits for a manager (discount-approval.ts).
    statusField(DISCOUNT_STATUSES),
    // Who asked for it: the maker, who may not approve it (maker-checker).
    {
      name: 'submitted_by',
      label: 'Asked by',
      kind: 'number',
      precision: 0,
      identifier: true,
      readOnly: true,
      hidden: true,
    },
  ],
});
