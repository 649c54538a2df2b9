import {
  decide,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowMachine,
} from '../../../../src/machines/workflows/stock-workflow.ts';
import type { SessionUser } from '../../../auth/session-user.ts';
import type { Tx } from '../../../db/client.ts';
import { ApiError, ruleError, validationError } from '../../api-error.ts';
import type { EntityRow, ResolvedBinding } from '../../entity/entity-binding.ts';
import { staleVersion } from '../../entity/entity-routes.ts';

// A forecast workflow event decided in the order every write route keeps (domain.md §0): the
// role first (403, nothing of the row), then the version (409), then the transition and its
// guards (422 under `status`), then a reason where the rule needs one.

export async function decideForecastEvent(
  tx: Tx,
  workflow: { machine: WorkflowMachine; table: TransitionTable; binding: ResolvedBinding },
  event: string,
  actor: SessionUser,
  doc: EntityRow & WorkflowDoc,
  sent: { version: number | null; reason?: string | undefined },
): Promise<string> {
  const decision = decide(workflow.machine, workflow.table, event, actor, doc);
  if (decision.kind === 'forbidden') throw new ApiError(decision.reason, null, 403);
  if (sent.version !== null && doc.version !== sent.version) {
    throw await staleVersion(tx, workflow.binding, doc.id);
  }
  if (decision.kind !== 'ok') throw ruleError('status', decision.reason);
  if (workflow.table[doc.status]?.[event]?.needsReason && !sent.reason) {
    throw validationError({ reason: 'required' });
  }
  return decision.to;
}
