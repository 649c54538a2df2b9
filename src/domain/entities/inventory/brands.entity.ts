import { declareEntity } from '../../entity/entity-declaration.ts';
import { ACTIVE_FIELD, CODE_FIELD, NAME_FIELD } from '../../entity/shared-fields.ts';

export const BRANDS = declareEntity({
  name: 'brands',
  label: 'Brand',
  pluralLabel: 'Brands',
  api: '/api/inventory/brands',
  area: 'inventory',
  channel: 'private-inventory.brands',
  event: 'brand',
  labelField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: [CODE_FIELD, NAME_FIELD, ACTIVE_FIELD],
});
