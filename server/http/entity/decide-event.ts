import {
  decide,
  type Decision,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowMachine,
} from '../../../src/machines/workflows/stock-workflow.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import type { Tx } from '../../db/client.ts';
import { ApiError, ruleError, validationError } from '../api-error.ts';
import type { EntityRow, ResolvedBinding } from './entity-binding.ts';
import { staleVersion } from './entity-routes.ts';

// A workflow event decided in the order every write route keeps (domain.md §0): the role
// first (403, nothing of the row), then the version (409), then the transition and its guards
// (422 under `status`), then a reason where the rule needs one.

/** The status a decision moves to, or the refusal every event route answers for it. */
export async function settleDecision(
  tx: Tx,
  decision: Decision,
  binding: ResolvedBinding,
  doc: Pick<EntityRow, 'id' | 'version'>,
  sentVersion: number | null,
): Promise<string> {
  if (decision.kind === 'forbidden') throw new ApiError(decision.reason, null, 403);
  if (sentVersion !== null && doc.version !== sentVersion) {
    throw await staleVersion(tx, binding, doc.id);
  }
  if (decision.kind !== 'ok') throw ruleError('status', decision.reason);
  return decision.to;
}

/** Decides `event` on the document by its machine and table, and settles it (above). */
export async function decideEvent(
  tx: Tx,
  workflow: { machine: WorkflowMachine; table: TransitionTable; binding: ResolvedBinding },
  event: string,
  actor: SessionUser,
  doc: EntityRow & WorkflowDoc,
  sent: { version: number | null; reason?: string | undefined },
): Promise<string> {
  const decision = decide(workflow.machine, workflow.table, event, actor, doc);
  const to = await settleDecision(tx, decision, workflow.binding, doc, sent.version);
  if (workflow.table[doc.status]?.[event]?.needsReason && !sent.reason) {
    throw validationError({ reason: 'required' });
  }
  return to;
}
