import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { hplcCategoriesBinding } from './production/hplc-categories.binding.ts';
import { registerRecipeRoutes } from './production/recipes.routes.ts';
import { registerRecipeImportRoutes } from './production/recipe-import.routes.ts';
import { registerHplcRoutes } from './production/hplc.routes.ts';
import { registerPotencyChartRoutes } from './production/potency-charts.routes.ts';
import { registerMachinesDashboardRoutes } from './production/machines-dashboard.routes.ts';
import { registerLabelCheckRoutes } from './production/label-checks.routes.ts';
import { registerProductionOrderRoutes } from './production/production-orders.routes.ts';
import { registerProductionOrderStoryRoutes } from './production/production-order-story.routes.ts';
import { registerStampCoverRoutes } from './production/stamp-cover.routes.ts';
import { registerStampReelRoutes } from './production/stamp-reels.routes.ts';
import { registerStampReconciliationRoutes } from './production/stamp-reconciliation.routes.ts';
import { registerDistributionCenterRoutes } from './production/distribution-centers.routes.ts';
import { registerMaintenanceRoutes } from './production/maintenance.routes.ts';
import { registerProductionReportRoutes } from './production/production-reports.routes.ts';
import { registerOrderCorrectionRoutes } from './production/order-corrections.routes.ts';
import { registerRecoveryRoutes } from './production/recoveries.routes.ts';
import { registerFloorReportRoutes } from './production/floor-reports.routes.ts';
import { registerProductionTransferRoutes } from './production/production-transfers.routes.ts';
import { registerStampingOrderRoutes } from './production/stamping-orders.routes.ts';
import { registerStampingReportRoutes } from './production/stamping-reports.routes.ts';
import { registerQrLabelRoutes } from './production/qr-labels.routes.ts';
import { registerTransferReportRoutes } from './production/transfer-reports.routes.ts';
import { registerDailyOrderRoutes } from './production/daily-orders.routes.ts';
import { registerDailyOrderReportRoutes } from './production/daily-order-reports.routes.ts';
import { registerProductionSettingsRoutes } from './production/production-settings.routes.ts';
import { registerEntityRoutes } from '../entity/entity-routes.ts';
import { addRoute } from '../route.ts';
import { registerProductionConfigRoutes } from './production-config.routes.ts';
import { queryRows } from '../../db/query-rows.ts';

const rangesQuery = z.object({
  hplc_category_id: z.coerce.number().int().positive().optional(),
  type: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .optional(),
});

export function registerProductionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  registerEntityRoutes(app, deps, hplcCategoriesBinding);
  registerProductionConfigRoutes(app, deps);
  registerRecipeRoutes(app, deps);
  registerRecipeImportRoutes(app, deps);
  const orders = registerProductionOrderRoutes(app, deps);
  registerProductionOrderStoryRoutes(app, deps);
  const recoveries = registerRecoveryRoutes(app, deps);
  registerHplcRoutes(app, deps, orders, recoveries);
  registerPotencyChartRoutes(app, deps);
  registerLabelCheckRoutes(app, deps, orders);
  registerMachinesDashboardRoutes(app, deps);
  registerStampReelRoutes(app, deps);
  registerStampCoverRoutes(app, deps);
  registerStampReconciliationRoutes(app, deps);
  registerDistributionCenterRoutes(app, deps);
  registerMaintenanceRoutes(app, deps);
  registerProductionReportRoutes(app, deps, orders);
  registerOrderCorrectionRoutes(app, deps, orders);
  registerStampingOrderRoutes(app, deps, orders);
  registerStampingReportRoutes(app, deps);
  registerFloorReportRoutes(app, deps);
  registerProductionTransferRoutes(app, deps);
  registerQrLabelRoutes(app, deps);
  registerTransferReportRoutes(app, deps);
  registerDailyOrderRoutes(app, deps);
  registerDailyOrderReportRoutes(app, deps);
  registerProductionSettingsRoutes(app, deps);

  // HPLC ranges are read wherever results are judged (HPLC page) and configured on the
  // production configuration screens; type 1 is the minimum, 2 the maximum % of label claim.
  addRoute(app, {
    method: 'GET',
    url: '/api/production/hplc_ranges',
    response: z.array(
      z.object({
        id: z.number().int(),
        hplc_category_id: z.number().int(),
        hplc_category_code: z.string(),
        hplc_category_name: z.string(),
        /** 1: the minimum, 2: the maximum. */
        type: z.number().int(),
        percent_range: z.number(),
        version: z.number().int(),
        seq: z.number().int(),
      }),
    ),
    access: { area: 'production_hplc' },
    summary: 'HPLC ranges (type 1 minimum, 2 maximum; percent of label claim)',
    query: rangesQuery,
    handler: async ({ query }) => {
      const category = query.hplc_category_id ?? null;
      const type = query.type ?? null;
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`
        select r.id::int as id, r.hplc_category_id::int as hplc_category_id,
               c.code as hplc_category_code, c.name as hplc_category_name,
               r.type, r.percent_range::float8 as percent_range, r.version, r.seq::bigint as seq
          from hplc_ranges r join hplc_categories c on c.id = r.hplc_category_id
         where (${category}::bigint is null or r.hplc_category_id = ${category})
           and (${type}::int is null or r.type = ${type})
         order by c.code, r.type`,
      );
      return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
    },
  });
}
