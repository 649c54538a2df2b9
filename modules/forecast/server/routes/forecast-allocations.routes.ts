import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { allocationOverflows } from '../../shared/entities/forecast-arithmetic.ts';
import { FORECAST_ALLOCATIONS } from '../../shared/entities/forecast-allocations.entity.ts';
import {
  FORECAST_PRODUCTION_PLANS,
  type ForecastPlanRow,
} from '../../shared/entities/forecast-production-plans.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { diffFields, writeAudit } from '../../../../server/db/audit.ts';
import { refreshPlan } from '../db/production-plan.ts';
import { periodLockOf } from '../db/period-lock.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { lockResources } from '../../../../server/db/resource-locks.ts';
import { forecastAllocations, forecastPeriods } from '../db/forecast.schema.ts';
import { products } from '../../../../server/db/schema/inventory.ts';
import { ruleError, validationError } from '../../../../server/errors/api-error.ts';
import { qualified, refLabel } from '../../../../server/http/entity/entity-binding.ts';
import { findRow } from '../../../../server/http/entity/entity-queries.ts';
import {
  lockedRead,
  readOrFail,
  registerEntityRoutes,
  staleVersion,
} from '../../../../server/http/entity/entity-routes.ts';
import { entityRowSchema } from '../../../../server/http/entity/entity-row-schema.ts';
import { publishChange } from '../../../../server/http/entity/publish-change.ts';
import { addRoute, signedIn } from '../../../../server/http/route.ts';
import { idParams, versionField } from '../../../../server/http/routes/common-fields.ts';
import {
  locationLabel,
  productLabels,
} from '../../../../server/http/entity/shared-field-labels.ts';
import { planBinding } from './forecast-plans.routes.ts';

// Forecast allocations: the generated rows as a list, and their one edit
// (docs/domain/forecast.md §11): the forecast, with a reason whenever it differs from the computed
// one, and the share of the product's family, the family's shares in the period at most 100 %
// (`more100%`). Only an open period's rows change; the product's plan row follows its new forecast
// in the same transaction, and both go out on private-forecast.

const a = forecastAllocations;

const body = z.strictObject({
  version: versionField,
  forecast_units: z.coerce.number().int().min(0).max(100_000_000).optional(),
  override_reason: z.string().trim().max(500).nullable().optional(),
  allocation_pct: z.coerce.number().min(0).max(100).nullable().optional(),
});

export function registerForecastAllocationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const binding = registerEntityRoutes(app, deps, {
    entity: FORECAST_ALLOCATIONS,
    table: a,
    computed: {
      ...productLabels(a.productId),
      period_name: refLabel(a.forecastPeriodId, forecastPeriods),
      period_status: refLabel(a.forecastPeriodId, forecastPeriods, 'status'),
      location_name: locationLabel(a.locationId),
      family_name: sql<string | null>`(select f.name from products p
        join product_families f on f.id = p.family_id where p.id = ${qualified(a.productId)})`,
      overridden: sql<boolean>`(${qualified(a.forecastUnits)} <> ${qualified(a.defaultUnits)})`,
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: `${FORECAST_ALLOCATIONS.api}/:id`,
    access: { area: 'forecast' },
    summary:
      "Change an open period's allocation: forecast units (a reason when it differs from the computed one) and share of family %; send the version you read",
    params: idParams,
    response: entityRowSchema(FORECAST_ALLOCATIONS),
    body,
    handler: async ({ params, body: sent, user, request }) => {
      const actor = signedIn(user);
      const { version, ...fields } = sent;
      const result = await db.transaction(async (tx) => {
        // Its period first (lock order: server/http/README.md): the family's shares and the
        // period's status are read under it, and the plan row it rewrites is written under it.
        await lockResources(tx, await periodLockOf(tx, a, params.id));
        const before = rowOf(FORECAST_ALLOCATIONS, await lockedRead(tx, binding, params.id));
        if (before.version !== version) throw await staleVersion(tx, binding, params.id);
        if (before.period_status !== 'open') {
          throw ruleError('status', `A ${String(before.period_status)} period's forecast is final`);
        }
        // Its columns are not null; a read model's type only allows for it.
        const periodId = before.forecast_period_id ?? 0;
        const productId = before.product_id ?? 0;
        const computed = before.default_units ?? 0;
        const current = before.forecast_units ?? 0;
        const forecast = fields.forecast_units ?? current;
        const reasonSent = fields.override_reason;
        const reason =
          forecast === computed
            ? null
            : reasonSent === undefined
              ? forecast === current
                ? before.override_reason
                : null
              : reasonSent || null;
        if (forecast !== computed && !reason) {
          throw validationError({ override_reason: 'required' });
        }
        if (fields.allocation_pct !== undefined && fields.allocation_pct !== null) {
          const [family] = await tx
            .select({ id: products.familyId })
            .from(products)
            .where(eq(products.id, productId));
          if (family?.id != null) {
            const shares = await queryRows<{ pct: number }>(
              tx,
              sql`select coalesce(x.allocation_pct, 0)::float8 as pct
                from forecast_allocations x join products p on p.id = x.product_id
                where x.forecast_period_id = ${periodId}
                  and p.family_id = ${family.id} and x.id <> ${params.id}`,
            );
            if (allocationOverflows([...shares.map((s) => s.pct), fields.allocation_pct])) {
              throw validationError({ allocation_pct: 'more100%' });
            }
          }
        }
        const set = {
          forecastUnits: forecast,
          overrideReason: reason,
          ...(fields.allocation_pct !== undefined
            ? {
                allocationPct:
                  fields.allocation_pct === null ? null : String(fields.allocation_pct),
              }
            : {}),
          updatedBy: actor.id,
        };
        await tx
          .update(a)
          .set(set)
          .where(and(eq(a.id, params.id), eq(a.version, version)));
        await writeAudit(tx, {
          entityType: FORECAST_ALLOCATIONS.name,
          entityId: params.id,
          action: 'update',
          changes: diffFields(before, {
            forecast_units: forecast,
            override_reason: reason,
            ...(fields.allocation_pct !== undefined
              ? { allocation_pct: fields.allocation_pct }
              : {}),
          }),
          userId: actor.id,
          ip: request.ip,
        });
        const planIds = await refreshPlan(tx, periodId, actor.id, [productId]);
        const planRows: ForecastPlanRow[] = [];
        for (const id of planIds) {
          const row = await findRow(tx, planBinding, id);
          if (row) planRows.push(rowOf(FORECAST_PRODUCTION_PLANS, row));
        }
        return { row: await readOrFail(tx, binding, params.id), planRows };
      });
      await publishChange(deps, FORECAST_ALLOCATIONS, 'updated', result.row);
      for (const row of result.planRows) {
        await publishChange(deps, FORECAST_PRODUCTION_PLANS, 'updated', row);
      }
      return result.row;
    },
  });
}
