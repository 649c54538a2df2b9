import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';

/** `inventory.asset`, `sales.revenue`, `tax.HST`…: a module, a dot, then what is posted. */
export const MAPPING_KEY = /^[a-z][a-z0-9_]*(\.[A-Za-z0-9_]+)+$/;

/**
 * Which account a business event posts to, optionally narrowed to a category and/or location
 * (an empty one means "any"). No journal is kept: the mappings feed an accounting export.
 */
export const ACCOUNT_MAPPINGS = declareEntity({
  name: 'account_mappings',
  label: 'Account mapping',
  pluralLabel: 'Account mappings',
  api: '/api/general/account_mappings',
  area: 'general',
  channel: 'private-general.account_mappings',
  event: 'account_mapping',
  labelField: 'mapping_key',
  defaultSort: { field: 'mapping_key', direction: 'asc' },
  fields: [
    { name: 'mapping_key', label: 'Key', kind: 'text', required: true, maxLength: 60, width: 200 },
    {
      name: 'category_id',
      label: 'Category',
      kind: 'ref',
      ref: { entity: 'categories', labelField: 'category_name' },
      hidden: true,
    },
    {
      name: 'category_name',
      label: 'Category',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 170,
    },
    {
      name: 'location_id',
      label: 'Location',
      kind: 'ref',
      ref: { entity: 'locations', labelField: 'location_name' },
      hidden: true,
    },
    {
      name: 'location_name',
      label: 'Location',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 170,
    },
    {
      name: 'gl_account_id',
      label: 'GL account',
      kind: 'ref',
      required: true,
      ref: { entity: 'gl_accounts', labelField: 'gl_account_name' },
      hidden: true,
    },
    {
      name: 'gl_account_name',
      label: 'GL account',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 260,
    },
  ],
});
