import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { RECEIVING_CONTAINERS } from '../../../../src/domain/entities/lab/receiving-containers.entity.ts';
import {
  decideContainer,
  RECEIVING_CONTAINER_TRANSITIONS,
} from '../../../../src/machines/workflows/receiving-container.machine.ts';
import { eventRolesOf } from '../../../../src/machines/workflows/stock-workflow.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { receivingContainers } from '../../../db/schema/lab-receiving.ts';
import { logTransition } from '../../../db/stock/transition-log.ts';
import { settleDecision } from '../../entity/decide-event.ts';
import { resolveBinding } from '../../entity/entity-binding.ts';
import { readOrFail } from '../../entity/entity-routes.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { containersBinding } from './receiving-containers.binding.ts';

// A container's own events (receiving-container.machine.ts): the supervisor marks an in-use
// container empty and disposes of an empty one. Each writes the status and its
// status_transitions row in one transaction, checked in the order of every write (role, then
// version, then guard), and goes out as `container.updated` once committed.

const eventBody = z.object({
  version: versionField,
  reason: z.string().trim().max(500).optional(),
});

export function registerContainerEventRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const binding = resolveBinding(containersBinding);

  addRoute(app, {
    method: 'POST',
    url: `${RECEIVING_CONTAINERS.api}/:id/events/:event`,
    access: { area: 'lab_receiving_containers' },
    callers: { events: eventRolesOf(RECEIVING_CONTAINER_TRANSITIONS) },
    summary: 'Send a container event (mark_empty, dispose); send the version you read',
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: eventBody,
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const row = await db.transaction(async (tx) => {
        await tx.execute(
          sql`select 1 from receiving_containers where id = ${params.id} for update`,
        );
        const doc = await readOrFail(tx, binding, params.id);
        const from = String(doc.status);
        const decision = decideContainer(
          params.event,
          { id: actor.id, roles: actor.roles },
          { status: from, empty_blocker: (doc.empty_blocker as string | null) ?? null },
        );
        const to = await settleDecision(tx, decision, binding, doc, body.version);
        await tx
          .update(receivingContainers)
          .set({ status: to, updatedBy: actor.id })
          .where(eq(receivingContainers.id, params.id));
        await logTransition(tx, {
          entityType: RECEIVING_CONTAINERS.name,
          entityId: params.id,
          from,
          to: to,
          event: params.event,
          reason: body.reason ?? null,
          actorId: actor.id,
        });
        return readOrFail(tx, binding, params.id);
      });
      await publishChange(deps, RECEIVING_CONTAINERS, 'updated', row);
      return row;
    },
  });
}
