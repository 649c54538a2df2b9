import { sql } from 'drizzle-orm';
import { PM_TASK_ITEMS } from '../../shared/entities/pm-task-items.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import { CLOSED_TASK_STATUSES } from '../../shared/entities/project-values.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { refreshTaskProgress } from '../db/task-progress.ts';
import { pmTaskItems } from '../db/projects.schema.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import { qualified, type EntityBinding } from '../../../../server/http/entity/entity-binding.ts';
import { openParents, projectClosed } from './project-of.ts';
import { statusWords } from '../../../../src/domain/status-tags.ts';

// A task's items on the entity pattern: added, renamed and removed while the task is open;
// ticked through their own events (pm-task-item-events.routes.ts). Every add or removal
// writes the task's progress again in the same transaction.

async function openTask(tx: Tx, taskId: number, field: string): Promise<void> {
  const parents = await openParents(tx, { task: taskId }, field);
  if (parents.task_status && CLOSED_TASK_STATUSES.includes(parents.task_status)) {
    throw ruleError(
      field,
      `The task is ${statusWords(parents.task_status)}: reopen it to change its items`,
    );
  }
}

export const pmTaskItemsBinding: EntityBinding = {
  entity: PM_TASK_ITEMS,
  table: pmTaskItems,
  computed: {
    task_title: sql<string>`(select t.title from pm_tasks t where t.id = ${qualified(pmTaskItems.taskId)})`,
    assignee_name: sql<
      string | null
    >`(select u.name from users u where u.id = ${qualified(pmTaskItems.assigneeId)})`,
    hours: sql<number>`(select coalesce(sum(r.hours), 0)::float8 from pm_task_item_records r
      where r.task_item_id = ${qualified(pmTaskItems.id)})`.mapWith(Number),
    task_closed: sql<boolean>`exists (select 1 from pm_tasks t
      where t.id = ${qualified(pmTaskItems.taskId)} and t.status in ('done', 'cancelled'))`,
    project_closed: projectClosed(
      sql`(select t.project_id from pm_tasks t where t.id = ${qualified(pmTaskItems.taskId)})`,
    ),
  },
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      if (before && values.task_id !== undefined && values.task_id !== before.task_id) {
        throw ruleError('task_id', 'An item stays in the task it was created in');
      }
      const taskId = before ? rowOf(PM_TASK_ITEMS, before).task_id : Number(values.task_id);
      await openTask(tx, taskId, before ? 'status' : 'task_id');
    },
    afterWrite: async ({ tx, before, after }) => {
      if (!before) await refreshTaskProgress(tx, rowOf(PM_TASK_ITEMS, after).task_id);
    },
    beforeDelete: async ({ tx, before }) => {
      const { task_id: taskId, id } = rowOf(PM_TASK_ITEMS, before);
      await openTask(tx, taskId, 'status');
      await refreshTaskProgress(tx, taskId, id);
    },
  },
};
