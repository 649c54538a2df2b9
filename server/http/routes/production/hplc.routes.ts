import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { HPLC_REQUESTS } from '../../../../src/domain/entities/production/hplc-requests.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { judge, recordResult, testBasis } from '../../../db/production/hplc-tests.ts';
import { hplcRequests } from '../../../db/schema/production-orders.ts';
import { ruleError } from '../../../errors/api-error.ts';
import { qualified, type ResolvedBinding } from '../../entity/entity-binding.ts';
import { readOrFail, registerEntityRoutes } from '../../entity/entity-routes.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, signedIn } from '../../route.ts';
import { idParams } from '../common-fields.ts';
import { lotLabel, productLabels } from '../../entity/shared-field-labels.ts';
import {
  publishOrderTransition,
  transitionOrder,
  type OrderTransition,
} from './order-transition.ts';
import {
  publishRecoveryTransition,
  transitionRecovery,
  type RecoveryTransition,
} from './recovery-transition.ts';
import { entityRowSchema } from '../../entity/entity-row-schema.ts';

// The HPLC queue (docs/domain/production.md §3.2): requests raised by the orders' events (and R&D
// samples sent with HPLC asked for), and the one result per request the lab enters. The server
// judges it against the ranges it copies onto the result, and the order (or the recovery) whose
// sample it was moves on (hplc_pass / hplc_fail) in the same transaction; an R&D sample's
// result moves nothing but the request (it has no lot and no order).

/** Who enters results (admin always may). */
const ANALYSTS = ['hplc_tech'];

const result = (column: string) =>
  sql`(select r.${sql.raw(column)} from hplc_results r where r.hplc_request_id = ${qualified(hplcRequests.id)})`;

const resultBody = z.object({
  measured_mg: z.coerce.number().min(0).max(1000),
  replicates: z.array(z.coerce.number().min(0).max(1000)).max(20).optional(),
});

export function registerHplcRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  orders: ResolvedBinding,
  recoveries: ResolvedBinding,
): void {
  const { db } = deps.database;
  const binding = registerEntityRoutes(app, deps, {
    entity: HPLC_REQUESTS,
    table: hplcRequests,
    computed: {
      production_order_number: sql`(select o.number from production_orders o where o.id = ${qualified(hplcRequests.productionOrderId)})`,
      recovery_number: sql`(select y.number from production_recoveries y where y.id = ${qualified(hplcRequests.recoveryId)})`,
      rd_sample_number: sql`(select s.number from rd_samples s where s.id = ${qualified(hplcRequests.rdSampleId)})`,
      ...productLabels(hplcRequests.productId),
      lot_no: lotLabel(hplcRequests.lotId),
      nominal_mg: sql`${result('nominal_mg')}::float8`,
      measured_mg: sql`${result('measured_mg')}::float8`,
      percent_of_claim: sql`${result('percent_of_claim')}::float8`,
      min_pct: sql`${result('min_pct')}::float8`,
      max_pct: sql`${result('max_pct')}::float8`,
      passed: result('passed'),
      tested_at: result('tested_at'),
      analyst_name: sql`(select u.name from hplc_results r join users u on u.id = r.analyst_id
                          where r.hplc_request_id = ${qualified(hplcRequests.id)})`,
    },
  });

  addRoute(app, {
    method: 'POST',
    url: `${HPLC_REQUESTS.api}/:id/result`,
    response: entityRowSchema(HPLC_REQUESTS),
    access: { area: HPLC_REQUESTS.area },
    callers: { roles: ANALYSTS },
    summary:
      'Enter the result of an HPLC request; the server judges it and moves its order or recovery',
    params: idParams,
    body: resultBody,
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const outcome = await db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from hplc_requests where id = ${params.id} for update`);
        const request = await readOrFail(tx, binding, params.id);
        if (!['requested', 'sampled', 'in_analysis'].includes(String(request.status))) {
          throw ruleError(
            'status',
            `This request is ${String(request.status).replaceAll('_', ' ')}`,
          );
        }
        const basis = await testBasis(tx, {
          productId: typeof request.product_id === 'number' ? request.product_id : null,
          rdSampleId: typeof request.rd_sample_id === 'number' ? request.rd_sample_id : null,
        });
        const verdict = await judge(tx, basis, body.measured_mg);
        await recordResult(tx, params.id, verdict, {
          measuredMg: body.measured_mg,
          replicates: body.replicates ?? null,
          analystId: actor.id,
        });
        let order: OrderTransition | null = null;
        let recovery: RecoveryTransition | null = null;
        const event = verdict.passed ? 'hplc_pass' : 'hplc_fail';
        if (typeof request.production_order_id === 'number') {
          order = await transitionOrder(tx, orders, {
            id: request.production_order_id,
            version: null,
            event,
            actor,
            reason: verdict.overLimit ?? null,
            input: {},
            auto: true,
          });
        }
        if (typeof request.recovery_id === 'number') {
          recovery = await transitionRecovery(tx, recoveries, {
            id: request.recovery_id,
            version: null,
            event,
            actor,
            reason: verdict.overLimit ?? null,
            auto: true,
          });
        }
        return { row: await readOrFail(tx, binding, params.id), order, recovery };
      });
      await publishChange(deps, HPLC_REQUESTS, 'updated', outcome.row);
      await deps.realtime.publisher.publish({
        channels: [HPLC_REQUESTS.channel],
        event: 'hplc.result_entered',
        data: { id: outcome.row.id, passed: outcome.row.passed },
      });
      if (outcome.order) await publishOrderTransition(deps, outcome.order);
      if (outcome.recovery) await publishRecoveryTransition(deps, outcome.recovery);
      return outcome.row;
    },
  });
}
