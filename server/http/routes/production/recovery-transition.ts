import { and, eq, sql } from 'drizzle-orm';
import { PRODUCTION_RECOVERIES } from '../../../../src/domain/entities/production/production-recoveries.entity.ts';
import { decideRecovery } from '../../../../src/machines/workflows/production-recovery.machine.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Tx } from '../../../db/client.ts';
import {
  postRecovery,
  releaseRecovery,
  retestRecovery,
  scrapRecovery,
  type RecoveryOutcome,
} from '../../../db/production/recovery-effects.ts';
import { productionRecoveries as recoveries } from '../../../db/schema/production-corrections.ts';
import { logTransition } from '../../../db/stock/transition-log.ts';
import { validationError } from '../../api-error.ts';
import { settleDecision } from '../../entity/decide-event.ts';
import type { EntityRow, ResolvedBinding } from '../../entity/entity-binding.ts';
import { readOrFail, staleVersion } from '../../entity/entity-routes.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { publishStockPosting } from '../stock/publish-stock-posting.ts';

// One recovery event from request to broadcast (domain.md §3.2): the machine decides under the
// row lock (403 role, 422 guard or unmapped), then the effect (ledger, lot, HPLC request), the
// status and the status_transitions row commit together. The lab's verdict comes through here
// too, as `auto`, from the HPLC result route.

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
  await tx.execute(sql`select 1 from production_recoveries where id = ${request.id} for update`);
  const doc = await readOrFail(tx, binding, request.id);
  const from = String(doc.status);
  const decision = decideRecovery(
    request.event,
    request.auto ? { id: request.actor.id, roles: ['admin'] } : request.actor,
    {
      status: from,
      created_by: (doc.created_by as number | null) ?? null,
      hplc_status: String(doc.hplc_status),
    },
  );
  const to = await settleDecision(tx, decision, binding, doc, request.version);
  const needsReason = request.event === 'cancel' || request.event === 'scrap';
  if (needsReason && !request.reason) throw validationError({ reason: 'required' });
  const outcome = (await EFFECTS[request.event]?.(tx, doc, request.actor.id, request.reason)) ?? {};
  const updated = await tx
    .update(recoveries)
    .set({ ...(outcome.set ?? {}), status: to, updatedBy: request.actor.id })
    .where(and(eq(recoveries.id, request.id), eq(recoveries.version, doc.version)))
    .returning({ id: recoveries.id });
  if (updated.length !== 1) throw await staleVersion(tx, binding, request.id);
  await logTransition(tx, {
    entityType: PRODUCTION_RECOVERIES.name,
    entityId: request.id,
    from,
    to,
    event: request.event,
    reason: request.reason,
    actorId: request.actor.id,
  });
  return { row: await readOrFail(tx, binding, request.id), outcome };
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
