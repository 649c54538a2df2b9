import { declareEntity } from '../../entity/entity-declaration.ts';
import { CART_STATUSES } from './production-values.ts';

/**
 * Carts (docs/domain/production.md §3.1): what moves bottles between phases; the code is the QR
 * payload.
 */
export const CARTS = declareEntity({
  name: 'carts',
  label: 'Cart',
  pluralLabel: 'Carts',
  api: '/api/production/carts',
  area: 'production_main',
  // Picked in a modal of its own (transfer dashboard, QR labels), not a declared form.
  pickerAreas: ['production_qr_codes'],
  channel: 'private-production.carts',
  event: 'cart',
  labelField: 'code',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 30, width: 130 },
    {
      name: 'capacity_units',
      label: 'Capacity (units)',
      kind: 'number',
      precision: 0,
      min: 0,
      max: 1_000_000,
      defaultValue: 0,
      width: 140,
    },
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      enumValues: CART_STATUSES,
      defaultValue: 'available',
      tag: true,
      width: 140,
    },
  ],
});
