import { and, eq, sql } from 'drizzle-orm';
import {
  decide,
  type Decision,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowMachine,
  type WorkflowUser,
} from '../../../src/machines/workflows/document-workflow.ts';
import type { Tx } from '../../db/client.ts';
import { lockResources, type ResourceKey } from '../../db/resource-locks.ts';
import { logTransition } from '../../db/transition-log.ts';
import { ApiError, ruleError, validationError } from '../../errors/api-error.ts';
import type { ResolvedBinding } from './entity-binding.ts';
import { readOrFail, staleVersion } from './entity-routes.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// The one pipeline every workflow event of every module runs through, inside the caller's
// transaction:
//
//   lock the record → lock the shared resources it declares → read → decide → effect →
//   versioned update → transition log (the event's audit: who, when, from, to, why, payload)
//
// and, after commit, the caller publishes what it returns. A module declares its machine, its
// effects and the resources an event locks; it writes none of these steps, so the refusal order
// (403 for the role, then 409 for a stale version, then 422 for the machine and its guards), the
// transition log and the locks are the same for every document by construction.
//
// Lock order: the record's row first, then its resources sorted (resource-locks.ts). Facts the
// machine reads are read after both, so a guard over shared state (free stock, open credit)
// sees everything committed by whoever held the resource before. A resource whose holders also
// write rows of other records (a forecast period: an allocation's edit rewrites the plan row a
// plan event locks) is taken before any row instead (`lockFirst`), by every writer of it: were
// one to hold a row while waiting for the key, and the key's holder to want that row, the two
// would deadlock.

/** What one event asks of one record. */
export type EventRequest = {
  id: number;
  event: string;
  /** The version the person read; null for events the server raises itself. */
  version: number | null;
  reason: string | null;
  actor: { readonly id: number; readonly roles: readonly string[] };
  /** Fields of the event body beyond version and reason (received quantities, a resolution). */
  input: Record<string, unknown>;
};

/** The request of an events route whose body is the version and an optional reason. */
export const eventRequest = (
  params: { id: number; event: string },
  body: { version: number; reason?: string | undefined },
  actor: EventRequest['actor'],
): EventRequest => ({
  id: params.id,
  event: params.event,
  version: body.version,
  reason: body.reason ?? null,
  actor,
  input: {},
});

export type EventContext = {
  tx: Tx;
  request: EventRequest;
  /** The record as read under its locks. */
  doc: EntityRow;
};

/** What an effect changes besides the status, and what the caller needs after commit. */
export type EventEffect<After = undefined> = {
  /** Header columns (Drizzle keys) written with the status. */
  set?: Record<string, unknown>;
  /** Kept on the transition log row (the counts of a stage, a resolution). */
  payload?: Record<string, unknown> | null;
  /** The log's reason when the effect states its own (an approval that could not apply says why). */
  reason?: string | null;
  after?: After;
};

export type EventPipeline<To = string, After = undefined> = {
  binding: ResolvedBinding;
  /** Locks the record before it is read; the default locks its own row. */
  lockRecord?: (tx: Tx, id: number) => Promise<void>;
  /** The record as the machine and the effect see it; the default is the binding's row. */
  read?: (tx: Tx, id: number) => Promise<EntityRow>;
  /**
   * Shared resources taken before the record's row, from what never changes on it (the period
   * a plan row belongs to): those whose holders write other records' rows.
   */
  lockFirst?: (tx: Tx, request: EventRequest) => Promise<readonly ResourceKey[]>;
  /** The shared resources the event reads or changes (the stock it allocates, a credit line). */
  resources?: (ctx: EventContext) => Promise<readonly ResourceKey[]> | readonly ResourceKey[];
  decide: (ctx: EventContext) => Promise<Decision<To>> | Decision<To>;
  /** Which body field a guard's refusal is about (`{ hasResolution: 'resolution' }`). */
  refusalFields?: Readonly<Record<string, string>>;
  /** Whether this event from this status must carry a reason. */
  needsReason?: (ctx: EventContext) => boolean;
  effect?: (
    ctx: EventContext & { to: To },
  ) => Promise<EventEffect<After> | void> | EventEffect<After> | void;
  /** The columns that say where the record now stands (default: `status`). */
  position?: (to: To, ctx: EventContext) => Record<string, unknown>;
  /** How a position is written in the transition log (default: the status itself). */
  shown?: (position: To | string) => string;
  /** The record's position as the log's `from` (default: its status). */
  from?: (doc: EntityRow) => To | string;
  /** The record as the route answers it (a document with its lines); default `read`. */
  answer?: (tx: Tx, id: number) => Promise<EntityRow>;
};

export type EventResult<To, After> = {
  row: EntityRow;
  before: EntityRow;
  to: To;
  after: After | undefined;
};

