import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FORECAST_PERIODS } from '../../shared/entities/forecast-periods.entity.ts';
import {
  FORECAST_PRODUCTION_PLANS,
  type ForecastPlanRow,
} from '../../shared/entities/forecast-production-plans.entity.ts';
import {
  productionOrderDoc,
  type ProductionOrderRow,
} from '../../../../src/domain/entities/production/production-orders.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import {
  FORECAST_PLAN_TRANSITIONS,
  forecastPlanMachine,
} from '../../shared/machines/forecast-plan.machine.ts';
import { eventRolesOf } from '../../../../src/machines/workflows/document-workflow.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import type { SessionUser } from '../../../../server/auth/session-user.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { firstFittingFlow } from '../../../../server/db/production/flow-fit.ts';
import { periodLockOf } from '../db/period-lock.ts';
import { forecastPeriodKey, lockResources } from '../../../../server/db/resource-locks.ts';
import { forecastPeriods, forecastProductionPlans } from '../db/forecast.schema.ts';
import { productionOrders } from '../../../../server/db/schema/production-orders.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import {
  refLabel,
  resolveBinding,
  type ResolvedBinding,
} from '../../../../server/http/entity/entity-binding.ts';
import { findRow } from '../../../../server/http/entity/entity-queries.ts';
import {
  lockedRead,
  readOrFail,
  registerEntityRoutes,
  staleVersion,
} from '../../../../server/http/entity/entity-routes.ts';
import { byTransitionTable, runEvent } from '../../../../server/http/entity/event-pipeline.ts';
import { entityRowSchema } from '../../../../server/http/entity/entity-row-schema.ts';
import { publishChange } from '../../../../server/http/entity/publish-change.ts';
import { addRoute, signedIn } from '../../../../server/http/route.ts';
import { idParams, versionField } from '../../../../server/http/routes/common-fields.ts';
import { insertDraftOrder } from '../../../../server/http/routes/production/draft-production-order.ts';
import { productionOrderBinding } from '../../../../server/http/routes/production/production-orders.binding.ts';
import { publishOrder } from '../../../../server/http/routes/production/order-transition.ts';
import { productLabels } from '../../../../server/http/entity/shared-field-labels.ts';

// A forecast's production plan (docs/domain/forecast.md §11): its rows as a read-only list, each
// row's events (accept; create_orders: a draft production order through the production module's own
// creation, linked both ways), and the same events for every row of a period at once, in one
// transaction, as the plan page's buttons send them.

const plans = forecastProductionPlans;
const orders = resolveBinding(productionOrderBinding);

export const planBinding = resolveBinding({
  entity: FORECAST_PRODUCTION_PLANS,
  table: plans,
  computed: {
    ...productLabels(plans.productId),
    period_name: refLabel(plans.forecastPeriodId, forecastPeriods),
    period_status: refLabel(plans.forecastPeriodId, forecastPeriods, 'status'),
    production_order_number: refLabel(plans.productionOrderId, productionOrders, 'number'),
  },
});

const eventParams = idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) });
const eventBody = z.strictObject({ version: versionField });
const eventRoles = eventRolesOf(FORECAST_PLAN_TRANSITIONS);

type Moved = { row: ForecastPlanRow; order: ProductionOrderRow | null };

/**
 * One plan row through `event` by the one event pipeline, its production order made when it
 * is create_orders. The row's guards read its period's status, a resource it shares with the
 * period's own events (lock, close) and its allocations' edits, taken before the row.
 */
async function moveRow(
  tx: Tx,
  actor: SessionUser,
  id: number,
  event: string,
  version: number | null,
): Promise<Moved> {
  const moved = await runEvent<string, number>(
    tx,
    {
      binding: planBinding,
      lockFirst: (t) => periodLockOf(t, forecastProductionPlans, id),
      ...byTransitionTable(
        { machine: forecastPlanMachine, table: FORECAST_PLAN_TRANSITIONS },
        event,
        actor,
      ),
      effect: async ({ doc }) => {
        if (event !== 'create_orders') return {};
        const orderId = await orderFor(tx, actor, rowOf(FORECAST_PRODUCTION_PLANS, doc));
        return { set: { productionOrderId: orderId }, after: orderId };
      },
    },
    { id, event, version, reason: null, actor, input: {} },
  );
  return {
    row: rowOf(FORECAST_PRODUCTION_PLANS, moved.row),
    order: moved.after ? productionOrderDoc(await readOrFail(tx, orders, moved.after)) : null,
  };
}

