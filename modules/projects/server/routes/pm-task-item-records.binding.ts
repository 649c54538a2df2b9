import { sql } from 'drizzle-orm';
import { PM_TASK_ITEM_RECORDS } from '../../shared/entities/pm-task-item-records.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import { pmTaskItemRecords } from '../db/projects.schema.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import { qualified, type EntityBinding } from '../../../../server/http/entity/entity-binding.ts';
import { createdLabels } from '../../../../server/http/entity/shared-field-labels.ts';
import { openParents, projectClosed } from './project-of.ts';

// Hours logged against a task item: the declaration bounds them (more than 0, at most 24, two
// decimals), the table's CHECK holds the same; a closed project takes no more hours.

export const pmTaskItemRecordsBinding: EntityBinding = {
  entity: PM_TASK_ITEM_RECORDS,
  table: pmTaskItemRecords,
  computed: {
    task_item_title: sql<string>`(select i.title from pm_task_items i
      where i.id = ${qualified(pmTaskItemRecords.taskItemId)})`,
    file_count: sql<number>`(select count(*)::int from pm_task_item_record_attachments a
      where a.pm_task_item_record_id = ${qualified(pmTaskItemRecords.id)})`,
    ...createdLabels(pmTaskItemRecords.createdBy),
    project_closed: projectClosed(
      sql`(select t.project_id from pm_task_items i join pm_tasks t on t.id = i.task_id
        where i.id = ${qualified(pmTaskItemRecords.taskItemId)})`,
    ),
  },
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      if (
        before &&
        values.task_item_id !== undefined &&
        values.task_item_id !== before.task_item_id
      ) {
        throw ruleError('task_item_id', 'A time record stays on the item it was logged against');
      }
      // The row's item once written; a new record's, as sent.
      const item = before
        ? rowOf(PM_TASK_ITEM_RECORDS, before).task_item_id
        : Number(values.task_item_id);
      await openParents(tx, { item }, before ? 'hours' : 'task_item_id');
    },
    beforeDelete: async ({ tx, before }) => {
      await openParents(tx, { item: rowOf(PM_TASK_ITEM_RECORDS, before).task_item_id }, 'hours');
    },
  },
};
