import { declareEntity } from '../../entity/entity-declaration.ts';
import { ACTIVE_FIELD, CODE_FIELD, NAME_FIELD, refWithLabel } from '../../entity/shared-fields.ts';

export const CATEGORIES = declareEntity({
  name: 'categories',
  label: 'Category',
  pluralLabel: 'Categories',
  api: '/api/inventory/categories',
  area: 'inventory',
  channel: 'private-inventory.categories',
  event: 'category',
  labelField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: [
    CODE_FIELD,
    NAME_FIELD,
    ...refWithLabel('parent_id', 'Parent category', 'categories', 'parent_name'),
    ACTIVE_FIELD,
  ],
});
