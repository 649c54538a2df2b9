import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import type { RowOf } from '../../../../src/domain/entity/row-of.ts';
import { refWithLabel, statusField } from '../../../../src/domain/entity/shared-fields.ts';
import { workflowFact } from '../../../../src/domain/entities/document-fields.ts';
import { PROJECTS_CHANNEL, TASK_PRIORITIES, TASK_STATUSES } from './project-values.ts';

// A project's tasks (docs/domain/projects.md §9): who does it, from when to when, how urgent, in
// which order; todo → in_progress ⇄ blocked → done (reopen) | cancelled. Progress is the share of
// its items ticked done, kept by the server whenever an item changes. A task may wait for others
// of its project (finish-to-start): it starts no earlier than their due days.

export const PM_TASKS = declareEntity({
  name: 'pm_tasks',
  label: 'Task',
  pluralLabel: 'Tasks',
  api: '/api/projects/tasks',
  area: 'projects',
  channel: PROJECTS_CHANNEL,
  event: 'task',
  labelField: 'title',
  defaultSort: { field: 'sort', direction: 'asc' },
  fields: [
    // Set by the project's page the task is created on, never picked.
    {
      name: 'project_id',
      label: 'Project',
      kind: 'ref',
      ref: { entity: 'pm_projects', labelField: 'project_name' },
      required: true,
      hidden: true,
      ownInput: true,
    },
    {
      name: 'project_name',
      label: 'Project',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
    { name: 'title', label: 'Title', kind: 'text', required: true, maxLength: 200, width: 220 },
    ...refWithLabel('assignee_id', 'Assignee', 'pm_people', 'assignee_name', { width: 150 }),
    {
      name: 'start_date',
      label: 'Starts',
      kind: 'date',
      required: true,
      defaultToday: true,
      width: 115,
    },
    { name: 'due_date', label: 'Due', kind: 'date', required: true, width: 115 },
    statusField(TASK_STATUSES),
    {
      name: 'progress_pct',
      label: 'Progress %',
      kind: 'number',
      progress: true,
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 150,
    },
    {
      name: 'items_total',
      label: 'Items',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 80,
    },
    {
      name: 'overdue',
      label: 'Overdue',
      kind: 'boolean',
      alert: 'Overdue',
      readOnly: true,
      listOnly: true,
      width: 100,
    },
    {
      name: 'priority',
      label: 'Priority',
      kind: 'enum',
      enumValues: TASK_PRIORITIES,
      defaultValue: 'normal',
      width: 100,
    },
    {
      name: 'sort',
      label: 'Order',
      kind: 'number',
      precision: 0,
      min: 0,
      max: 9999,
      defaultValue: 0,
      width: 80,
    },
    // The ids of the tasks of the same project this one waits for (finish-to-start), written
    // with the task's update as `depends_on` and drawn as the timeline's arrows.
    {
      name: 'depends_on',
      label: 'Depends on',
      kind: 'json',
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
    workflowFact('open_items', 'Items not yet done'),
    workflowFact('project_closed', 'Its project is completed or cancelled'),
  ],
});

/** A task as its list, form and timeline read it. */
export type TaskRow = RowOf<typeof PM_TASKS>;
