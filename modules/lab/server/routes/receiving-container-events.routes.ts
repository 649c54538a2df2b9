import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { RECEIVING_CONTAINERS } from '../../shared/entities/receiving-containers.entity.ts';
import {
  RECEIVING_CONTAINER_TRANSITIONS,
  receivingContainerMachine,
} from '../../shared/machines/receiving-container.machine.ts';
import { eventRolesOf } from '../../../../src/machines/workflows/document-workflow.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { lotContainersKey } from '../../../../server/db/resource-locks.ts';
import { labReceivingItems, receivingContainers } from '../db/lab-receiving.schema.ts';
import { resolveBinding } from '../../../../server/http/entity/entity-binding.ts';
import {
  byTransitionTable,
  eventRequest,
  runEvent,
} from '../../../../server/http/entity/event-pipeline.ts';
import { entityRowSchema } from '../../../../server/http/entity/entity-row-schema.ts';
import { publishChange } from '../../../../server/http/entity/publish-change.ts';
import { addRoute, signedIn } from '../../../../server/http/route.ts';
import { idParams, versionField } from '../../../../server/http/routes/common-fields.ts';
import { containersBinding } from './receiving-containers.binding.ts';

// A container's own events (receiving-container.machine.ts) through the one event pipeline:
// the supervisor marks an in-use container empty and disposes of an empty one. Marking one
// empty reads whether it is the last open container of its lot, so the lot's containers are
// its shared resource: two containers of one lot marked empty at once take turns, and the
// second sees the first one empty. It goes out as `container.updated` once committed.

const eventBody = z.object({
  version: versionField,
  reason: z.string().trim().max(500).optional(),
});

/** The lot a container holds, through its lab receiving item (none before it is received). */
async function lotOf(tx: Tx, containerId: number): Promise<number | null> {
  const [item] = await tx
    .select({ lotId: labReceivingItems.lotId })
    .from(receivingContainers)
    .innerJoin(labReceivingItems, eq(labReceivingItems.id, receivingContainers.labReceivingItemId))
    .where(eq(receivingContainers.id, containerId));
  return item?.lotId ?? null;
}

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
    response: entityRowSchema(RECEIVING_CONTAINERS),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const { row } = await db.transaction((tx) =>
        runEvent(
          tx,
          {
            binding,
            resources: async ({ tx: t, request }) => {
              const lotId = request.event === 'mark_empty' ? await lotOf(t, request.id) : null;
              return lotId === null ? [] : [lotContainersKey(lotId)];
            },
            ...byTransitionTable(
              { machine: receivingContainerMachine, table: RECEIVING_CONTAINER_TRANSITIONS },
              params.event,
              actor,
            ),
          },
          eventRequest(params, body, actor),
        ),
      );
      await publishChange(deps, RECEIVING_CONTAINERS, 'updated', row);
      return row;
    },
  });
}
