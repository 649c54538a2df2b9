import type { FastifyInstance } from 'fastify';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  HPLC_ORDER_EVENTS,
  HPLC_ORDERS,
  PENDING_ORDER_EVENTS,
  PENDING_ORDERS,
} from '../../../../src/domain/entities/production/production-order-views.entity.ts';
import {
  BATCHING_SUMMARY,
  HPLC_REPORT,
  HPLC_RESULTS,
  LABEL_CHECKS,
  MASTER_PRODUCTION_REPORT,
  PRODUCTION_SUMMARY,
  VOLUME_VARIANCE,
} from '../../../../src/domain/entities/production/production-reports.entity.ts';
import { filterableFields } from '../../../../src/domain/entity/entity-declaration.ts';
import { tableQueryShape } from '../../../../src/domain/table-filter/table-query.schema.ts';
import { ORDER_EVENT_ROLES } from '../../../../src/machines/workflows/production-order.rules.ts';
import type { AppDeps } from '../../../app-deps.ts';
import {
  batchingSummaryView,
  hplcReportView,
  masterReportView,
  productionSummaryView,
  volumeVarianceView,
} from '../../../db/production/report-views.ts';
import { hplcCategories } from '../../../db/schema/production.ts';
import { productionOrders } from '../../../db/schema/production-orders.ts';
import { phases } from '../../../db/schema/production-config.ts';
import { ruleError } from '../../../errors/api-error.ts';
import {
  qualified,
  refLabel,
  resolveBinding,
  type EntityBinding,
  type EntityTable,
  type ResolvedBinding,
} from '../../entity/entity-binding.ts';
import { registerEntityRoutes } from '../../entity/entity-routes.ts';
import { whereOf } from '../../entity/entity-queries.ts';
import { addRoute, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { logComputed, logTable, userName } from '../../entity/log-table.ts';
import { lotLabel } from '../../entity/shared-field-labels.ts';
import { productionOrderBinding } from './production-orders.binding.ts';
import { isOrderEvent, publishOrderTransition, transitionOrder } from './order-transition.ts';
import { registerReportRoutes } from '../../entity/report-routes.ts';
import { entityRowSchema } from '../../entity/entity-row-schema.ts';
import { labelChecks } from '../../../db/schema/label-checks.ts';
import { productOf } from '../../entity/shared-field-labels.ts';
import { num } from '../../entity/computed-number.ts';

// The Production reports (docs/domain/production.md §3.6) over the views of migration 0013 and the
// label_checks log, the HPLC page's results and orders, and the pending-orders page. Reports take
// the export action, so the export-only production_reports role opens them and nothing else.

export const viewBinding = (
  entity: EntityBinding['entity'],
  table: EntityTable & { productId: AnyPgColumn },
  computed: Record<string, SQL> = {},
): EntityBinding => ({
  entity,
  table,
  computed: { ...productOf(qualified(table.productId)), ...computed },
});

const lc = logTable(labelChecks);
const orderProduct = sql`(select o.product_id from production_orders o where o.id = ${qualified(labelChecks.productionOrderId)})`;
const labelCheckBinding: EntityBinding = {
  entity: LABEL_CHECKS,
  table: lc,
  computed: {
    ...logComputed(labelChecks),
    created_by_name: userName(labelChecks.createdBy),
    production_order_number: sql`(select o.number from production_orders o where o.id = ${qualified(labelChecks.productionOrderId)})`,
    // The product is the order's: a label check row carries only its order.
    product_id: orderProduct,
    ...productOf(orderProduct),
    phase_code: refLabel(labelChecks.phaseId, phases, 'code'),
  },
};

const hplcComputed = {
  lot_no: lotLabel(hplcReportView.lotId),
  hplc_category_name: refLabel(hplcReportView.hplcCategoryId, hplcCategories),
  analyst_name: userName(hplcReportView.analystId),
};

const summary = productionSummaryView;
const waste = sql`(${qualified(summary.bottlingWasteUnits)} + ${qualified(summary.labelWasteUnits)} + ${qualified(summary.stampingWasteUnits)})`;
const summaryComputed = {
  waste_units: sql<number>`${waste}`.mapWith(Number),
  // **decision:** waste % of the units filled that day (bottled + bottling waste).
  waste_pct: num(sql`round(${waste}::numeric * 100
      / nullif(${qualified(summary.bottledUnits)} + ${qualified(summary.bottlingWasteUnits)}, 0), 2)`),
};

const actionBody = z.object({
  version: versionField,
  reason: z.string().trim().max(500).optional(),
});

/**
 * A scoped list of orders (pending, HPLC) with the few events its page sends; the order
 * machine still decides each one (role 403, guard 422, stale 409), like the order's own route.
 */
function registerOrderScope(
  app: FastifyInstance,
  deps: AppDeps,
  orders: ResolvedBinding,
  scope: { entity: EntityBinding['entity']; where: SQL; events: readonly string[] },
): void {
  const { db } = deps.database;
  registerEntityRoutes(app, deps, {
    entity: scope.entity,
    table: productionOrderBinding.table,
    computed: productionOrderBinding.computed,
    where: scope.where,
  });
  addRoute(app, {
    method: 'POST',
    url: `${scope.entity.api}/:id/events/:event`,
    response: entityRowSchema(orders.entity).extend({ warnings: z.array(z.string()) }),
    access: { area: scope.entity.area },
    callers: {
      events: Object.fromEntries(scope.events.map((e) => [e, ORDER_EVENT_ROLES[e] ?? []])),
    },
    summary: `Send ${scope.events.join(' or ')} to an order of ${scope.entity.pluralLabel.toLowerCase()}`,
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: actionBody,
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const event = params.event;
      if (!scope.events.includes(event) || !isOrderEvent(event)) {
        throw ruleError('status', `${scope.entity.pluralLabel} take ${scope.events.join(', ')}`);
      }
      const t = await db.transaction((tx) =>
        transitionOrder(tx, orders, {
          id: params.id,
          version: body.version,
          event,
          actor,
          reason: body.reason ?? null,
          input: {},
        }),
      );
      await publishOrderTransition(deps, t);
      return { ...t.row, warnings: t.outcome.warnings ?? [] };
    },
  });
}

