import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { logColumns, standardColumns } from './users.ts';
import { checkInList } from './check-in-list.ts';
import {
  IMPORT_STATUSES,
  IMPORT_TYPES,
  type ImportStatus,
  type ImportType,
} from '../../../src/domain/imports/import-job.ts';

// Imports (docs/domain/imports.md §12): one job per uploaded file, one log row per data row. A job
// is validated in full, in batches, before anything is applied; see run-import-job.ts.

export { IMPORT_STATUSES, IMPORT_TYPES, type ImportStatus, type ImportType };

export const importJobs = pgTable(
  'import_jobs',
  {
    ...standardColumns(),
    type: varchar({ length: 30 }).notNull().$type<ImportType>(),
    fileName: varchar({ length: 255 }).notNull(),
    sizeBytes: integer().notNull(),
    sha256: varchar({ length: 64 }).notNull(),
    dryRun: boolean().notNull().default(false),
    rowsTotal: integer().notNull().default(0),
    rowsOk: integer().notNull().default(0),
    rowsError: integer().notNull().default(0),
    /** Rows read so far while validating: the job's progress as another screen reads it. */
    rowsProcessed: integer().notNull().default(0),
    status: varchar({ length: 30 }).notNull().default('uploaded').$type<ImportStatus>(),
    /** What the import made, e.g. the stock adjustment it posted: `{type, id, number}`. */
    result: jsonb().$type<Record<string, unknown>>(),
    finishedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  () => [
    check('import_jobs_type_ck', checkInList('type', IMPORT_TYPES)),
    check('import_jobs_status_ck', checkInList('status', IMPORT_STATUSES)),
  ],
);

export const importJobRows = pgTable(
  'import_job_rows',
  {
    ...logColumns(),
    jobId: bigint({ mode: 'number' })
      .notNull()
      .references(() => importJobs.id),
    rowNo: integer().notNull(),
    result: varchar({ length: 10 }).notNull().$type<'ok' | 'error' | 'skipped'>(),
    entityId: bigint({ mode: 'number' }),
    errors: jsonb().$type<Record<string, string>>(),
    /** The row's cells as the file had them (mapped to the kind's columns), for the history's grid. */
    values: jsonb().$type<Record<string, string>>(),
  },
  (t) => [index('import_job_rows_job_idx').on(t.jobId, t.rowNo)],
);

/**
 * What each external key of a kind became (docs/domain/imports.md §12: idempotent on type and
 * external key): a re-imported row finds its entity here and is skipped, or updated where its kind
 * allows; `fingerprint` is the row as last imported, so an unchanged row is told apart.
 */
export const importKeys = pgTable(
  'import_keys',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    type: varchar({ length: 30 }).notNull().$type<ImportType>(),
    externalKey: varchar({ length: 200 }).notNull(),
    entityId: bigint({ mode: 'number' }).notNull(),
    fingerprint: varchar({ length: 64 }).notNull(),
    jobId: bigint({ mode: 'number' })
      .notNull()
      .references(() => importJobs.id),
  },
  (t) => [unique('import_keys_type_key_uk').on(t.type, t.externalKey)],
);

/**
 * A job's checked rows on their way in (server/imports/apply-import.ts): written a short batch
 * at a time before the apply, so the apply's one transaction copies its log rows from here
 * instead of encoding them while it holds the database; emptied once the job has ended.
 */
export const importStagedRows = pgTable(
  'import_staged_rows',
  {
    jobId: bigint({ mode: 'number' })
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    /** The row's place among the job's checked rows, from 0: how the apply finds its outcome. */
    idx: integer().notNull(),
    rowNo: integer().notNull(),
    /** The cells its log row keeps (keptValues). */
    cells: jsonb().$type<Record<string, string>>(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.idx] })],
);
