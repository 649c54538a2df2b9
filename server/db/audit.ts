import type { Tx } from './client.ts';
import { auditLogs, type AuditChanges } from './schema/audit.ts';

export type AuditEntry = {
  entityType: string;
  entityId: number;
  action: 'create' | 'update' | 'delete';
  changes: AuditChanges;
  userId: number | null;
  ip?: string;
};

/** Appends one audit row inside the caller's transaction, so it commits with the change. */
/** Appends the audit row; answers its seq (a delete's broadcast carries it). */
export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<number> {
  const [row] = await tx
    .insert(auditLogs)
    .values({
      entityType: entry.entityType,
      entityId: entry.entityId,
      action: entry.action,
      changes: entry.changes,
      createdBy: entry.userId,
      ip: entry.ip?.slice(0, 64),
    })
    .returning({ seq: auditLogs.seq });
  return Number(row?.seq ?? 0);
}

/** `{field: [old, new]}` for the fields that differ; secrets are recorded as changed only. */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  secretFields: readonly string[] = [],
): AuditChanges {
  const changes: AuditChanges = {};
  for (const [field, next] of Object.entries(after)) {
    const previous = before[field];
    if (JSON.stringify(previous) === JSON.stringify(next)) continue;
    changes[field] = secretFields.includes(field)
      ? ['***', '***']
      : [previous ?? null, next ?? null];
  }
  return changes;
}

/** Every field of a deleted row as `[old, null]`, so the audit keeps what was removed. */
export function deletedFields(before: Record<string, unknown>): AuditChanges {
  return Object.fromEntries(Object.entries(before).map(([field, value]) => [field, [value, null]]));
}
