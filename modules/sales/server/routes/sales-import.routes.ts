import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  SALES_IMPORT_JOBS,
  SALES_IMPORT_LOGS,
} from '../../shared/entities/sales-import-logs.entity.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { importJobs } from '../../../../server/db/schema/imports.ts';
import { salesImportLogs } from '../../../../server/db/schema/sales.ts';
import { registerImportRoute } from '../../../../server/imports/import-routes.ts';
import { salesImporter } from './sales.importer.ts';
import { qualified } from '../../../../server/http/entity/entity-binding.ts';
import { registerEntityRoutes } from '../../../../server/http/entity/entity-routes.ts';
import { logComputed, logTable } from '../../../../server/http/entity/log-table.ts';

// Sales imports (docs/domain/sales.md §6 and docs/domain/imports.md §12): the upload of the `sales`
// kind (sale and admin), its jobs, and the log of what each row did (/sales-import-logs),
// read-only, each row with the number of its job and of the order it made or left.

const jobNumber = (id: ReturnType<typeof qualified>) =>
  sql<string>`'IM-' || lpad(${id}::text, 5, '0')`;

export function registerSalesImportRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerImportRoute(app, deps, salesImporter, '/api/sales/import');
  registerEntityRoutes(app, deps, {
    entity: SALES_IMPORT_JOBS,
    table: importJobs,
    where: eq(importJobs.type, 'sales'),
    computed: { number: jobNumber(qualified(importJobs.id)) },
  });
  registerEntityRoutes(app, deps, {
    entity: SALES_IMPORT_LOGS,
    table: logTable(salesImportLogs),
    computed: {
      ...logComputed(salesImportLogs),
      import_job_number: jobNumber(qualified(salesImportLogs.importJobId)),
      sales_order_number: sql<
        string | null
      >`(select so.number from sales_orders so where so.id = ${qualified(salesImportLogs.salesOrderId)})`,
    },
  });
}
