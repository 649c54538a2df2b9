import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { MACHINE_STATUSES } from '../../../src/domain/entities/production/production-values.ts';
import {
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_STATUSES,
} from '../../../src/domain/entities/production/maintenance-values.ts';
import { checkInList } from './check-in-list.ts';
import { machines } from './production-config.ts';
import { logColumns, standardColumns, users } from './users.ts';

// Machine maintenance (docs/domain/production.md §3.4): what can go wrong (sections and their
// issues), the work orders that deal with it, their comments, and every change of a machine's
// status.

const ref = () => bigint({ mode: 'number' });
const moment = () => timestamp({ withTimezone: true, mode: 'date' });

export const issueSections = pgTable('issue_sections', {
  ...standardColumns(),
  code: varchar({ length: 30 }).notNull().unique(),
  name: varchar({ length: 120 }).notNull(),
});

export const issueDetails = pgTable(
  'issue_details',
  {
    ...standardColumns(),
    issueSectionId: ref()
      .notNull()
      .references(() => issueSections.id),
    code: varchar({ length: 30 }).notNull(),
    name: varchar({ length: 120 }).notNull(),
    defaultPriority: varchar({ length: 30 })
      .notNull()
      .default('medium')
      .$type<(typeof WORK_ORDER_PRIORITIES)[number]>(),
  },
  (t) => [
    // `code` first: a duplicate is reported on the code (db-errors reads the first column).
    unique('issue_details_code_section_uk').on(t.code, t.issueSectionId),
    index('issue_details_section_ix').on(t.issueSectionId),
    check('issue_details_priority_ck', checkInList('default_priority', WORK_ORDER_PRIORITIES)),
  ],
);

export const workOrders = pgTable(
  'work_orders',
  {
    ...standardColumns(),
    number: varchar({ length: 20 }).notNull().unique(),
    machineId: ref()
      .notNull()
      .references(() => machines.id),
    issueDetailId: ref()
      .notNull()
      .references(() => issueDetails.id),
    priority: varchar({ length: 30 })
      .notNull()
      .default('medium')
      .$type<(typeof WORK_ORDER_PRIORITIES)[number]>(),
    description: text().notNull(),
    machineDown: boolean().notNull().default(false),
    reportedBy: ref().references(() => users.id),
    assignedTo: ref().references(() => users.id),
    status: varchar({ length: 30 })
      .notNull()
      .default('requested')
      .$type<(typeof WORK_ORDER_STATUSES)[number]>(),
    openedAt: moment().notNull().defaultNow(),
    startedAt: moment(),
    completedAt: moment(),
    downtimeMinutes: integer(),
    resolution: text(),
    holdReason: varchar({ length: 500 }),
  },
  (t) => [
    index('work_orders_machine_ix').on(t.machineId, t.status),
    index('work_orders_issue_ix').on(t.issueDetailId),
    check('work_orders_priority_ck', checkInList('priority', WORK_ORDER_PRIORITIES)),
    check('work_orders_status_ck', checkInList('status', WORK_ORDER_STATUSES)),
    check('work_orders_downtime_ck', sql`${t.downtimeMinutes} >= 0`),
  ],
);

/** +log: comments are never edited or deleted. */
export const workOrderComments = pgTable(
  'work_order_comments',
  {
    ...logColumns(),
    workOrderId: ref()
      .notNull()
      .references(() => workOrders.id),
    body: text().notNull(),
    attachments: jsonb()
      .$type<{ name: string; url: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [index('work_order_comments_order_ix').on(t.workOrderId)],
);

/** +log: one row per change of a machine's status, with the work order that caused it. */
export const machineStatusLogs = pgTable(
  'machine_status_logs',
  {
    ...logColumns(),
    machineId: ref()
      .notNull()
      .references(() => machines.id),
    fromStatus: varchar({ length: 20 }).notNull().$type<(typeof MACHINE_STATUSES)[number]>(),
    toStatus: varchar({ length: 20 }).notNull().$type<(typeof MACHINE_STATUSES)[number]>(),
    workOrderId: ref().references(() => workOrders.id),
  },
  (t) => [
    index('machine_status_logs_machine_ix').on(t.machineId, t.createdAt),
    check('machine_status_logs_from_ck', checkInList('from_status', MACHINE_STATUSES)),
    check('machine_status_logs_to_ck', checkInList('to_status', MACHINE_STATUSES)),
  ],
);
