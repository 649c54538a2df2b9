import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';

/** The 36 roles of the access table: seeded, read-only, with how many users hold each. */
export const ROLES_LIST = declareEntity({
  name: 'roles',
  label: 'Role',
  pluralLabel: 'Roles',
  api: '/api/general/roles',
  area: 'general',
  channel: 'private-general.roles',
  event: 'role',
  labelField: 'name',
  defaultSort: { field: 'code', direction: 'asc' },
  writable: false,
  fields: [
    { name: 'code', label: 'Code', kind: 'text', readOnly: true, width: 200 },
    { name: 'name', label: 'Name', kind: 'text', readOnly: true, width: 240 },
    {
      name: 'users_count',
      label: 'Users',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 100,
    },
  ],
});
