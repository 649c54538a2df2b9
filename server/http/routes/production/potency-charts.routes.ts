import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CHART_SUBJECTS,
  orderPotencySchema,
  POTENCY_API,
  potencyChartSchema,
  potencyDriftSchema,
  potencySubjectsSchema,
  driftingOrderSchema,
  driftingOrders,
} from '../../../../src/domain/entities/production/potency-chart-values.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { judgedPoints, potencyRows, potencySubjects } from '../../../db/production/potency-points.ts';
import { currentDrifts } from '../../../db/production/potency-drifts.ts';
import { orderPotency } from '../../../db/production/order-potency.ts';
import { addRoute } from '../../route.ts';
import { idParams } from '../common-fields.ts';

// Potency control charts (docs/domain/production.md "Potency control charts"): the server reads
// a subject's newest results and judges them with the domain's individuals chart and Westgard
// rules, so every screen (the chart, the HPLC pages, the QA manager's home, the wall) shows the
// same flags. The HPLC page's roles read them; the production dashboard's roles read which of
// their orders drift.

const AREA = { area: 'production_hplc' } as const;
const subject = z.enum(CHART_SUBJECTS);

export function registerPotencyChartRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  addRoute(app, {
    method: 'GET',
    url: POTENCY_API,
    access: AREA,
    summary:
      'A potency control chart: the % of claim of the newest HPLC results of a product, recipe or batcher, judged by Westgard rules',
    query: z.object({ by: subject, id: z.coerce.number().int().positive() }),
    response: potencyChartSchema,
    handler: async ({ query }) => {
      const points = judgedPoints(await potencyRows(db, query.by, query.id));
      return { by: query.by, id: query.id, points, drift: points.at(-1)?.rules ?? [] };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: `${POTENCY_API}/subjects`,
    access: AREA,
    summary: 'The products, recipes or batchers with HPLC results, for choosing a chart',
    query: z.object({ by: subject }),
    response: potencySubjectsSchema,
    handler: async ({ query }) => potencySubjects(db, query.by),
  });

  addRoute(app, {
    method: 'GET',
    url: `${POTENCY_API}/drifts`,
    access: AREA,
    summary: 'Every chart whose newest result a Westgard rule flags, with that result',
    response: z.array(potencyDriftSchema),
    handler: async () => currentDrifts(db),
  });

  addRoute(app, {
    method: 'GET',
    url: `${POTENCY_API}/drifting-orders`,
    access: { area: 'production_dashboard' },
    summary:
      'The orders whose HPLC result makes a potency chart drift, for the production dashboard and its wall',
    response: z.array(driftingOrderSchema),
    handler: async () => driftingOrders(await currentDrifts(db)),
  });

  addRoute(app, {
    method: 'GET',
    url: `${POTENCY_API}/orders/:id`,
    access: AREA,
    summary:
      "An order's latest HPLC result: its drift flags and the rework that brings it to target",
    params: idParams,
    response: orderPotencySchema,
    handler: async ({ params }) => orderPotency(db, params.id),
  });
}
