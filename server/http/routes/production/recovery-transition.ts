import { PRODUCTION_RECOVERIES } from '../../../../src/domain/entities/production/production-recoveries.entity.ts';
import {
  decideRecovery,
  RECOVERY_TRANSITIONS,
} from '../../../../src/machines/workflows/production-recovery.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Tx } from '../../../db/client.ts';
import {
  postRecovery,
  releaseRecovery,
  retestRecovery,
  scrapRecovery,
  type RecoveryOutcome,
} from '../../../db/production/recovery-effects.ts';
import type { ResolvedBinding } from '../../entity/entity-binding.ts';
import { runEvent } from '../../entity/event-pipeline.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { publishStockPosting } from '../stock/publish-stock-posting.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';

// One recovery event from request to broadcast through the one event pipeline
// (event-pipeline.ts): the machine decides under the row lock (403 role, 409 stale, 422 guard
// or unmapped), then the effect (ledger, lot, HPLC request), the status and the
// status_transitions row commit together. The lab's verdict comes through here too, as
// `auto`, from the HPLC result route.

type Effect = (
  tx: Tx,
  row: EntityRow,
  actorId: number,
  reason: string | null,
) => Promise<RecoveryOutcome>;

const EFFECTS: Record<string, Effect> = {
  post: (tx, row, actorId) => postRecovery(tx, row, actorId),
  hplc_pass: (tx, row, actorId) => releaseRecovery(tx, row, actorId),
  hplc_fail: async () => ({ set: { hplcStatus: 'failed' } }),
  retest: (tx, row, actorId) => retestRecovery(tx, row, actorId),
  scrap: (tx, row, actorId, reason) => scrapRecovery(tx, row, actorId, reason),
  cancel: async () => ({ set: { decidedAt: new Date() } }),
};

export type RecoveryTransition = { row: EntityRow; outcome: RecoveryOutcome };

export async function transitionRecovery(
  tx: Tx,
  binding: ResolvedBinding,
  request: {
    id: number;
    /** The version the person read; null for the lab's verdict. */
    version: number | null;
    event: string;
    actor: { id: number; roles: readonly string[] };
    reason: string | null;
    /** The server settles it (an HPLC verdict): the person's own role was checked upstream. */
    auto?: boolean;
  },
): Promise<RecoveryTransition> {
  const { event, actor, reason } = request;
  const t = await runEvent<string, RecoveryOutcome>(
    tx,
    {
      binding,
      decide: ({ doc }) =>
        decideRecovery(event, request.auto ? { id: actor.id, roles: ['admin'] } : actor, {
          status: String(doc.status),
          created_by: (doc.created_by as number | null) ?? null,
          hplc_status: String(doc.hplc_status),
        }),
      needsReason: ({ doc }) =>
        RECOVERY_TRANSITIONS[String(doc.status)]?.[event]?.needsReason ?? false,
      effect: async ({ doc }) => {
        const outcome = (await EFFECTS[event]?.(tx, doc, actor.id, reason)) ?? {};
        return { set: outcome.set, after: outcome };
      },
    },
    { id: request.id, event, version: request.version, reason, actor, input: {} },
  );
  return { row: t.row, outcome: t.after ?? {} };
}

/** After commit: the recovery, the lab's new request, the stock it moved. */
export async function publishRecoveryTransition(
  deps: Pick<AppDeps, 'realtime'>,
  t: RecoveryTransition,
): Promise<void> {
  await publishChange(deps, PRODUCTION_RECOVERIES, 'updated', t.row);
  if (t.outcome.hplcRequestId !== undefined) {
    await deps.realtime.publisher.publish({
      channels: ['private-production.hplc'],
      event: 'hplc.requested',
      data: { id: t.outcome.hplcRequestId, recovery_id: t.row.id },
    });
  }
  if (t.outcome.posting) await publishStockPosting(deps, t.outcome.posting);
}
