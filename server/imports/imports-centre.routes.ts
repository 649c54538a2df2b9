import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  ALL_IMPORT_JOBS,
  PURCHASE_IMPORT_JOBS,
} from '../../src/domain/imports/import-jobs.entity.ts';
import { importJobRowsPageSchema } from '../../src/domain/imports/import-job.ts';
import type { AppDeps } from '../app-deps.ts';
import { importJobs } from '../db/schema/imports.ts';
import { registerEntityRoutes } from '../http/entity/entity-routes.ts';
import { addRoute } from '../http/route.ts';
import { idParams } from '../http/routes/common-fields.ts';
import { binsImporter } from './bins.importer.ts';
import { customersImporter } from './customers.importer.ts';
import { importRowsQuery, registerImportRoute } from './import-routes.ts';
import { readImportRows } from './import-outcome.ts';
import { priceTiersImporter } from './price-tiers.importer.ts';
import { productsImporter } from './products.importer.ts';
import { purchasesImporter } from './purchases.importer.ts';

// The Imports centre (/imports/index, admin; docs/domain/imports.md §12): the kinds that have no
// module screen of their own (customers, bins, products, price tiers) are uploaded under
// /api/imports/<type>; purchases also has its own page
// in the Purchase area (/purchases/import, admin and purchase). The inventory and recipe
// kinds keep their module routes (inventory-import.routes.ts, recipe-import.routes.ts); the
// centre lists every kind's jobs.

const number = sql<string>`'IM-' || lpad(${importJobs.id}::text, 5, '0')`;

export function registerImportsCentreRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerImportRoute(app, deps, customersImporter, '/api/imports/customers');
  registerImportRoute(app, deps, binsImporter, '/api/imports/warehouse_locations');
  registerImportRoute(app, deps, productsImporter, '/api/imports/products');
  registerImportRoute(app, deps, priceTiersImporter, '/api/imports/price_tiers');
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
  // The history's rows of a job of any kind, for the centre's grid (admin, like the centre).
  addRoute(app, {
    method: 'GET',
    url: '/api/imports/jobs/:id/rows',
    access: { area: 'imports' },
    summary: 'The logged rows of one import job of any kind, by row number (?result=&q=)',
    params: idParams,
    query: importRowsQuery,
    response: importJobRowsPageSchema,
    handler: ({ params, query }) => readImportRows(deps.database.db, null, params.id, query),
  });
}
