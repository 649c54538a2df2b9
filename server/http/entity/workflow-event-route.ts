import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  eventRolesOf,
  type TransitionTable,
  type WorkflowMachine,
} from '../../../src/machines/workflows/document-workflow.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Tx } from '../../db/client.ts';
import type { ResourceKey } from '../../db/resource-locks.ts';
import type { ResolvedBinding } from './entity-binding.ts';
import { lockRow } from './entity-routes.ts';
import { byTransitionTable, runEvent } from './event-pipeline.ts';
import { publishChange } from './publish-change.ts';
import { entityRowSchema } from './entity-row-schema.ts';
import { addRoute, signedIn } from '../route.ts';
import { idParams, versionField } from '../routes/common-fields.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// POST …/:id/events/:event for a workflow whose event moves its status and a few side columns
// (Project Management's projects, tasks and item ticks; R&D projects), through the one event
// pipeline (event-pipeline.ts); the changed rows go out on their entities' channels after
// commit.

export type WorkflowEvents = {
  binding: ResolvedBinding;
  machine: WorkflowMachine;
  table: TransitionTable;
  summary: string;
  /** Where the event lands when not where the machine says (an R&D project resumed with samples). */
  arrive?: (ctx: { event: string; to: string; doc: EntityRow }) => string;
  /** Locks the record before it is read (its parent's row first, say); default its own row. */
  lockRecord?: (tx: Tx, id: number) => Promise<void>;
  /** What the guards read that other records' events change (a project's tasks, say). */
  resources?: (doc: EntityRow) => readonly ResourceKey[];
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
  const { entity } = binding;

  addRoute(app, {
    method: 'POST',
    url: `${entity.api}/:id/events/:event`,
    access: { area: entity.area },
    callers: { events: eventRolesOf(workflow.table) },
    summary: workflow.summary,
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: z.strictObject({ version: versionField, reason: z.string().trim().max(500).optional() }),
    response: entityRowSchema(entity),
    handler: async ({ params, body, user }) => {
      const actor: SessionUser = signedIn(user);
      const { event } = params;
      const byTable = byTransitionTable(workflow, event, actor);
      const result = await db.transaction(async (tx) => {
        const { row, before } = await runEvent(
          tx,
          {
            binding,
            lockRecord: workflow.lockRecord ?? ((t, id) => lockRow(t, binding, id)),
            resources: ({ doc }) => workflow.resources?.(doc) ?? [],
            ...byTable,
            decide: async (ctx) => {
              const decision = await byTable.decide(ctx);
              if (decision.kind !== 'ok' || !workflow.arrive) return decision;
              return { kind: 'ok', to: workflow.arrive({ event, to: decision.to, doc: ctx.doc }) };
            },
            effect: ({ to, doc }) => ({ set: workflow.effect?.({ tx, event, to, doc, actor }) }),
          },
          {
            id: params.id,
            event,
            version: body.version,
            reason: body.reason ?? null,
            actor,
            input: {},
          },
        );
        await workflow.after?.(tx, before);
        return { row, touched: (await workflow.touched?.(tx, row)) ?? [] };
      });
      await publishChange(deps, entity, 'updated', result.row);
      for (const other of result.touched)
        await publishChange(deps, other.entity, 'updated', other.row);
      return result.row;
    },
  });
}