/** The answer every event route gives a decision that does not go through. */
export async function settle<To>(
  tx: Tx,
  binding: ResolvedBinding,
  decision: Decision<To>,
  doc: Pick<EntityRow, 'id' | 'version'>,
  sentVersion: number | null,
  fields: Readonly<Record<string, string>> = {},
): Promise<To> {
  // The role first: a refused caller never hears who saved the row last.
  if (decision.kind === 'forbidden') throw new ApiError(decision.reason, null, 403);
  if (sentVersion !== null && doc.version !== sentVersion) {
    throw await staleVersion(tx, binding, doc.id);
  }
  if (decision.kind === 'ok') return decision.to;
  return refuse(decision, fields);
}

/**
 * A refused decision as the API answers it: 403 for the role, `required` under `reason` when a
 * reason is missing, otherwise 422 with the machine's words under the field its guard is about
 * (`fields[check]`), or under `status` for where the record stands. For a decision taken
 * outside an event (a correction request refused by its order's state) as well.
 */
export function refuse(
  decision: Exclude<Decision<unknown>, { kind: 'ok' }>,
  fields: Readonly<Record<string, string>> = {},
): never {
  if (decision.kind === 'forbidden') throw new ApiError(decision.reason, null, 403);
  if (decision.kind === 'refused' && decision.check === 'hasReason') {
    throw validationError({ reason: 'required' });
  }
  const check = decision.kind === 'refused' ? decision.check : undefined;
  throw ruleError((check && fields[check]) ?? 'status', decision.reason);
}

/**
 * The pipeline's `decide` and `needsReason` for a machine built from a transition table: the
 * facts its guards read are the record as locked, or what `facts` reads besides.
 */
export function byTransitionTable(
  workflow: { machine: WorkflowMachine; table: TransitionTable },
  event: string,
  actor: WorkflowUser,
  facts: (ctx: EventContext) => Promise<WorkflowDoc> | WorkflowDoc = ({ doc }) =>
    doc as EntityRow & WorkflowDoc,
): Pick<EventPipeline, 'decide' | 'needsReason'> {
  return {
    decide: async (ctx) => decide(workflow.machine, workflow.table, event, actor, await facts(ctx)),
    needsReason: ({ doc }) => workflow.table[String(doc.status)]?.[event]?.needsReason ?? false,
  };
}

/** Runs one event through every step, in the caller's transaction. */
export async function runEvent<To = string, After = undefined>(
  tx: Tx,
  pipeline: EventPipeline<To, After>,
  request: EventRequest,
): Promise<EventResult<To, After>> {
  const { binding } = pipeline;
  const table = binding.table;
  const read = pipeline.read ?? ((t: Tx, id: number) => readOrFail(t, binding, id));
  if (pipeline.lockFirst) await lockResources(tx, await pipeline.lockFirst(tx, request));
  if (pipeline.lockRecord) await pipeline.lockRecord(tx, request.id);
  else await tx.execute(sql`select 1 from ${table} where ${table.id} = ${request.id} for update`);
  let doc = await read(tx, request.id);
  if (pipeline.resources) {
    const keys = await pipeline.resources({ tx, request, doc });
    if (keys.length > 0) {
      await lockResources(tx, keys);
      // What others committed on these resources while this one waited.
      doc = await read(tx, request.id);
    }
  }
  const ctx: EventContext = { tx, request, doc };
  const decision = await pipeline.decide(ctx);
  const to = await settle(tx, binding, decision, doc, request.version, pipeline.refusalFields);
  if (pipeline.needsReason?.(ctx) && !request.reason) {
    throw validationError({ reason: 'required' });
  }
  const effect = (await pipeline.effect?.({ ...ctx, to })) ?? {};
  const position = pipeline.position?.(to, ctx) ?? { status: to };
  const updated = await tx
    .update(table)
    .set({ ...(effect.set ?? {}), ...position, updatedBy: request.actor.id })
    .where(and(eq(table.id, request.id), eq(table.version, doc.version)))
    .returning({ id: table.id });
  if (updated.length !== 1) throw await staleVersion(tx, binding, request.id);
  const shown = pipeline.shown ?? ((p: To | string) => String(p));
  await logTransition(tx, {
    entityType: binding.entity.name,
    entityId: request.id,
    from: shown(pipeline.from?.(doc) ?? String(doc.status)),
    to: shown(to),
    event: request.event,
    reason: effect.reason === undefined ? request.reason : effect.reason,
    payload: effect.payload ?? null,
    actorId: request.actor.id,
  });
  const answer = pipeline.answer ?? read;
  return { row: await answer(tx, request.id), before: doc, to, after: effect.after };
}
