import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import { GL_ACCOUNT_TYPE_VALUES } from './gl-accounts.entity.ts';

/**
 * reports/chart-of-accounts-list: the account tree in code order with its depth, parent and
 * the mapping keys that post to each account. Read-only over gl_accounts; live on the same
 * channel as the chart of accounts.
 */
export const CHART_OF_ACCOUNTS_LIST = declareEntity({
  name: 'chart_of_accounts_list',
  label: 'Account',
  pluralLabel: 'Chart of accounts list',
  api: '/api/general/reports/chart-of-accounts-list',
  area: 'general',
  channel: 'private-general.gl_accounts',
  event: 'gl_account',
  labelField: 'name',
  defaultSort: { field: 'code', direction: 'asc' },
  writable: false,
  fields: [
    { name: 'code', label: 'Code', kind: 'text', readOnly: true, width: 110 },
    { name: 'name', label: 'Name', kind: 'text', readOnly: true, width: 260 },
    {
      name: 'type',
      label: 'Type',
      kind: 'enum',
      enumValues: GL_ACCOUNT_TYPE_VALUES,
      tag: true,
      readOnly: true,
      width: 120,
    },
    {
      name: 'depth',
      label: 'Level',
      kind: 'number',
      precision: 0,
      readOnly: true,
      width: 80,
      hidden: true,
    },
    { name: 'parent_code', label: 'Parent', kind: 'text', readOnly: true, width: 110 },
    { name: 'is_postable', label: 'Postable', kind: 'boolean', readOnly: true, width: 100 },
    { name: 'active', label: 'Active', kind: 'boolean', readOnly: true, width: 100 },
    { name: 'mapped_keys', label: 'Mapped keys', kind: 'text', readOnly: true, width: 300 },
  ],
});
