import { sql } from 'drizzle-orm';
import { PM_TASKS } from '../../shared/entities/pm-tasks.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import { pmTasks } from '../db/projects.schema.ts';
import { plantToday } from '../../../../server/db/plant-time.ts';
import { ApiError, ruleError } from '../../../../server/errors/api-error.ts';
import { qualified, type EntityBinding } from '../../../../server/http/entity/entity-binding.ts';
import { lockResources, pmProjectKey } from '../../../../server/db/resource-locks.ts';
import { openParents, projectClosed } from './project-of.ts';
import {
  checkDependencies,
  dependsOnBody,
  dependsOnSql,
  writeDependencies,
} from './task-dependencies.ts';

// A project's tasks on the entity pattern: written under an open project and never moved to
// another, deleted only while still to do. Overdue = not finished and past its due day. Its
// finish-to-start predecessors (`depends_on`) travel with the task's own versioned update and
// are checked with its dates (task-dependencies.ts).

const id = qualified(pmTasks.id);
const userName = (column: typeof pmTasks.assigneeId) =>
  sql<string | null>`(select u.name from users u where u.id = ${qualified(column)})`;

export const pmTasksBinding: EntityBinding = {
  entity: PM_TASKS,
  table: pmTasks,
  computed: {
    project_name: sql<string>`(select p.name from pm_projects p where p.id = ${qualified(pmTasks.projectId)})`,
    assignee_name: userName(pmTasks.assigneeId),
    items_total: sql<number>`(select count(*)::int from pm_task_items x where x.task_id = ${id})`,
    overdue: sql<boolean>`(${qualified(pmTasks.status)} not in ('done', 'cancelled')
      and ${qualified(pmTasks.dueDate)} < ${plantToday})`,
    open_items: sql<number>`(select count(*)::int from pm_task_items x where x.task_id = ${id}
      and x.status = 'open')`,
    project_closed: projectClosed(qualified(pmTasks.projectId)),
    depends_on: dependsOnSql(id),
  },
  extraBody: dependsOnBody,
  hooks: {
    beforeWrite: async ({ tx, values, before: row }) => {
      const before = row && rowOf(PM_TASKS, row);
      if (before && values.project_id !== undefined && values.project_id !== before.project_id) {
        throw ruleError('project_id', 'A task stays in the project it was created in');
      }
      // The row's project once written; a new task's, as sent.
      const projectId = before ? before.project_id : Number(values.project_id);
      await openParents(tx, { project: projectId }, before ? 'status' : 'project_id');
      if (before?.status === 'cancelled')
        throw ruleError('status', 'A cancelled task cannot be edited');
      const merged = { ...(before ?? {}), ...values };
      if (String(merged.due_date) < String(merged.start_date)) {
        throw ruleError('due_date', 'The task is due on or after its start');
      }
      // The project's tasks' links and dates are read and written in turns (no half cycles);
      // the task's own row first, as its workflow events take them, so the two never deadlock.
      if (before) await tx.execute(sql`select 1 from pm_tasks where id = ${before.id} for update`);
      await lockResources(tx, [pmProjectKey(projectId)]);
      const datesMoved =
        !before ||
        String(merged.start_date) !== before.start_date ||
        String(merged.due_date) !== before.due_date;
      await checkDependencies(tx, {
        id: before?.id ?? null,
        projectId,
        start_date: String(merged.start_date),
        due_date: String(merged.due_date),
        dependsOn: values.depends_on as number[] | undefined,
        datesMoved,
      });
    },
    afterWrite: async ({ tx, values, after }) => {
      if (values.depends_on === undefined) return;
      await writeDependencies(tx, after.id, [...new Set(values.depends_on as number[])]);
    },
    beforeDelete: async ({ before }) => {
      if (before.status !== 'todo') throw new ApiError('database_delete_7', null, 409);
    },
  },
};