/**
 * hplc-report's pass rate per category over the results its grid's filter selects: tested,
 * passed by the server's verdict (an override does not make a pass), failed, overridden.
 */
function registerPassRates(app: FastifyInstance, deps: AppDeps, hplc: ResolvedBinding): void {
  const v = hplcReportView;
  addRoute(app, {
    method: 'GET',
    url: `${HPLC_REPORT.api}/pass-rates`,
    response: z.array(
      z.object({
        hplc_category_id: z.number().int().nullable(),
        hplc_category_name: z.string().nullable(),
        tested: z.number().int(),
        passed: z.number().int(),
        failed: z.number().int(),
        overridden: z.number().int(),
        pass_rate_pct: z.number().nullable(),
      }),
    ),
    access: { area: HPLC_REPORT.area, action: 'export' },
    summary: 'HPLC pass rate per category over the filtered results of the HPLC report',
    query: z.looseObject(tableQueryShape(filterableFields(HPLC_REPORT))),
    handler: async ({ query }) => {
      const count = (condition: SQL) =>
        sql<number>`count(*) filter (where ${condition})::int`.mapWith(Number);
      const rows = await deps.database.db
        .select({
          hplc_category_id: v.hplcCategoryId,
          hplc_category_name: hplcCategories.name,
          tested: sql<number>`count(*)::int`.mapWith(Number),
          passed: count(sql`${v.passed}`),
          failed: count(sql`not ${v.passed}`),
          overridden: count(sql`${v.result} = 'overridden'`),
        })
        .from(v)
        .leftJoin(hplcCategories, eq(hplcCategories.id, v.hplcCategoryId))
        .where(whereOf(hplc, query))
        .groupBy(v.hplcCategoryId, hplcCategories.name)
        .orderBy(hplcCategories.name);
      return rows.map((r) => ({
        ...r,
        pass_rate_pct: r.tested > 0 ? Math.round((r.passed / r.tested) * 10_000) / 100 : null,
      }));
    },
  });
}

export function registerProductionReportRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  orders: ResolvedBinding,
): void {
  const none = z.object({});
  registerReportRoutes(app, deps, LABEL_CHECKS, none, () => labelCheckBinding);
  const master = viewBinding(MASTER_PRODUCTION_REPORT, masterReportView);
  registerReportRoutes(app, deps, MASTER_PRODUCTION_REPORT, none, () => master);
  const variance = viewBinding(VOLUME_VARIANCE, volumeVarianceView);
  registerReportRoutes(app, deps, VOLUME_VARIANCE, none, () => variance);
  // The plant's HPLC report and its pass rates leave out R&D samples' results (read on the R&D
  // samples report); the HPLC page's results list, on the same view, keeps every result.
  const hplc: EntityBinding = {
    ...viewBinding(HPLC_REPORT, hplcReportView, hplcComputed),
    where: sql`not exists (select 1 from hplc_requests q
      where q.id = ${qualified(hplcReportView.hplcRequestId)} and q.rd_sample_id is not null)`,
  };
  registerReportRoutes(app, deps, HPLC_REPORT, none, () => hplc);
  registerPassRates(app, deps, resolveBinding(hplc));
  const production = viewBinding(PRODUCTION_SUMMARY, summary, summaryComputed);
  registerReportRoutes(app, deps, PRODUCTION_SUMMARY, none, () => production);
  const batching = viewBinding(BATCHING_SUMMARY, batchingSummaryView);
  registerReportRoutes(app, deps, BATCHING_SUMMARY, none, () => batching);

  // The HPLC page's own lists: its results, and the orders waiting on the lab.
  registerEntityRoutes(app, deps, viewBinding(HPLC_RESULTS, hplcReportView, hplcComputed));
  registerOrderScope(app, deps, orders, {
    entity: HPLC_ORDERS,
    where: sql`${productionOrders.hplcStatus} in ('pending', 'failed')`,
    events: HPLC_ORDER_EVENTS,
  });
  registerOrderScope(app, deps, orders, {
    entity: PENDING_ORDERS,
    where: sql`${productionOrders.status} = 'pending_approval'`,
    events: PENDING_ORDER_EVENTS,
  });
}