/** A draft production order of a plan row's planned units, through production's own creation. */
async function orderFor(tx: Tx, actor: SessionUser, row: ForecastPlanRow): Promise<number> {
  // Its columns are not null; a read model's type only allows for it.
  const [period] = await tx
    .select({ name: forecastPeriods.name, start: forecastPeriods.startDate })
    .from(forecastPeriods)
    .where(eq(forecastPeriods.id, row.forecast_period_id ?? 0));
  const productId = row.product_id ?? 0;
  const flowId = await firstFittingFlow(tx, productId);
  if (flowId === null) {
    throw ruleError(
      'flow_id',
      `No active production flow can make ${String(row.product_sku)}: create one first`,
    );
  }
  return insertDraftOrder(tx, actor, {
    productId,
    flowId,
    units: row.planned_units ?? 0,
    dueDate: period!.start,
    note: `From forecast ${period!.name}`,
    forecastProductionPlanId: row.id,
    source: { forecast_period: period!.name },
  });
}

async function announce(deps: AppDeps, moved: readonly Moved[]) {
  for (const m of moved) {
    await publishChange(deps, FORECAST_PRODUCTION_PLANS, 'updated', m.row);
    if (m.order) await publishOrder(deps, 'created', m.order);
  }
}

export function registerForecastPlanRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  periods: ResolvedBinding,
): void {
  const { db } = deps.database;
  registerEntityRoutes(app, deps, planBinding);

  addRoute(app, {
    method: 'POST',
    url: `${FORECAST_PRODUCTION_PLANS.api}/:id/events/:event`,
    access: { area: 'forecast' },
    callers: { events: eventRoles },
    summary: 'Send a plan row event (accept, create_orders); send the version you read',
    params: eventParams,
    body: eventBody,
    response: entityRowSchema(FORECAST_PRODUCTION_PLANS),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const moved = await db.transaction((tx) =>
        moveRow(tx, actor, params.id, params.event, body.version),
      );
      await announce(deps, [moved]);
      return moved.row;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: `${FORECAST_PERIODS.api}/:id/plan/:event`,
    access: { area: 'forecast' },
    callers: { events: eventRoles },
    summary:
      "Send a plan event to every row of the period it applies to (accept the proposed, create orders for the accepted); send the period's version",
    params: eventParams,
    body: eventBody,
    response: z.object({
      period: entityRowSchema(FORECAST_PERIODS).nullable(),
      rows: z.array(entityRowSchema(FORECAST_PRODUCTION_PLANS)),
    }),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const { rows, period } = await db.transaction(async (tx) => {
        await lockResources(tx, [forecastPeriodKey(params.id)]);
        const period = await lockedRead(tx, periods, params.id);
        if (period.version !== body.version) {
          throw await staleVersion(tx, periods, params.id);
        }
        const from = params.event === 'accept' ? 'proposed' : 'accepted';
        const candidates = await tx
          .select({ id: plans.id })
          .from(plans)
          .where(
            and(
              eq(plans.forecastPeriodId, params.id),
              eq(plans.status, from),
              params.event === 'create_orders' ? sql`${plans.plannedUnits} > 0` : undefined,
            ),
          )
          .orderBy(asc(plans.id))
          .for('update');
        if (candidates.length === 0) {
          throw ruleError('status', `No ${from} plan rows to ${params.event.replace('_', ' ')}`);
        }
        const moved: Moved[] = [];
        for (const c of candidates) {
          moved.push(await moveRow(tx, actor, c.id, params.event, null));
        }
        // The period's facts (plans proposed, orders waiting) changed with its rows.
        await tx
          .update(forecastPeriods)
          .set({ updatedBy: actor.id })
          .where(eq(forecastPeriods.id, params.id));
        return { rows: moved, period: await findRow(tx, periods, params.id) };
      });
      await announce(deps, rows);
      if (period) await publishChange(deps, FORECAST_PERIODS, 'updated', period);
      return { period, rows: rows.map((m) => m.row) };
    },
  });
}
