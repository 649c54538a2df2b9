import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { FORECAST_PERIODS } from '../../../../src/domain/entities/forecast/forecast-periods.entity.ts';
import { FORECAST_CHANNEL } from '../../../../src/domain/entities/forecast/forecast-values.ts';
import {
  FORECAST_PERIOD_TRANSITIONS,
  forecastPeriodMachine,
} from '../../../../src/machines/workflows/forecast-period.machine.ts';
import { eventRolesOf } from '../../../../src/machines/workflows/stock-workflow.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { generateForecast } from '../../../db/forecast/generate-forecast.ts';
import { forecastPeriods } from '../../../db/schema/forecast.ts';
import { logTransition } from '../../../db/stock/transition-log.ts';
import type { EntityRow, ResolvedBinding } from '../../entity/entity-binding.ts';
import { lockedRead, readOrFail, registerEntityRoutes } from '../../entity/entity-routes.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { decideEvent } from '../../entity/decide-event.ts';
import { forecastPeriodsBinding } from './forecast-periods.binding.ts';

// Forecast periods: the entity routes, and the period's workflow events (generate, lock,
// close). Generating writes the allocations and the plan in the event's transaction and is
// announced after commit as `plan.generated` on private-forecast, so open plan pages reload.

export function registerForecastPeriodRoutes(app: FastifyInstance, deps: AppDeps): ResolvedBinding {
  const { db } = deps.database;
  const binding = registerEntityRoutes(app, deps, forecastPeriodsBinding);

  addRoute(app, {
    method: 'POST',
    url: `${FORECAST_PERIODS.api}/:id/events/:event`,
    access: { area: 'forecast' },
    callers: { events: eventRolesOf(FORECAST_PERIOD_TRANSITIONS) },
    summary:
      'Send a forecast period event (generate: allocations and plan from sales history; lock; close); send the version you read',
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: z.strictObject({ version: versionField, reason: z.string().trim().max(500).optional() }),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const result = await db.transaction(async (tx) => {
        const doc = await lockedRead(tx, binding, params.id);
        const from = String(doc.status);
        const to = await decideEvent(
          tx,
          { machine: forecastPeriodMachine, table: FORECAST_PERIOD_TRANSITIONS, binding },
          params.event,
          actor,
          doc as EntityRow & { status: string },
          { version: body.version, reason: body.reason },
        );
        const generated =
          params.event === 'generate'
            ? await generateForecast(
                tx,
                {
                  id: doc.id,
                  start_date: String(doc.start_date),
                  end_date: String(doc.end_date),
                  history_from: String(doc.history_from),
                  history_to: String(doc.history_to),
                  growth_pct: Number(doc.growth_pct),
                },
                actor.id,
              )
            : null;
        await tx
          .update(forecastPeriods)
          .set({ status: to, updatedBy: actor.id })
          .where(eq(forecastPeriods.id, params.id));
        await logTransition(tx, {
          entityType: FORECAST_PERIODS.name,
          entityId: params.id,
          from,
          to,
          event: params.event,
          reason: body.reason ?? null,
          payload: generated,
          actorId: actor.id,
        });
        return { row: await readOrFail(tx, binding, params.id), generated };
      });
      await publishChange(deps, FORECAST_PERIODS, 'updated', result.row);
      if (result.generated) {
        await deps.realtime.publisher.publish({
          channels: [FORECAST_CHANNEL],
          event: 'plan.generated',
          data: {
            id: result.row.id,
            seq: Number(result.row.seq),
            version: result.row.version,
            data: { forecast_period_id: result.row.id, ...result.generated },
          },
        });
      }
      return result.row;
    },
  });
  return binding;
}
