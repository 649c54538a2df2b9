import { declareEntity } from '../../entity/entity-declaration.ts';
import { ACTIVE_FIELD, CODE_FIELD, NAME_FIELD } from '../../entity/shared-fields.ts';

export const FLAVORS = declareEntity({
  name: 'flavors',
  label: 'Flavour',
  pluralLabel: 'Flavours',
  api: '/api/inventory/flavors',
  area: 'inventory',
  channel: 'private-inventory.flavors',
  event: 'flavor',
  labelField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: [CODE_FIELD, NAME_FIELD, ACTIVE_FIELD],
});
