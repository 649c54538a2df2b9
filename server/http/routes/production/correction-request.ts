import type { EntityDeclaration } from '../../../../src/domain/entity/entity-declaration.ts';
import { diffFields, writeAudit } from '../../../db/audit.ts';
import type { Tx } from '../../../db/client.ts';
import { logTransition } from '../../../db/transition-log.ts';
import { ruleError } from '../../../errors/api-error.ts';

// What every correction request (production order CR-, stamping order STC-) writes besides its
// row, in the request's transaction: the audit of what was asked, with the old value the
// server read, and the `new → requested` transition carrying `payload` for the log.

export async function recordCorrectionRequest(
  tx: Tx,
  entity: EntityDeclaration,
  request: {
    id: number;
    number: string;
    body: Record<string, unknown>;
    oldValue: number;
    reason: string;
    payload: Record<string, unknown>;
    actorId: number;
    ip: string;
  },
): Promise<void> {
  const { id, number, body, oldValue, reason, payload, actorId, ip } = request;
  await writeAudit(tx, {
    entityType: entity.name,
    entityId: id,
    action: 'create',
    changes: diffFields({}, { number, ...body, old_value: oldValue }),
    userId: actorId,
    ip,
  });
  await logTransition(tx, {
    entityType: entity.name,
    entityId: id,
    from: 'new',
    to: 'requested',
    event: 'request',
    reason,
    payload,
    actorId,
  });
}

/** A correction to the value the order already holds changes nothing: refused. */
export function refuseUnchangedValue(field: string, oldValue: number, unchanged: boolean): void {
  if (!unchanged) return;
  throw ruleError('new_value', `The order's ${field.replaceAll('_', ' ')} is already ${oldValue}`);
}
