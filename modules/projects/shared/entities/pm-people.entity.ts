import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import { PROJECTS_CHANNEL } from './project-values.ts';

/**
 * Who can own a project or be given a task or item: the active users. A lookup of users for
 * Project Management's pickers, which the users list (admin only) cannot serve.
 */
export const PM_PEOPLE = declareEntity({
  name: 'pm_people',
  label: 'Person',
  pluralLabel: 'People',
  api: '/api/projects/people',
  area: 'projects',
  channel: PROJECTS_CHANNEL,
  event: 'pm_person',
  labelField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  writable: false,
  fields: [
    { name: 'name', label: 'Name', kind: 'text', readOnly: true, width: 200 },
    { name: 'username', label: 'Username', kind: 'text', readOnly: true, width: 160 },
  ],
});
