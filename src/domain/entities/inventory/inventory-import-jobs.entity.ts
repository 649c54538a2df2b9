import { importJobsEntity } from '../../imports/import-jobs.entity.ts';

/** The log of inventory imports (docs/domain/imports.md §12): one row per uploaded file. */
export const INVENTORY_IMPORT_JOBS = importJobsEntity({
  api: '/api/inventory/inventory-import/jobs',
  area: 'inventory',
  channel: 'private-inventory.imports',
});
