import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  ALL_IMPORT_JOBS,
  PURCHASE_IMPORT_JOBS,
} from '../../src/domain/imports/import-jobs.entity.ts';
import type { AppDeps } from '../app-deps.ts';
import { importJobs } from '../db/schema/imports.ts';
import { registerEntityRoutes } from '../http/entity/entity-routes.ts';
import { binsImporter } from './bins.importer.ts';
import { customersImporter } from './customers.importer.ts';
import { registerImportRoute } from './import-routes.ts';
import { purchasesImporter } from './purchases.importer.ts';

// The Imports centre (/imports/index, admin; domain.md §12): the kinds that have no module
// screen of their own are uploaded under /api/imports/<type>; purchases also has its own page
// in the Purchase area (/purchases/import, admin and purchase). The inventory and recipe
// kinds keep their module routes (inventory-import.routes.ts, recipe-import.routes.ts); the
// centre lists every kind's jobs.

const number = sql<string>`'IM-' || lpad(${importJobs.id}::text, 5, '0')`;

export function registerImportsCentreRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerImportRoute(app, deps, customersImporter, '/api/imports/customers');
  registerImportRoute(app, deps, binsImporter, '/api/imports/warehouse_locations');
  registerImportRoute(app, deps, purchasesImporter, '/api/purchase/import');
  registerEntityRoutes(app, deps, {
    entity: PURCHASE_IMPORT_JOBS,
    table: importJobs,
    where: eq(importJobs.type, 'purchases'),
    computed: { number },
  });
  registerEntityRoutes(app, deps, {
    entity: ALL_IMPORT_JOBS,
    table: importJobs,
    computed: { number },
  });
}
