import { importJobsEntity } from '../../imports/import-jobs.entity.ts';

/** The log of recipe imports: one row per uploaded file, the same columns as every import's. */
export const RECIPE_IMPORT_JOBS = importJobsEntity({
  name: 'recipe_import_jobs',
  api: '/api/production/import/jobs',
  area: 'production_admin',
  channel: 'private-production.imports',
});
