import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import type { RowOf } from '../../../../src/domain/entity/row-of.ts';
import { workflowFact } from '../../../../src/domain/entities/document-fields.ts';
import { createdFields, noteField } from '../../../../src/domain/entity/shared-fields.ts';
import { PROJECTS_CHANNEL, RECORD_HOURS } from './project-values.ts';

// Hours logged against a task item (docs/domain/projects.md §9): a day and up to 24 hours of it,
// with a note and the files attached to it (record-files.ts).

export const PM_TASK_ITEM_RECORDS = declareEntity({
  name: 'pm_task_item_records',
  label: 'Time record',
  pluralLabel: 'Time records',
  api: '/api/projects/task-item-records',
  area: 'projects',
  channel: PROJECTS_CHANNEL,
  event: 'task_item_record',
  labelField: 'record_date',
  defaultSort: { field: 'record_date', direction: 'desc' },
  fields: [
    {
      name: 'task_item_id',
      label: 'Task item',
      kind: 'ref',
      ref: { entity: 'pm_task_items', labelField: 'task_item_title' },
      required: true,
      hidden: true,
      ownInput: true,
    },
    {
      name: 'task_item_title',
      label: 'Task item',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
    {
      name: 'record_date',
      label: 'Date',
      kind: 'date',
      required: true,
      defaultToday: true,
      width: 120,
    },
    {
      name: 'hours',
      label: 'Hours',
      kind: 'number',
      precision: 2,
      required: true,
      min: RECORD_HOURS.min,
      max: RECORD_HOURS.max,
      width: 100,
    },
    { ...noteField, hidden: false, width: 320 },
    {
      // How many files are attached (record-files.ts): the drawer lists them.
      name: 'file_count',
      label: 'Files',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 80,
    },
    ...createdFields,
    // The screen offers attaching and removing files only while this is false.
    workflowFact('project_closed', 'Its project is completed or cancelled'),
  ],
});

/** A time record as its list and drawer read it. */
export type TaskItemRecordRow = RowOf<typeof PM_TASK_ITEM_RECORDS>;
