import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import { importJobsEntity } from '../../../../src/domain/imports/import-jobs.entity.ts';

// What each row of a sales import did (docs/domain/sales.md §6 `sales_import_logs`,
// /sales-import-logs): the order its reference made or updated, or why it was skipped or refused.
// Written by the importer only; sale reads it (with admin) and follows a row to its order.

export const SALES_IMPORT_RESULTS = ['created', 'updated', 'skipped', 'error'] as const;
export type SalesImportResult = (typeof SALES_IMPORT_RESULTS)[number];

export const SALES_IMPORT_LOGS = declareEntity({
  name: 'sales_import_logs',
  label: 'Sales import row',
  pluralLabel: 'Sales import log',
  api: '/api/sales/sales_import_logs',
  area: 'sale',
  channel: 'private-sales.imports',
  event: 'sales_import_log',
  labelField: 'external_ref',
  defaultSort: { field: 'id', direction: 'desc' },
  writable: false,
  fields: [
    {
      name: 'import_job_number',
      label: 'Import',
      kind: 'text',
      readOnly: true,
      width: 110,
      link: { path: '/sales-import-logs', filterBy: 'import_job_id' },
    },
    { name: 'import_job_id', label: 'Import id', kind: 'number', readOnly: true, hidden: true },
    { name: 'row_no', label: 'Row', kind: 'number', precision: 0, readOnly: true, width: 80 },
    { name: 'external_ref', label: 'Order ref', kind: 'text', readOnly: true, width: 150 },
    {
      name: 'result',
      label: 'Result',
      kind: 'enum',
      enumValues: SALES_IMPORT_RESULTS,
      tag: true,
      readOnly: true,
      width: 110,
    },
    {
      name: 'sales_order_number',
      label: 'Sales order',
      kind: 'text',
      readOnly: true,
      width: 120,
      link: { path: '/sale', idField: 'sales_order_id' },
    },
    { name: 'sales_order_id', label: 'Order id', kind: 'number', readOnly: true, hidden: true },
    { name: 'message', label: 'Message', kind: 'text', readOnly: true, width: 320 },
    { name: 'created_at', label: 'Logged', kind: 'datetime', readOnly: true, width: 170 },
  ],
});

/** The jobs of the sales kind (the Imports centre's model; sale's own list of its imports). */
export const SALES_IMPORT_JOBS = importJobsEntity({
  api: '/api/sales/import/jobs',
  area: 'sale',
  channel: 'private-sales.imports',
  name: 'sales_import_jobs',
});
