import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  TRAINING_DOCUMENT_STATUSES,
  TRAINING_LOG_EVENTS,
  TRAINING_STATUSES,
} from '../../shared/entities/training-values.ts';
import { attachments } from '../../../../server/db/schema/attachments.ts';
import { checkInList } from '../../../../server/db/schema/check-in-list.ts';
import { logColumns, roles, standardColumns, users } from '../../../../server/db/schema/users.ts';

// Training (docs/domain/training.md §8): categories, controlled documents by revision with their
// file, curricula (training projects) for a role with their documents, one training per trainee,
// document and revision, and the append-only log of what happened to each training.

const ref = () => bigint({ mode: 'number' });

export const trainingCategories = pgTable('training_categories', {
  ...standardColumns(),
  code: varchar({ length: 40 }).notNull().unique('training_categories_code_uk'),
  name: varchar({ length: 120 }).notNull(),
});

export const trainingDocuments = pgTable(
  'training_documents',
  {
    ...standardColumns(),
    code: varchar({ length: 40 }).notNull(),
    revision: integer().notNull().default(1),
    title: varchar({ length: 200 }).notNull(),
    categoryId: ref().references(() => trainingCategories.id),
    attachmentId: ref().references(() => attachments.id),
    effectiveDate: date({ mode: 'string' }),
    reviewDueDate: date({ mode: 'string' }),
    status: varchar({ length: 30 }).notNull().default('draft'),
    note: varchar({ length: 500 }),
  },
  (t) => [
    unique('training_documents_code_revision_uk').on(t.code, t.revision),
    check('training_documents_status_ck', checkInList('status', TRAINING_DOCUMENT_STATUSES)),
    check('training_documents_revision_ck', sql`${t.revision} >= 1`),
    index('training_documents_category_idx').on(t.categoryId),
  ],
);

export const trainingProjects = pgTable(
  'training_projects',
  {
    ...standardColumns(),
    code: varchar({ length: 40 }).notNull().unique('training_projects_code_uk'),
    name: varchar({ length: 120 }).notNull(),
    categoryId: ref().references(() => trainingCategories.id),
    roleId: ref()
      .notNull()
      .references(() => roles.id),
    active: boolean().notNull().default(true),
  },
  (t) => [index('training_projects_role_idx').on(t.roleId)],
);

export const trainingProjectDocuments = pgTable(
  'training_project_documents',
  {
    ...standardColumns(),
    trainingProjectId: ref()
      .notNull()
      .references(() => trainingProjects.id, { onDelete: 'cascade' }),
    trainingDocumentId: ref()
      .notNull()
      .references(() => trainingDocuments.id),
    sort: integer().notNull().default(0),
  },
  (t) => [
    unique('training_project_documents_uk').on(t.trainingProjectId, t.trainingDocumentId),
    index('training_project_documents_document_idx').on(t.trainingDocumentId),
  ],
);

export const trainings = pgTable(
  'trainings',
  {
    ...standardColumns(),
    trainingProjectId: ref().references(() => trainingProjects.id),
    trainingDocumentId: ref()
      .notNull()
      .references(() => trainingDocuments.id),
    documentRevision: integer().notNull(),
    traineeId: ref()
      .notNull()
      .references(() => users.id),
    trainerId: ref().references(() => users.id),
    dueDate: date({ mode: 'string' }).notNull(),
    status: varchar({ length: 30 }).notNull().default('assigned'),
    score: numeric({ precision: 5, scale: 2 }),
    passMark: numeric({ precision: 5, scale: 2 }),
    // When the trainee first opened the revision's file from the training: signing waits for it.
    documentOpenedAt: timestamp({ withTimezone: true, mode: 'date' }),
    signedAt: timestamp({ withTimezone: true, mode: 'date' }),
    completedAt: timestamp({ withTimezone: true, mode: 'date' }),
    verifiedBy: ref().references(() => users.id),
    verifiedAt: timestamp({ withTimezone: true, mode: 'date' }),
    cancelReason: varchar({ length: 500 }),
  },
  (t) => [
    unique('trainings_trainee_document_revision_uk').on(
      t.traineeId,
      t.trainingDocumentId,
      t.documentRevision,
    ),
    check('trainings_status_ck', checkInList('status', TRAINING_STATUSES)),
    check('trainings_score_ck', sql`${t.score} is null or (${t.score} >= 0 and ${t.score} <= 100)`),
    check(
      'trainings_verifier_ck',
      sql`${t.verifiedBy} is null or ${t.trainerId} is null or ${t.verifiedBy} <> ${t.trainerId}`,
    ),
    index('trainings_status_due_idx').on(t.status, t.dueDate),
    index('trainings_document_idx').on(t.trainingDocumentId),
  ],
);

export const trainingLogs = pgTable(
  'training_logs',
  {
    ...logColumns(),
    trainingId: ref()
      .notNull()
      .references(() => trainings.id),
    event: varchar({ length: 30 }).notNull(),
    note: varchar({ length: 500 }),
    // The typed full name the person signed with (docs/domain/training.md §8 decision), null when
    // unsigned.
    signature: varchar({ length: 120 }),
  },
  (t) => [
    check('training_logs_event_ck', checkInList('event', TRAINING_LOG_EVENTS)),
    index('training_logs_training_idx').on(t.trainingId),
  ],
);
