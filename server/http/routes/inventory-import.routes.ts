import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { INVENTORY_IMPORT_JOBS } from '../../../src/domain/entities/inventory/inventory-import-jobs.entity.ts';
import type { AppDeps } from '../../app-deps.ts';
import { importJobs } from '../../db/schema/imports.ts';
import { registerImportRoute } from '../../imports/import-routes.ts';
import { inventoryImporter } from '../../imports/inventory.importer.ts';
import { registerEntityRoutes } from '../entity/entity-routes.ts';

// Inventory import (docs/product.md §2 inventory-import): the upload and the log of earlier
// imports.

export function registerInventoryImportRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerImportRoute(app, deps, inventoryImporter, '/api/inventory/inventory-import');
  registerEntityRoutes(app, deps, {
    entity: INVENTORY_IMPORT_JOBS,
    table: importJobs,
    where: eq(importJobs.type, 'inventory'),
    computed: { number: sql<string>`'IM-' || lpad(${importJobs.id}::text, 5, '0')` },
  });
}
