import type { EntityDeclaration } from '../../entity/entity-declaration.ts';
import { IMPORT_STATUSES } from '../../imports/import-job.ts';

/** The log of inventory imports (domain.md §12): one row per uploaded file. */
export const INVENTORY_IMPORT_JOBS: EntityDeclaration = {
  name: 'import_jobs',
  label: 'Import',
  pluralLabel: 'Imports',
  api: '/api/inventory/inventory-import/jobs',
  area: 'inventory',
  channel: 'private-inventory.imports',
  event: 'import',
  labelField: 'number',
  defaultSort: { field: 'id', direction: 'desc' },
  writable: false,
  fields: [
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
    { name: 'dry_run', label: 'Check only', kind: 'boolean', readOnly: true, width: 100 },
    { name: 'rows_total', label: 'Rows', kind: 'number', precision: 0, readOnly: true, width: 80 },
    { name: 'rows_ok', label: 'OK', kind: 'number', precision: 0, readOnly: true, width: 80 },
    {
      name: 'rows_error',
      label: 'Errors',
      kind: 'number',
      precision: 0,
      readOnly: true,
      width: 80,
    },
    { name: 'created_at', label: 'Uploaded', kind: 'datetime', readOnly: true, width: 170 },
    { name: 'finished_at', label: 'Finished', kind: 'datetime', readOnly: true, width: 170 },
  ],
};
