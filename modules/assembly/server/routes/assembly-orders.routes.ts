import type { FastifyInstance } from 'fastify';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Area } from '../../../../src/domain/access.ts';
import {
  ASSEMBLY_DASHBOARD_ORDERS,
  ASSEMBLY_ORDER_COMPONENTS,
  ASSEMBLY_ORDERS,
  ASSEMBLY_SHIPPING_ORDERS,
} from '../../shared/entities/assembly-orders.entity.ts';
import { OPEN_ASSEMBLY_STATUSES } from '../../shared/entities/assembly-order-values.ts';
import { ASSEMBLY_RULES } from '../../shared/machines/assembly-order.machine.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import type { Db, Tx } from '../../../../server/db/client.ts';
import { assemblyOrderComponents, assemblyOrders } from '../db/assembly.schema.ts';
import { waitingForSql } from '../db/component-stock.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import {
  qualified,
  resolveBinding,
  type EntityBinding,
  type ResolvedBinding,
} from '../../../../server/http/entity/entity-binding.ts';
import { registerEntityRoutes } from '../../../../server/http/entity/entity-routes.ts';
import { entityRowSchema } from '../../../../server/http/entity/entity-row-schema.ts';
import { addRoute, signedIn } from '../../../../server/http/route.ts';
import { idParams, versionField } from '../../../../server/http/routes/common-fields.ts';
import { productLabels } from '../../../../server/http/entity/shared-field-labels.ts';
import { assemblyOrderBinding } from './assembly-orders.binding.ts';
import {
  isAssemblyEvent,
  publishAssemblyTransition,
  transitionAssemblyOrder,
} from './assembly-order-transition.ts';

// Assembly orders (docs/domain/assembly.md §4): the entity routes for admin's drafts and reads
// (with the release snapshot of components), the floor's read of the open orders, shipping's read
// of the finished ones (kits in stock, sold and shipped through sales orders), and the workflow
// events, each on the screen's own API so its area lets its roles in: admin's events on the
// orders, the crews' on the dashboard.

const components = resolveBinding({
  entity: ASSEMBLY_ORDER_COMPONENTS,
  table: assemblyOrderComponents,
  computed: productLabels(assemblyOrderComponents.productId),
});

async function readComponents(db: Db | Tx, row: { id: number }) {
  const rows = await db
    .select(components.selection)
    .from(assemblyOrderComponents)
    .where(eq(assemblyOrderComponents.assemblyOrderId, row.id))
    .orderBy(asc(assemblyOrderComponents.id));
  return { components: rows };
}

const count = z.coerce.number().int().min(0).max(1_000_000);

const eventBody = z.object({
  version: versionField,
  reason: z.string().trim().max(500).optional(),
  sealed_units: count.optional(),
  sealing_waste: count.optional(),
  stamped_units: count.optional(),
  stamping_waste: count.optional(),
  damaged_stamps: count.optional(),
  damage_reason: z.string().trim().max(500).optional(),
  cartoned_units: count.optional(),
  cartoning_waste: count.optional(),
  reel_id: z.coerce.number().int().positive().optional(),
});

/** What a stage's event must bring, on top of the machine's guards. */
const REQUIRED_INPUT: Record<string, readonly string[]> = {
  finish_sealing: ['sealed_units'],
  finish_stamping: ['reel_id', 'stamped_units'],
  finish_cartoning: ['cartoned_units'],
};

/** Which screen's API sends which events: admin's page, the crews' board. */
const EVENT_SCREENS: readonly { api: string; area: Area; events: readonly string[] }[] = [
  {
    api: ASSEMBLY_ORDERS.api,
    area: ASSEMBLY_ORDERS.area,
    events: Object.keys(ASSEMBLY_RULES),
  },
  {
    api: ASSEMBLY_DASHBOARD_ORDERS.api,
    area: ASSEMBLY_DASHBOARD_ORDERS.area,
    events: ['start_sealing', 'finish_sealing', 'finish_stamping', 'finish_cartoning'],
  },
];

export function registerAssemblyOrderRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const binding: ResolvedBinding = registerEntityRoutes(app, deps, {
    ...assemblyOrderBinding,
    readExtra: readComponents,
  } satisfies EntityBinding);
  // The floor's and shipping's read-only views of the same rows.
  registerEntityRoutes(app, deps, {
    ...assemblyOrderBinding,
    entity: ASSEMBLY_DASHBOARD_ORDERS,
    computed: {
      ...assemblyOrderBinding.computed,
      waiting_for: waitingForSql(qualified(assemblyOrders.id)),
    },
    // Open orders, and those the cartoner finished today: a live board hears an order leave
    // only if the change still reaches it, so the finished one is dropped from its column
    // instead of staying there as it was.
    where: or(
      inArray(assemblyOrders.status, [...OPEN_ASSEMBLY_STATUSES]),
      sql`(${assemblyOrders.status} = 'completed'
           and ${assemblyOrders.completedAt} > now() - interval '1 day')`,
    ),
    hooks: {},
    readExtra: readComponents,
  });
  registerEntityRoutes(app, deps, {
    ...assemblyOrderBinding,
    entity: ASSEMBLY_SHIPPING_ORDERS,
    where: sql`${assemblyOrders.status} = 'completed'`,
    hooks: {},
  });

  for (const screen of EVENT_SCREENS) {
    const callers = Object.fromEntries(
      screen.events.map((event) => [
        event,
        ASSEMBLY_RULES[event as keyof typeof ASSEMBLY_RULES].roles,
      ]),
    );
    addRoute(app, {
      method: 'POST',
      url: `${screen.api}/:id/events/:event`,
      access: { area: screen.area },
      callers: { events: callers },
      summary: 'Send a workflow event to an assembly order; send the version you read',
      params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
      body: eventBody,
      // The order's row with its release snapshot of components (readComponents).
      response: entityRowSchema(binding.entity).extend({
        components: z.array(entityRowSchema(ASSEMBLY_ORDER_COMPONENTS)),
      }),
      handler: async ({ params, body, user }) => {
        const actor = signedIn(user);
        const event = params.event;
        if (!isAssemblyEvent(event)) throw ruleError('status', `Unknown event ${event}`);
        const { version, reason, ...input } = body;
        const missing = (REQUIRED_INPUT[event] ?? []).find(
          (name) => (input as Record<string, unknown>)[name] === undefined,
        );
        if (missing) throw ruleError(missing, 'required');
        const t = await db.transaction((tx) =>
          transitionAssemblyOrder(tx, binding, {
            id: params.id,
            version,
            event,
            actor,
            reason: reason ?? null,
            input,
          }),
        );
        await publishAssemblyTransition(deps, t);
        return { ...t.row, ...(await readComponents(db, t.row)) };
      },
    });
  }
}
