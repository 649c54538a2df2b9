import type { FastifyInstance } from 'fastify';
import { reelsOf } from '../../../db/production/stamping-order-reels.ts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { STAMP_REELS } from '../../../../src/domain/entities/production/stamp-reels.entity.ts';
import { STAMPING_ORDERS } from '../../../../src/domain/entities/production/stamping-orders.entity.ts';
import {
  decideStampingOrder,
  isStampingEvent,
  isStampingStatus,
  STAMPING_EVENT_ROLES,
  type StampingEventName,
  type StampingFacts,
} from '../../../../src/machines/workflows/stamping-order.machine.ts';
import { decisionOf } from '../../../../src/machines/workflows/document-workflow.ts';
import type { AppDeps } from '../../../app-deps.ts';
import {
  applyStampingEffect,
  finishProblem,
  reelProblem,
  type StampingInput,
  type StampingOutcome,
} from '../../../db/production/stamping-effects.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { machineKey, stampReelKey } from '../../../db/resource-locks.ts';
import { ruleError } from '../../../errors/api-error.ts';
import type { ResolvedBinding } from '../../entity/entity-binding.ts';
import { readOrFail, registerEntityRoutes } from '../../entity/entity-routes.ts';
import { runEvent } from '../../entity/event-pipeline.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { publishStockPosting } from '../stock/publish-stock-posting.ts';
import {
  publishOrderTransition,
  transitionOrder,
  type OrderTransition,
} from './order-transition.ts';
import { registerStampingCorrectionRoutes } from './stamping-corrections.routes.ts';
import { stampingOrderBinding } from './stamping-orders.binding.ts';
import { entityRowSchema } from '../../entity/entity-row-schema.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';

// Product stamping order events through the one event pipeline
// (event-pipeline.ts): under the order's row lock and the locks of what the event reads besides
// (its machine's status, its reels' stamps), the machine decides on facts read in the same
// transaction (403 role, 409 stale, 422 guard or unmapped); then the reels, the reel ledger,
// the stock, the order's counts and the status_transitions row commit together. Finishing the stamping of a production order also moves that order
// stamping → transfer_pending through its own machine, in the same transaction. After commit
// `stamping.updated` goes out on private-production.stamping, with the reels' and order's news.

const count = z.coerce.number().int().min(0).max(100_000_000);

const eventBody = z.object({
  version: versionField,
  reason: z.string().trim().max(500).optional(),
  reel_ids: z.array(z.coerce.number().int().positive()).max(50).optional(),
  counter_start: count.optional(),
  counter_end: count.optional(),
  wasted_bottles: count.optional(),
  reels: z
    .array(
      z.object({
        reel_id: z.coerce.number().int().positive(),
        applied: count.optional(),
        wasted: count.optional(),
        damaged: count.optional(),
        returned: count.optional(),
      }),
    )
    .max(50)
    .optional(),
});

type EventBody = z.infer<typeof eventBody>;

/** Where stamp_inventory and managers reach issue and cancel: pending reel approvals. */
export const PENDING_STAMPING_API = '/api/production/pending_reels/stamping-orders';

