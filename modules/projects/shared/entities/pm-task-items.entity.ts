import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import type { RowOf } from '../../../../src/domain/entity/row-of.ts';
import { workflowFact } from '../../../../src/domain/entities/document-fields.ts';
import { refWithLabel, statusField } from '../../../../src/domain/entity/shared-fields.ts';
import { PROJECTS_CHANNEL, TASK_ITEM_STATUSES } from './project-values.ts';

// A task's checklist (docs/domain/projects.md §9): items ticked done (done_at stamped) or back to
// open through their own events, so the task's progress moves with them.

export const PM_TASK_ITEMS = declareEntity({
  name: 'pm_task_items',
  label: 'Task item',
  pluralLabel: 'Task items',
  api: '/api/projects/task-items',
  area: 'projects',
  channel: PROJECTS_CHANNEL,
  event: 'task_item',
  labelField: 'title',
  defaultSort: { field: 'id', direction: 'asc' },
  fields: [
    {
      name: 'task_id',
      label: 'Task',
      kind: 'ref',
      ref: { entity: 'pm_tasks', labelField: 'task_title' },
      required: true,
      hidden: true,
      ownInput: true,
    },
    {
      name: 'task_title',
      label: 'Task',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
    { name: 'title', label: 'Item', kind: 'text', required: true, maxLength: 200, width: 280 },
    ...refWithLabel('assignee_id', 'Assignee', 'pm_people', 'assignee_name', { width: 150 }),
    { name: 'due_date', label: 'Due', kind: 'date', width: 115 },
    statusField(TASK_ITEM_STATUSES),
    { name: 'done_at', label: 'Done at', kind: 'datetime', readOnly: true, width: 160 },
    {
      name: 'hours',
      label: 'Hours',
      kind: 'number',
      precision: 2,
      readOnly: true,
      listOnly: true,
      width: 90,
    },
    workflowFact('task_closed', 'Its task is done or cancelled'),
    workflowFact('project_closed', 'Its project is completed or cancelled'),
  ],
});

/** A task item as its checklist reads it. */
export type TaskItemRow = RowOf<typeof PM_TASK_ITEMS>;
