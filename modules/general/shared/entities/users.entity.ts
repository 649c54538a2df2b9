import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import type { RowOf } from '../../../../src/domain/entity/row-of.ts';
import { MODULE_LABELS } from '../../../../src/domain/module-labels.ts';
import { MODULES } from '../../../../src/domain/modules.ts';
import { ROLES } from '../../../../src/domain/roles.ts';
import { roleLabel } from '../../../../src/domain/role-labels.ts';

// Users are read through the entity pattern (list, changes, export) but written by their own
// routes (server/http/routes/users.routes.ts): a password is hashed and never read back, roles
// and modules live in their own tables, and an administrator may not lock themselves out.
// Company and time zone are shown, not edited here: a new user takes the administrator's
// company and the company time zone, and each person sets their own zone in the profile.

/** The list's role filter of docs/product.md §3 (`?role=`), next to the table filter. */
export const USER_LIST_ROLES = ['admin', 'director', 'batcher'] as const;

export const USERS = declareEntity({
  name: 'users',
  label: 'User',
  pluralLabel: 'Users',
  api: '/api/general/users',
  area: 'general',
  channel: 'private-general.users',
  event: 'user',
  labelField: 'username',
  defaultSort: { field: 'username', direction: 'asc' },
  fields: [
    {
      name: 'username',
      label: 'Username',
      kind: 'text',
      required: true,
      maxLength: 60,
      width: 160,
    },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 120, width: 200 },
    { name: 'email', label: 'Email', kind: 'text', maxLength: 190, width: 220 },
    {
      name: 'roles',
      label: 'Roles',
      kind: 'multi',
      required: true,
      enumValues: ROLES,
      valueLabels: Object.fromEntries(ROLES.map((r) => [r, roleLabel(r)])),
      width: 260,
    },
    {
      name: 'modules',
      label: 'Modules',
      kind: 'multi',
      enumValues: MODULES,
      valueLabels: MODULE_LABELS,
      width: 260,
    },
    { name: 'active', label: 'Active', kind: 'boolean', defaultValue: true, width: 110 },
    {
      name: 'last_login_at',
      label: 'Last sign-in',
      kind: 'datetime',
      readOnly: true,
      listOnly: true,
      width: 170,
    },
    {
      name: 'company',
      label: 'Company',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
    {
      name: 'timezone',
      label: 'Time zone',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
    {
      name: 'is_demo',
      label: 'Demo',
      kind: 'boolean',
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
  ],
});

export type UserRow = RowOf<typeof USERS>;
