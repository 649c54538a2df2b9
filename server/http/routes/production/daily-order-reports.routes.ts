import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DAILY_ORDERS_LIST,
  DAILY_ORDERS_REPORT,
  RECIPES_REPORT,
} from '../../../../src/domain/entities/production/daily-order-reports.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import {
  dailyOrderLinesReportView as lines,
  recipesReportView as recipes,
} from '../../../db/production/daily-order-views.ts';
import { locations } from '../../../db/schema/general.ts';
import { qualified, refLabel } from '../../entity/entity-binding.ts';
import { userName } from '../../entity/log-table.ts';
import { viewBinding } from './production-reports.routes.ts';
import { registerReportRoutes } from '../../entity/report-routes.ts';

// daily-orders-report, daily-orders-list and the recipes report (docs/domain/production.md §3.6)
// over the views of migration 0018, on the reports' pattern: filter, sort, page and export, for the
// Production reports roles and the export-only production_reports role.

const dailyComputed = {
  location_name: refLabel(lines.locationId, locations),
  requested_by_name: userName(lines.requestedBy),
};

const recipeComputed = {
  bulk_product_sku: sql<string | null>`(select p.sku from products p
      where p.id = ${qualified(recipes.bulkProductId)})`,
  approved_by_name: userName(recipes.approvedBy),
};

export function registerDailyOrderReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const none = z.object({});
  // **decision:** the fill rate is of what the plant committed to: accepted daily orders and
  // later; drafts, requests still waiting and cancelled ones are in the list, not here.
  const report = {
    ...viewBinding(DAILY_ORDERS_REPORT, lines, dailyComputed),
    where: sql`${qualified(lines.status)} in ('accepted', 'in_production', 'fulfilled')`,
  };
  registerReportRoutes(app, deps, DAILY_ORDERS_REPORT, none, () => report);
  const list = viewBinding(DAILY_ORDERS_LIST, lines, dailyComputed);
  registerReportRoutes(app, deps, DAILY_ORDERS_LIST, none, () => list);
  const recipe = viewBinding(RECIPES_REPORT, recipes, recipeComputed);
  registerReportRoutes(app, deps, RECIPES_REPORT, none, () => recipe);
}