export function registerStampingOrderRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  productionOrders: ResolvedBinding,
): ResolvedBinding {
  const { db } = deps.database;
  const binding = registerEntityRoutes(app, deps, stampingOrderBinding);

  async function handle(
    id: number,
    event: string,
    body: EventBody,
    actor: ReturnType<typeof signedIn>,
  ) {
    const reason = body.reason ?? null;
    const input: StampingInput = body;
    return db.transaction(async (tx) => {
      // The reconciliation names the reel line at fault, more precisely than the machine: its
      // field is where an isReconciled refusal goes (filled once the counts are read).
      const refusalFields: Record<string, string> = { areReelsAvailable: 'reel_ids' };
      const t = await runEvent<string, StampingOutcome>(
        tx,
        {
          binding,
          resources: async ({ doc }) => [
            ...(event === 'save' || event === 'start'
              ? [machineKey(rowOf(STAMPING_ORDERS, doc).machine_id)]
              : []),
            ...(await reelsOf(tx, id, event === 'start' ? body.reel_ids : undefined)).map(
              stampReelKey,
            ),
          ],
          decide: async ({ doc }) => {
            const from = String(doc.status);
            if (!isStampingEvent(event) || !isStampingStatus(from)) {
              return { kind: 'unmapped', reason: `Transition ${from}→${event} not allowed` };
            }
            const finishing = event === 'finish' ? await finishProblem(tx, doc, input) : null;
            if (finishing) refusalFields.isReconciled = finishing.field;
            const facts: StampingFacts = {
              machineOperational: doc.machine_status === 'operational',
              reelProblem: event === 'start' ? await reelProblem(tx, doc, body.reel_ids) : null,
              finishProblem: finishing?.message ?? null,
            };
            return decisionOf(
              decideStampingOrder(from, { type: `stamping.${event}`, actor, facts, reason }),
            );
          },
          refusalFields,
          effect: async ({ doc }) => {
            const outcome = await applyStampingEffect(event as StampingEventName, {
              tx,
              actorId: actor.id,
              order: doc,
              reason,
              input,
            });
            return { set: outcome.set, payload: payloadOf(event, body), after: outcome };
          },
        },
        { id, event, version: body.version, reason, actor, input: {} },
      );
      const outcome = t.after ?? {};
      let order: OrderTransition | null = null;
      const moId = rowOf(STAMPING_ORDERS, t.before).production_order_id;
      if (event === 'finish' && moId != null) {
        order = await finishOrderStamping(
          tx,
          moId,
          Number(outcome.set?.stampedUnits),
          body,
          actor.id,
        );
        // The stamping order's row as the production order's step left it.
        return { row: await readOrFail(tx, binding, id), outcome, order };
      }
      return { row: t.row, outcome, order };
    });
  }

  /** The production order's stamping stage ends with this order: its machine decides. */
  async function finishOrderStamping(
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    moId: number,
    stamped: number,
    body: EventBody,
    actorId: number,
  ): Promise<OrderTransition> {
    const [mo] = await queryRows<{ number: string; status: string; stage: string | null }>(
      tx,
      sql`select number, status, stage from production_orders where id = ${moId}`,
    );
    if (mo?.status !== 'in_progress' || mo.stage !== 'stamping') {
      throw ruleError(
        'production_order_id',
        `${mo?.number ?? 'The production order'} is not in stamping: finish its labeling first`,
      );
    }
    return transitionOrder(tx, productionOrders, {
      id: moId,
      version: null,
      event: 'finish_stamping',
      actor: { id: actorId, roles: ['stamper'] },
      reason: null,
      input: { stamped_units: stamped, stamping_waste_units: body.wasted_bottles ?? 0 },
      auto: true,
    });
  }

  async function after(result: Awaited<ReturnType<typeof handle>>) {
    await publishChange(deps, STAMPING_ORDERS, 'updated', result.row);
    for (const reelId of result.outcome.reelIds ?? []) {
      await deps.realtime.publisher.publish({
        channels: [STAMP_REELS.channel, STAMPING_ORDERS.channel],
        event: result.row.status === 'reel_pending' ? 'reel.approval_requested' : 'reel.updated',
        data: { id: reelId, stamping_order_id: result.row.id },
      });
    }
    if (result.outcome.posting) await publishStockPosting(deps, result.outcome.posting);
    if (result.order) await publishOrderTransition(deps, result.order);
  }

  // The stamper cannot read the reels pages: the start page offers the reels it may ask for.
  addRoute(app, {
    method: 'GET',
    url: `${STAMPING_ORDERS.api}/:id/available-reels`,
    response: z.array(
      z.object({
        id: z.number().int(),
        reel_no: z.string(),
        remaining_qty: z.number(),
        first_serial: z.number(),
        last_serial: z.number(),
        stamp_type_name: z.string().nullable(),
      }),
    ),
    access: { area: STAMPING_ORDERS.area },
    summary: "Available reels of the order's jurisdiction and module, oldest first",
    params: idParams,
    handler: async ({ params: p }) => {
      const doc = rowOf(STAMPING_ORDERS, await readOrFail(db, binding, p.id));
      return queryRows<Record<string, unknown>>(
        db,
        sql`select r.id::int as id, r.reel_no, r.remaining_qty, r.first_serial::float8 as first_serial,
                   r.last_serial::float8 as last_serial,
                   (select t.name from parameters t where t.id = r.stamp_type_id) as stamp_type_name
              from stamp_reels r
             where r.status = 'available' and r.remaining_qty > 0 and r.module = ${doc.module}
               and r.stamp_jurisdiction_id = ${doc.stamp_jurisdiction_id}
             order by r.received_at, r.id`,
      );
    },
  });

  const params = idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) });
  for (const [url, area] of [
    [`${STAMPING_ORDERS.api}/:id/events/:event`, STAMPING_ORDERS.area],
    [`${PENDING_STAMPING_API}/:id/events/:event`, 'production_pending_reel'],
  ] as const) {
    addRoute(app, {
      method: 'POST',
      url,
      response: entityRowSchema(STAMPING_ORDERS),
      access: { area },
      // The machine's roles are the event's in every status: refused here, before the row.
      callers: { events: STAMPING_EVENT_ROLES },
      summary:
        'Send a stamping order event (save, start with reel_ids, issue, finish with counter_end, wasted_bottles and reels, cancel with a reason); send the version you read',
      params,
      body: eventBody,
      handler: async ({ params: p, body, user }) => {
        const result = await handle(p.id, p.event, body, signedIn(user));
        await after(result);
        return result.row;
      },
    });
  }
  registerStampingCorrectionRoutes(app, deps, binding);
  return binding;
}

/** What the status_transitions row keeps of the event: the reels, counts and counter. */
function payloadOf(event: string, body: EventBody): Record<string, unknown> | null {
  if (event === 'start') return { reel_ids: body.reel_ids ?? [] };
  if (event === 'issue' && body.counter_start !== undefined) {
    return { counter_start: body.counter_start };
  }
  if (event === 'finish') {
    return {
      counter_end: body.counter_end,
      wasted_bottles: body.wasted_bottles ?? 0,
      reels: body.reels ?? [],
    };
  }
  return null;
}
