import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { PM_PEOPLE } from '../shared/entities/pm-people.entity.ts';
import { PM_TASK_ITEMS } from '../shared/entities/pm-task-items.entity.ts';
import { PM_TASK_ITEM_RECORDS } from '../shared/entities/pm-task-item-records.entity.ts';
import { PM_TASKS } from '../shared/entities/pm-tasks.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { PROJECT_TRANSITIONS, projectMachine } from '../shared/machines/pm-project.machine.ts';
import { TASK_ITEM_TRANSITIONS, taskItemMachine } from '../shared/machines/pm-task-item.machine.ts';
import { TASK_TRANSITIONS, taskMachine } from '../shared/machines/pm-task.machine.ts';
import type { AppDeps } from '../../../server/app-deps.ts';
import { heldBy } from '../../../server/attachments/attachment-holder.ts';
import type { ServerModule } from '../../../server/server-modules.ts';
import { plantToday } from '../../../server/db/plant-time.ts';
import { refreshTaskProgress } from './db/task-progress.ts';
import { pmProjectKey } from '../../../server/db/resource-locks.ts';
import { pmTaskItems } from './db/projects.schema.ts';
import { users } from '../../../server/db/schema/users.ts';
import {
  lockRow,
  readOrFail,
  registerEntityRoutes,
} from '../../../server/http/entity/entity-routes.ts';
import { registerWorkflowEventRoute } from '../../../server/http/entity/workflow-event-route.ts';
import { pmProjectsBinding } from './routes/pm-projects.binding.ts';
import { registerRecordFileRoutes } from './routes/pm-record-files.routes.ts';
import { registerProjectReportRoutes } from './routes/pm-report.routes.ts';
import { pmTaskItemRecordsBinding } from './routes/pm-task-item-records.binding.ts';
import { pmTaskItemsBinding } from './routes/pm-task-items.binding.ts';
import { pmTasksBinding } from './routes/pm-tasks.binding.ts';
import { seedDemoProjects } from './demo-projects.ts';

// Project Management (docs/domain/projects.md §9), admin, director and manager: projects, their
// tasks, each task's items and the hours logged on them, the workflows of all three, and the
// projects report, and the files attached to a time record. Live on private-projects (project.*,
// task.*, task_item.*, task_item_record.*).

function registerProjectRoutes(app: FastifyInstance, deps: AppDeps): void {
  const projects = registerEntityRoutes(app, deps, pmProjectsBinding);
  const tasks = registerEntityRoutes(app, deps, pmTasksBinding);
  const items = registerEntityRoutes(app, deps, pmTaskItemsBinding);
  const records = registerEntityRoutes(app, deps, pmTaskItemRecordsBinding);
  registerRecordFileRoutes(app, deps, records);
  registerEntityRoutes(app, deps, {
    entity: PM_PEOPLE,
    table: users,
    where: eq(users.active, true),
  });

  registerWorkflowEventRoute(app, deps, {
    binding: projects,
    machine: projectMachine,
    table: PROJECT_TRANSITIONS,
    summary:
      'Send a project event (start, hold, resume, complete: every task done or cancelled; cancel with a reason); send the version you read',
    effect: ({ to }) => ({ completedOn: to === 'completed' ? sql`${plantToday}` : null }),
    resources: (project) => [pmProjectKey(project.id)],
  });

  registerWorkflowEventRoute(app, deps, {
    binding: tasks,
    machine: taskMachine,
    table: TASK_TRANSITIONS,
    summary:
      'Send a task event (start, block, unblock, finish: every item done, reopen, cancel with a reason); send the version you read',
    effect: ({ to }) => ({ doneOn: to === 'done' ? sql`${plantToday}` : null }),
    // Its guards read the project, whose completion reads its tasks: the two take turns.
    resources: (task) => [pmProjectKey(rowOf(PM_TASKS, task).project_id)],
    // The project's progress moved with its task.
    touched: async (tx, task) => [
      {
        entity: projects.entity,
        row: await readOrFail(tx, projects, rowOf(PM_TASKS, task).project_id),
      },
    ],
  });

  registerWorkflowEventRoute(app, deps, {
    binding: items,
    machine: taskItemMachine,
    table: TASK_ITEM_TRANSITIONS,
    summary: "Tick a task item done or back to open; the task's progress follows",
    effect: ({ to }) => ({ doneAt: to === 'done' ? sql`now()` : null }),
    // The task's row first, as the task's own events take it: finishing a task reads its
    // items, and a tick reads the task and writes its progress, so the two take turns.
    lockRecord: async (tx, id) => {
      const [item] = await tx
        .select({ taskId: pmTaskItems.taskId })
        .from(pmTaskItems)
        .where(eq(pmTaskItems.id, id));
      if (item) await lockRow(tx, tasks, Number(item.taskId));
      await lockRow(tx, items, id);
    },
    after: (tx, item) => refreshTaskProgress(tx, rowOf(PM_TASK_ITEMS, item).task_id),
    touched: async (tx, item) => [
      {
        entity: tasks.entity,
        row: await readOrFail(tx, tasks, rowOf(PM_TASK_ITEMS, item).task_id),
      },
    ],
  });

  registerProjectReportRoutes(app, deps);
}

/**
 * Project Management on the server: its routes, its projects' numbers, its demo projects and
 * the files of its time records.
 */
export const serverModule: ServerModule = {
  register: registerProjectRoutes,
  documentNumbers: { pm_project: 'PJ' },
  seedDemo: (tx) => seedDemoProjects(tx),
  // A time record's files are read by whoever reads the time records.
  attachmentHolders: [
    heldBy(
      'time_record',
      PM_TASK_ITEM_RECORDS.area,
      (id) =>
        sql`exists (select 1 from pm_task_item_record_attachments l where l.attachment_id = ${id})`,
    ),
  ],
};
