import type { Area } from '../access.ts';
import { declareEntity } from '../entity/entity-declaration.ts';
import { declareFields } from '../entity/entity-field.ts';
import { IMPORT_STATUSES, IMPORT_TYPES } from './import-job.ts';

// The history of import jobs (docs/domain/imports.md §12): every kind's own log, and the Imports
// centre's, which lists every kind's jobs with their type. Each job's rows are read from
// `<upload url>/jobs/:id/rows` (or the centre's `/api/imports/jobs/:id/rows`).

const JOB_FIELDS = declareFields([
  { name: 'number', label: 'Number', kind: 'text', readOnly: true, width: 110 },
  { name: 'file_name', label: 'File', kind: 'text', readOnly: true, width: 220 },
  {
    name: 'status',
    label: 'Status',
    kind: 'enum',
    enumValues: IMPORT_STATUSES,
    tag: true,
    readOnly: true,
    width: 130,
  },
  { name: 'dry_run', label: 'Dry run', kind: 'boolean', readOnly: true, width: 90 },
  { name: 'rows_total', label: 'Rows', kind: 'number', precision: 0, readOnly: true, width: 80 },
  { name: 'rows_ok', label: 'OK', kind: 'number', precision: 0, readOnly: true, width: 80 },
  { name: 'rows_error', label: 'Errors', kind: 'number', precision: 0, readOnly: true, width: 80 },
  { name: 'created_at', label: 'Uploaded', kind: 'datetime', readOnly: true, width: 170 },
  { name: 'finished_at', label: 'Finished', kind: 'datetime', readOnly: true, width: 170 },
]);

/** One kind's log of jobs, served at `api` to the kind's area. */
export function importJobsEntity(options: {
  api: string;
  area: Area;
  channel: string;
  /** The declaration's name where two kinds' logs must be told apart (recipes'). */
  name?: string;
}) {
  return declareEntity({
    name: options.name ?? 'import_jobs',
    label: 'Import',
    pluralLabel: 'Imports',
    api: options.api,
    area: options.area,
    channel: options.channel,
    event: 'import',
    labelField: 'number',
    defaultSort: { field: 'id', direction: 'desc' },
    writable: false,
    fields: JOB_FIELDS,
  });
}

/** Every job of every kind (the Imports centre, admin only). */
export const ALL_IMPORT_JOBS = declareEntity({
  ...importJobsEntity({
    api: '/api/imports/jobs',
    area: 'imports',
    channel: 'private-imports.jobs',
  }),
  fields: [
    JOB_FIELDS[0],
    {
      name: 'type',
      label: 'Kind',
      kind: 'enum',
      enumValues: IMPORT_TYPES,
      readOnly: true,
      width: 150,
    },
    ...JOB_FIELDS.slice(1),
  ],
});

export const PURCHASE_IMPORT_JOBS = importJobsEntity({
  api: '/api/purchase/import/jobs',
  area: 'purchase',
  channel: 'private-purchase.imports',
});
