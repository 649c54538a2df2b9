import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import type { RowOf } from '../../../../src/domain/entity/row-of.ts';
import { refWithLabel, statusField } from '../../../../src/domain/entity/shared-fields.ts';
import { workflowFact } from '../../../../src/domain/entities/document-fields.ts';
import { PROJECT_STATUSES, PROJECTS_CHANNEL } from './project-values.ts';

// Projects (docs/domain/projects.md §9): a PJ- numbered piece of work with an owner and a window,
// run through planned → active ⇄ on_hold → completed | cancelled. Edited until it is completed or
// cancelled; completed only when every task is done or cancelled.

export const PM_PROJECTS = declareEntity({
  name: 'pm_projects',
  label: 'Project',
  pluralLabel: 'Projects',
  api: '/api/projects/projects',
  area: 'projects',
  channel: PROJECTS_CHANNEL,
  event: 'project',
  labelField: 'name',
  searchable: { fields: ['number', 'name'], page: '/list-projects' },
  defaultSort: { field: 'due_date', direction: 'asc' },
  fields: [
    { name: 'number', label: 'Number', kind: 'text', readOnly: true, width: 110 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 160, width: 240 },
    ...refWithLabel('owner_id', 'Owner', 'pm_people', 'owner_name', { required: true, width: 150 }),
    {
      name: 'start_date',
      label: 'Starts',
      kind: 'date',
      required: true,
      defaultToday: true,
      width: 115,
    },
    { name: 'due_date', label: 'Due', kind: 'date', required: true, width: 115 },
    statusField(PROJECT_STATUSES),
    {
      name: 'tasks_total',
      label: 'Tasks',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 90,
    },
    {
      name: 'progress_pct',
      label: '% complete',
      kind: 'number',
      progress: true,
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 150,
    },
    {
      name: 'completed_on',
      label: 'Completed',
      kind: 'date',
      readOnly: true,
      hidden: true,
      width: 115,
    },
    { name: 'description', label: 'Description', kind: 'textarea', maxLength: 2000, hidden: true },
    workflowFact('open_tasks', 'Tasks neither done nor cancelled'),
  ],
});

/** A project as its list and form read it. */
export type ProjectRow = RowOf<typeof PM_PROJECTS>;
