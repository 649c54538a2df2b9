import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';

export const GL_ACCOUNT_TYPE_VALUES = [
  'asset',
  'liability',
  'equity',
  'revenue',
  'cogs',
  'expense',
] as const;

/** The chart of accounts: header accounts group postable ones of the same type. */
export const GL_ACCOUNTS = declareEntity({
  name: 'gl_accounts',
  label: 'GL account',
  pluralLabel: 'Chart of accounts',
  api: '/api/general/gl_accounts',
  area: 'general',
  channel: 'private-general.gl_accounts',
  event: 'gl_account',
  labelField: 'name',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 20, width: 110 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 120, width: 260 },
    {
      name: 'type',
      label: 'Type',
      kind: 'enum',
      required: true,
      enumValues: GL_ACCOUNT_TYPE_VALUES,
      tag: true,
      width: 120,
    },
    {
      name: 'parent_id',
      label: 'Parent',
      kind: 'ref',
      ref: { entity: 'gl_accounts', labelField: 'parent_name' },
      hidden: true,
    },
    {
      name: 'parent_name',
      label: 'Parent',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 220,
    },
    { name: 'is_postable', label: 'Postable', kind: 'boolean', defaultValue: true, width: 100 },
    { name: 'active', label: 'Active', kind: 'boolean', defaultValue: true, width: 100 },
  ],
});
