import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { RECIPE_IMPORT_JOBS } from '../../../../src/domain/entities/production/recipe-import-jobs.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { importJobs } from '../../../db/schema/imports.ts';
import { registerImportRoute } from '../../../imports/import-routes.ts';
import { recipesImporter } from './recipes.importer.ts';
import { registerEntityRoutes } from '../../entity/entity-routes.ts';

// Recipe import (docs/product.md §2 /production/import): the upload and the log of earlier imports.

export function registerRecipeImportRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerImportRoute(app, deps, recipesImporter, '/api/production/import');
  registerEntityRoutes(app, deps, {
    entity: RECIPE_IMPORT_JOBS,
    table: importJobs,
    where: eq(importJobs.type, 'recipes'),
    computed: { number: sql<string>`'IM-' || lpad(${importJobs.id}::text, 5, '0')` },
  });
}
