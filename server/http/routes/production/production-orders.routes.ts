import type { FastifyInstance } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  BATCHING_PICKS,
  DASHBOARD_ORDERS,
  PRODUCTION_ORDER_INGREDIENTS,
  PRODUCTION_ORDER_OPERATIONS,
  PRODUCTION_ORDERS,
} from '../../../../src/domain/entities/production/production-orders.entity.ts';
import {
  REWORK_KINDS,
  type ReworkKind,
} from '../../../../src/domain/entities/production/potency-rework.ts';
import { ORDER_EVENT_ROLES } from '../../../../src/machines/workflows/production-order.rules.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { recordPicks } from '../../../db/production/order-effects.ts';
import {
  batchingPicks,
  productionOrderIngredients,
  productionOrderOperations as ops,
  productionOrders,
} from '../../../db/schema/production-orders.ts';
import { ruleError } from '../../../errors/api-error.ts';
import {
  qualified,
  refLabel,
  resolveBinding,
  type EntityBinding,
  type ResolvedBinding,
} from '../../entity/entity-binding.ts';
import { readOrFail, registerEntityRoutes, staleVersion } from '../../entity/entity-routes.ts';
import { addRoute, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import {
  binLabel,
  locationLabel,
  lotLabel,
  productLabels,
} from '../../entity/shared-field-labels.ts';
import { productionOrderBinding } from './production-orders.binding.ts';
import {
  isOrderEvent,
  publishOrder,
  publishOrderTransition,
  transitionOrder,
} from './order-transition.ts';
import { phases, operations } from '../../../db/schema/production-config.ts';
import { assertPicksOnHand } from '../../../db/production/pick-reservations.ts';
import { applyPickChoices } from '../../../db/production/pick-choices.ts';
import { putPickedContainersInUse } from '../../../../modules/lab/server/db/containers-in-use.ts';
import { containerAnnouncer } from '../../../../modules/lab/server/routes/announce-containers.ts';
import { settleOrders } from './production-transfers.ts';
import { registerPickOptionRoutes } from './pick-options.routes.ts';
import { entityRowSchema } from '../../entity/entity-row-schema.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';

// Production orders (docs/domain/production.md §3.2): the entity routes for drafts and reads (with
// the release snapshot, picks and operations), the workflow events, and the batcher's picks.

/** Who records picks: the roles that start batching. */
const BATCHERS = ORDER_EVENT_ROLES.start_batching ?? [];

const children = {
  ingredients: resolveBinding({
    entity: PRODUCTION_ORDER_INGREDIENTS,
    table: productionOrderIngredients,
    computed: productLabels(productionOrderIngredients.productId),
  }),
  picks: resolveBinding({
    entity: BATCHING_PICKS,
    table: batchingPicks,
    computed: {
      ...productLabels(batchingPicks.productId),
      lot_no: lotLabel(batchingPicks.lotId),
      bin_code: binLabel(batchingPicks.binId),
      location_name: locationLabel(batchingPicks.locationId),
      picked_by_name: sql`(select u.name from users u where u.id = ${qualified(batchingPicks.pickedBy)})`,
    },
  }),
  operations: resolveBinding({
    entity: PRODUCTION_ORDER_OPERATIONS,
    table: ops,
    computed: {
      phase_code: refLabel(ops.phaseId, phases, 'code'),
      operation_name: refLabel(ops.operationId, operations),
      assigned_to_name: sql`(select u.name from users u where u.id = ${qualified(ops.assignedTo)})`,
    },
  }),
};

async function readChildren(db: Db | Tx, row: EntityRow) {
  // One after another: inside a transaction `db` is one connection, which runs one query at a
  // time (node-postgres queues the others and warns that it will stop doing so).
  const ingredients = await db
    .select(children.ingredients.selection)
    .from(productionOrderIngredients)
    .where(eq(productionOrderIngredients.productionOrderId, row.id))
    .orderBy(asc(productionOrderIngredients.id));
  const picks = await db
    .select(children.picks.selection)
    .from(batchingPicks)
    .where(eq(batchingPicks.productionOrderId, row.id))
    .orderBy(asc(batchingPicks.id));
  const operations = await db
    .select(children.operations.selection)
    .from(ops)
    .where(eq(ops.productionOrderId, row.id))
    .orderBy(asc(ops.seq));
  return { ingredients, picks, operations };
}

const eventBody = z.looseObject({
  version: versionField,
  reason: z.string().trim().max(500).optional(),
  actual_batch_ml: z.coerce.number().positive().max(100_000_000).optional(),
  bottled_units: z.coerce.number().int().min(0).max(10_000_000).optional(),
  bottling_waste_units: z.coerce.number().int().min(0).max(10_000_000).optional(),
  labeled_units: z.coerce.number().int().min(0).max(10_000_000).optional(),
  label_waste_units: z.coerce.number().int().min(0).max(10_000_000).optional(),
  cart_id: z.coerce.number().int().positive().nullable().optional(),
  // A rework's accepted addition (docs/domain/production.md "Potency control charts").
  rework_kind: z.enum(REWORK_KINDS).optional(),
  rework_ml: z.coerce.number().positive().max(100_000_000).optional(),
});

/** What an event must bring, on top of the machine's guards. */
const REQUIRED_INPUT: Record<string, readonly string[]> = {
  finish_batching: ['actual_batch_ml'],
  finish_bottling: ['bottled_units', 'bottling_waste_units'],
  finish_labeling: ['labeled_units', 'label_waste_units'],
};

/** A rework's addition comes whole (kind and ml), and only with a rework. */
function reworkInput(event: string, kind: ReworkKind | undefined, ml: number | undefined) {
  if (kind === undefined && ml === undefined) return {};
  if (event !== 'rework') throw ruleError('rework_kind', 'Only a rework takes an addition');
  if (kind === undefined) throw ruleError('rework_kind', 'required');
  if (ml === undefined) throw ruleError('rework_ml', 'required');
  return { rework_kind: kind, rework_ml: ml };
}

const picksBody = z.object({
  version: versionField,
  /** Left out: every suggested pick is taken as suggested. */
  picks: z
    .array(
      z.object({
        id: z.coerce.number().int().positive(),
        picked_qty: z.coerce.number().min(0).max(1e9),
        /** The lot scanned or typed instead of the suggested one. */
        lot_no: z.string().trim().max(40).optional(),
        /** The bin scanned or typed instead of the suggested one ('' for no bin). */
        bin_code: z.string().trim().max(30).optional(),
      }),
    )
    .max(500)
    .optional(),
});

export function registerProductionOrderRoutes(
  app: FastifyInstance,
  deps: AppDeps,
): ResolvedBinding {
  const { db } = deps.database;
  // A pick from a lab-received lot opens its containers; the lab hears it (container.updated).
  const announceContainers = containerAnnouncer(deps);
  const binding = registerEntityRoutes(app, deps, {
    ...productionOrderBinding,
    readExtra: readChildren,
  } satisfies EntityBinding);
  // The dashboard's read-only view of the same rows, for everyone the dashboard row names.
  registerEntityRoutes(app, deps, {
    ...productionOrderBinding,
    entity: DASHBOARD_ORDERS,
    hooks: {},
  });
  // An order as its own routes answer it: its row and its lines.
  const orderWithLines = entityRowSchema(PRODUCTION_ORDERS).extend({
    ingredients: z.array(entityRowSchema(children.ingredients.entity)),
    picks: z.array(entityRowSchema(children.picks.entity)),
    operations: z.array(entityRowSchema(children.operations.entity)),
  });
  const read = async (tx: Db | Tx, id: number) => {
    const row = await readOrFail(tx, binding, id);
    return { ...row, ...(await readChildren(tx, row)) };
  };

  addRoute(app, {
    method: 'POST',
    url: `${PRODUCTION_ORDERS.api}/:id/events/:event`,
    response: orderWithLines.extend({ warnings: z.array(z.string()) }),
    access: { area: PRODUCTION_ORDERS.area },
    callers: { events: ORDER_EVENT_ROLES },
    summary: 'Send a workflow event to a production order; send the version you read',
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: eventBody,
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      if (!isOrderEvent(params.event)) throw ruleError('status', `Unknown event ${params.event}`);
      const event = params.event;
      const { version, reason, cart_id, rework_kind, rework_ml, ...counters } = body;
      const missing = (REQUIRED_INPUT[event] ?? []).find(
        (name) => (counters as Record<string, unknown>)[name] === undefined,
      );
      if (missing) throw ruleError(missing, 'required');
      const rework = reworkInput(event, rework_kind, rework_ml);
      const result = await db.transaction(async (tx) => {
        const t = await transitionOrder(tx, binding, {
          id: params.id,
          version,
          event,
          actor,
          reason: reason ?? null,
          input: {
            ...(counters as Record<string, number>),
            ...(cart_id !== undefined ? { cart_id } : {}),
            ...rework,
          },
        });
        // Resumed into transfer_pending after its last transfer arrived: it is transferred.
        const settled =
          event === 'resume' && t.to.stage === 'transfer_pending'
            ? await settleOrders(tx, null, [params.id], actor)
            : [];
        return { t, settled };
      });
      await publishOrderTransition(deps, result.t);
      for (const t of result.settled) await publishOrderTransition(deps, t);
      // The row as the transaction left it: transitionOrder reads it after its last write (a
      // settled transfer moves it once more), so it is not read a third time. The reply's lines
      // (ingredients, picks, operations; an effect may have changed them) are read after the
      // broadcast, from the committed state: other people's screens wait on the broadcast, and
      // on PGlite every read in the transaction held the commit back.
      const row = result.settled.at(-1)?.row ?? result.t.row;
      const lines = await readChildren(db, row);
      return { ...row, ...lines, warnings: result.t.outcome.warnings ?? [] };
    },
  });

  // The batcher confirms what was taken from each suggested lot and bin
  // (docs/domain/production.md §3.2 "picks complete" guards start_batching).
  addRoute(app, {
    method: 'POST',
    url: `${PRODUCTION_ORDERS.api}/:id/picks`,
    response: orderWithLines,
    access: { area: PRODUCTION_ORDERS.area },
    callers: { roles: BATCHERS },
    summary:
      'Record the picked quantities, lots and bins of a released order (all as suggested when none are sent)',
    params: idParams,
    body: picksBody,
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const { row, opened } = await db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from production_orders where id = ${params.id} for update`);
        const order = await readOrFail(tx, binding, params.id);
        if (order.version !== body.version) throw await staleVersion(tx, binding, params.id);
        if (order.status !== 'released') {
          throw ruleError('status', 'Picks are recorded on a released order, before batching');
        }
        if (body.picks) await applyPickChoices(tx, params.id, body.picks);
        await recordPicks(tx, params.id, body.picks ?? null, actor.id);
        await assertPicksOnHand(tx, params.id);
        const opened = await putPickedContainersInUse(tx, params.id, actor.id);
        // The order's version moves with its picks, so a stale pick list is refused too.
        await tx
          .update(productionOrders)
          .set({ updatedBy: actor.id })
          .where(eq(productionOrders.id, params.id));
        return { row: await read(tx, params.id), opened };
      });
      await publishOrder(deps, 'updated', row);
      await announceContainers(opened);
      return row;
    },
  });
  registerPickOptionRoutes(app, deps);
  return binding;
}
