import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CHART_SUBJECTS,
  orderPotencySchema,
  POTENCY_API,
  potencyChartSchema,
  potencyDriftSchema,
  potencySubjectsSchema,
  type PotencyDrift,
} from '../../../../src/domain/entities/production/potency-chart-values.ts';
import type { AppDeps } from '../../../app-deps.ts';
import {
  judgedPoints,
  potencyRows,
  potencyRowsOfAll,
  potencySubjects,
} from '../../../db/production/potency-points.ts';
import { orderPotency } from '../../../db/production/order-potency.ts';
import { addRoute } from '../../route.ts';
import { idParams } from '../common-fields.ts';

// Potency control charts (docs/domain/production.md "Potency control charts"): the server reads
// a subject's newest results and judges them with the domain's individuals chart and Westgard
// rules, so every screen (the chart, the HPLC pages, the QA manager's home, the wall) shows the
// same flags. The HPLC page's roles read them.

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
    handler: async () => {
      const drifts: PotencyDrift[] = [];
      for (const by of CHART_SUBJECTS) {
        const labels = new Map((await potencySubjects(db, by)).map((s) => [s.id, s.label]));
        for (const [id, rows] of await potencyRowsOfAll(db, by, [...labels.keys()])) {
          const newest = judgedPoints(rows).at(-1);
          if (!newest || newest.rules.length === 0) continue;
          drifts.push({
            by,
            id,
            label: labels.get(id) ?? String(id),
            rules: newest.rules,
            production_order_id: newest.production_order_id,
            order_number: newest.order_number,
            percent_of_claim: newest.percent_of_claim,
          });
        }
      }
      return drifts;
    },
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
