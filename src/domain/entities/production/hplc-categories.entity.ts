import { declareEntity } from '../../entity/entity-declaration.ts';
import type { EntityField } from '../../entity/entity-field.ts';

const rangeField = <const N extends string>(name: N, label: string): EntityField<N, 'number'> => ({
  name,
  label,
  kind: 'number',
  required: true,
  precision: 2,
  min: 0,
  max: 1000,
  width: 170,
});

/**
 * HPLC categories (docs/domain/production.md §3.1): the kind of nicotine test a product gets.
 * Products point at one; its min/max ranges (`/api/production/hplc_ranges`, edited here) judge each
 * result.
 */
export const HPLC_CATEGORIES = declareEntity({
  name: 'hplc_categories',
  label: 'HPLC category',
  pluralLabel: 'HPLC categories',
  api: '/api/production/hplc_categories',
  area: 'production_main',
  channel: 'private-production.hplc-categories',
  event: 'hplc_category',
  labelField: 'name',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 30, width: 140 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 80, width: 260 },
    // Kept in hplc_ranges (type 1 and 2) and written with the category; min < max.
    rangeField('min_pct', 'Min % of claim'),
    rangeField('max_pct', 'Max % of claim'),
  ],
});
