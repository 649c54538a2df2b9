import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FORECAST_PERIODS } from '../../shared/entities/forecast-periods.entity.ts';
import { FORECAST_CHANNEL } from '../../shared/entities/forecast-values.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import {
  FORECAST_PERIOD_TRANSITIONS,
  forecastPeriodMachine,
} from '../../shared/machines/forecast-period.machine.ts';
import { eventRolesOf } from '../../../../src/machines/workflows/document-workflow.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { generateForecast } from '../db/generate-forecast.ts';
import { forecastPeriodKey } from '../../../../server/db/resource-locks.ts';
import type { ResolvedBinding } from '../../../../server/http/entity/entity-binding.ts';
import { registerEntityRoutes } from '../../../../server/http/entity/entity-routes.ts';
import {
  byTransitionTable,
  eventRequest,
  runEvent,
} from '../../../../server/http/entity/event-pipeline.ts';
import { entityRowSchema } from '../../../../server/http/entity/entity-row-schema.ts';
import { publishChange } from '../../../../server/http/entity/publish-change.ts';
import { addRoute, signedIn } from '../../../../server/http/route.ts';
import { idParams, versionField } from '../../../../server/http/routes/common-fields.ts';
import { forecastPeriodsBinding } from './forecast-periods.binding.ts';

// Forecast periods: the entity routes, and the period's workflow events (generate, lock,
// close) through the one event pipeline. Generating writes the allocations and the plan in
// the event's transaction and is announced after commit as `plan.generated` on
// private-forecast, so open plan pages reload.

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
    response: entityRowSchema(FORECAST_PERIODS),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const result = await db.transaction((tx) =>
        runEvent<string, { allocations: number; plans: number }>(
          tx,
          {
            binding,
            // Its plan rows' events and allocation edits read its status: they take turns.
            lockFirst: async () => [forecastPeriodKey(params.id)],
            ...byTransitionTable(
              { machine: forecastPeriodMachine, table: FORECAST_PERIOD_TRANSITIONS },
              params.event,
              actor,
            ),
            effect: async ({ doc }) => {
              if (params.event !== 'generate') return {};
              const period = rowOf(FORECAST_PERIODS, doc);
              const generated = await generateForecast(
                tx,
                {
                  id: period.id,
                  start_date: period.start_date,
                  end_date: period.end_date,
                  history_from: period.history_from,
                  history_to: period.history_to,
                  growth_pct: period.growth_pct ?? 0,
                },
                actor.id,
              );
              return { payload: generated, after: generated };
            },
          },
          eventRequest(params, body, actor),
        ),
      );
      const generated = result.after;
      await publishChange(deps, FORECAST_PERIODS, 'updated', result.row);
      if (generated) {
        await deps.realtime.publisher.publish({
          channels: [FORECAST_CHANNEL],
          event: 'plan.generated',
          data: {
            id: result.row.id,
            seq: result.row.seq,
            version: result.row.version,
            data: { forecast_period_id: result.row.id, ...generated },
          },
        });
      }
      return result.row;
    },
  });
  return binding;
}
