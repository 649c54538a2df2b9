import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  eventRolesOf,
  type TransitionTable,
  type WorkflowMachine,
} from '../../../src/machines/workflows/stock-workflow.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Tx } from '../../db/client.ts';
import { logTransition } from '../../db/stock/transition-log.ts';
import type { EntityRow, ResolvedBinding } from './entity-binding.ts';
import { lockedRead, readOrFail, staleVersion } from './entity-routes.ts';
import { publishChange } from './publish-change.ts';
import { addRoute, signedIn } from '../route.ts';
import { idParams, versionField } from '../routes/common-fields.ts';
import { decideEvent } from './decide-event.ts';

// POST …/:id/events/:event for a workflow whose event moves its status and a few side columns
// (Project Management's projects, tasks and item ticks; R&D projects): the role first (403), then the version (409), then the machine and its guards (422 under
// `status`); the status, its side columns and the status_transitions row commit together, and
// the changed rows go out on the entity's channel after commit.

export type WorkflowEvents = {
  binding: ResolvedBinding;
  machine: WorkflowMachine;
  table: TransitionTable;
  summary: string;
  /** Where the event lands when not where the machine says (an R&D project resumed with samples). */
  arrive?: (ctx: { event: string; to: string; doc: EntityRow }) => string;
  /** Columns written with the status (a completion day), keyed by Drizzle name. */
  effect?: (ctx: {
    tx: Tx;
    event: string;
    to: string;
    doc: EntityRow;
    actor: SessionUser;
  }) => Record<string, unknown>;
  /** Writes after the status (a task's progress), in the same transaction. */
  after?: (tx: Tx, doc: EntityRow) => Promise<void>;
  /** Rows the event changed besides its own, announced after commit (the item's task). */
  touched?: (
    tx: Tx,
    doc: EntityRow,
  ) => Promise<{ entity: ResolvedBinding['entity']; row: EntityRow }[]>;
};

export function registerWorkflowEventRoute(
  app: FastifyInstance,
  deps: AppDeps,
  workflow: WorkflowEvents,
): void {
  const { db } = deps.database;
  const { binding } = workflow;
  const { entity, table } = binding;

  addRoute(app, {
    method: 'POST',
    url: `${entity.api}/:id/events/:event`,
    access: { area: entity.area },
    callers: { events: eventRolesOf(workflow.table) },
    summary: workflow.summary,
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: z.strictObject({ version: versionField, reason: z.string().trim().max(500).optional() }),
    handler: async ({ params, body, user }) => {
      const actor: SessionUser = signedIn(user);
      const result = await db.transaction(async (tx) => {
        const doc = await lockedRead(tx, binding, params.id);
        const from = String(doc.status);
        const decided = await decideEvent(
          tx,
          { machine: workflow.machine, table: workflow.table, binding },
          params.event,
          actor,
          doc as EntityRow & { status: string },
          { version: body.version, reason: body.reason },
        );
        const to = workflow.arrive?.({ event: params.event, to: decided, doc }) ?? decided;
        const updated = await tx
          .update(table)
          .set({
            ...workflow.effect?.({ tx, event: params.event, to, doc, actor }),
            status: to,
            updatedBy: actor.id,
          })
          .where(and(eq(table.id, params.id), eq(table.version, body.version)))
          .returning({ id: table.id });
        if (updated.length !== 1) throw await staleVersion(tx, binding, params.id);
        await workflow.after?.(tx, doc);
        await logTransition(tx, {
          entityType: entity.name,
          entityId: params.id,
          from,
          to,
          event: params.event,
          reason: body.reason ?? null,
          actorId: actor.id,
        });
        const row = await readOrFail(tx, binding, params.id);
        return { row, touched: (await workflow.touched?.(tx, row)) ?? [] };
      });
      await publishChange(deps, entity, 'updated', result.row);
      for (const other of result.touched)
        await publishChange(deps, other.entity, 'updated', other.row);
      return result.row;
    },
  });
}
