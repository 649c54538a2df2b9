import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  PROJECT_STATUSES,
  TASK_ITEM_STATUSES,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from '../../shared/entities/project-values.ts';
import { attachments } from '../../../../server/db/schema/attachments.ts';
import { checkInList } from '../../../../server/db/schema/check-in-list.ts';
import { standardColumns, users } from '../../../../server/db/schema/users.ts';

// Project Management (docs/domain/projects.md §9): projects (PJ- numbers), their tasks, each task's
// checklist items and the hours logged against an item. A project's tasks, a task's items and an
// item's records go with their parent (cascade); the people they name restrict.

const ref = () => bigint({ mode: 'number' });

export const pmProjects = pgTable(
  'pm_projects',
  {
    ...standardColumns(),
    // The server's PJ- number, written after the row in its transaction (document-number.ts).
    number: varchar({ length: 20 }),
    name: varchar({ length: 160 }).notNull(),
    ownerId: ref()
      .notNull()
      .references(() => users.id),
    startDate: date({ mode: 'string' }).notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    description: varchar({ length: 2000 }),
    status: varchar({ length: 30 }).notNull().default('planned'),
    // The plant day it was completed: how late a finished project was (the report).
    completedOn: date({ mode: 'string' }),
  },
  (t) => [
    unique('pm_projects_number_uk').on(t.number),
    check('pm_projects_status_ck', checkInList('status', PROJECT_STATUSES)),
    check('pm_projects_dates_ck', sql`${t.dueDate} >= ${t.startDate}`),
    check(
      'pm_projects_completed_ck',
      sql`(${t.status} = 'completed') = (${t.completedOn} is not null)`,
    ),
    index('pm_projects_owner_idx').on(t.ownerId),
  ],
);

export const pmTasks = pgTable(
  'pm_tasks',
  {
    ...standardColumns(),
    projectId: ref()
      .notNull()
      .references(() => pmProjects.id, { onDelete: 'cascade' }),
    title: varchar({ length: 200 }).notNull(),
    assigneeId: ref().references(() => users.id),
    startDate: date({ mode: 'string' }).notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    priority: varchar({ length: 20 }).notNull().default('normal'),
    sort: integer().notNull().default(0),
    status: varchar({ length: 30 }).notNull().default('todo'),
    // Done items ÷ items × 100, written with every change of its items (0 without items).
    progressPct: numeric({ precision: 5, scale: 2 }).notNull().default('0'),
    doneOn: date({ mode: 'string' }),
  },
  (t) => [
    check('pm_tasks_status_ck', checkInList('status', TASK_STATUSES)),
    check('pm_tasks_priority_ck', checkInList('priority', TASK_PRIORITIES)),
    check('pm_tasks_dates_ck', sql`${t.dueDate} >= ${t.startDate}`),
    check('pm_tasks_progress_ck', sql`${t.progressPct} >= 0 and ${t.progressPct} <= 100`),
    index('pm_tasks_project_idx').on(t.projectId, t.sort),
    index('pm_tasks_assignee_idx').on(t.assigneeId),
  ],
);

/**
 * Finish-to-start links between tasks of one project (docs/domain/projects.md §9 "dependencies"):
 * the task starts no earlier than the day its predecessor is due. Written with the task's own
 * versioned update (its `depends_on`), so the link is part of the task's history; both ends go
 * with their task. One project, no cycles and the dates are the binding's rules.
 */
export const pmTaskDependencies = pgTable(
  'pm_task_dependencies',
  {
    taskId: ref()
      .notNull()
      .references(() => pmTasks.id, { onDelete: 'cascade' }),
    predecessorId: ref()
      .notNull()
      .references(() => pmTasks.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.predecessorId] }),
    check('pm_task_dependencies_self_ck', sql`${t.taskId} <> ${t.predecessorId}`),
    index('pm_task_dependencies_predecessor_idx').on(t.predecessorId),
  ],
);

export const pmTaskItems = pgTable(
  'pm_task_items',
  {
    ...standardColumns(),
    taskId: ref()
      .notNull()
      .references(() => pmTasks.id, { onDelete: 'cascade' }),
    title: varchar({ length: 200 }).notNull(),
    assigneeId: ref().references(() => users.id),
    dueDate: date({ mode: 'string' }),
    status: varchar({ length: 20 }).notNull().default('open'),
    doneAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('pm_task_items_status_ck', checkInList('status', TASK_ITEM_STATUSES)),
    check('pm_task_items_done_ck', sql`(${t.status} = 'done') = (${t.doneAt} is not null)`),
    index('pm_task_items_task_idx').on(t.taskId),
  ],
);

export const pmTaskItemRecords = pgTable(
  'pm_task_item_records',
  {
    ...standardColumns(),
    taskItemId: ref()
      .notNull()
      .references(() => pmTaskItems.id, { onDelete: 'cascade' }),
    recordDate: date({ mode: 'string' }).notNull(),
    hours: numeric({ precision: 6, scale: 2 }).notNull(),
    note: varchar({ length: 500 }),
  },
  (t) => [
    check('pm_task_item_records_hours_ck', sql`${t.hours} > 0 and ${t.hours} <= 24`),
    index('pm_task_item_records_item_idx').on(t.taskItemId, t.recordDate),
  ],
);

/**
 * The files attached to a time record (docs/domain/projects.md §9 "attachments",
 * modules/projects/shared/entities/record-files.ts). Unlike an invoice's files, a link is removed while
 * the record is editable, so the row is an ordinary mutable one (standard columns), not an
 * append-only log; the attachment row and its bytes stay, as every attachment does. The links go
 * with their record.
 */
export const pmTaskItemRecordAttachments = pgTable(
  'pm_task_item_record_attachments',
  {
    ...standardColumns(),
    pmTaskItemRecordId: ref()
      .notNull()
      .references(() => pmTaskItemRecords.id, { onDelete: 'cascade' }),
    attachmentId: ref()
      .notNull()
      .references(() => attachments.id),
  },
  (t) => [
    uniqueIndex('pm_task_item_record_attachments_uk').on(t.pmTaskItemRecordId, t.attachmentId),
  ],
);
