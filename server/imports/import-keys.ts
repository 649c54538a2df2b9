import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { importKeys, type ImportType } from '../db/schema/imports.ts';

// The external keys a kind has imported (docs/domain/imports.md §12: idempotent on type and
// external key). A kind looks its batch's keys up before writing: a key already known is its
// entity, to skip when the row is unchanged (same fingerprint) or to update where the kind allows.

export type KnownKey = { entityId: number; fingerprint: string };

/** A row's fingerprint: the hash of what it says, in a fixed order. */
export function fingerprintOf(values: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(values)).digest('hex');
}

export async function knownKeys(
  tx: Tx,
  type: ImportType,
  keys: readonly string[],
): Promise<Map<string, KnownKey>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({
      key: importKeys.externalKey,
      entityId: importKeys.entityId,
      fingerprint: importKeys.fingerprint,
    })
    .from(importKeys)
    .where(and(eq(importKeys.type, type), inArray(importKeys.externalKey, unique)));
  return new Map(rows.map((r) => [r.key, { entityId: r.entityId, fingerprint: r.fingerprint }]));
}

/** Records (or moves to this job) what each key now is. */
export async function rememberKeys(
  tx: Tx,
  type: ImportType,
  jobId: number,
  entries: readonly ({ key: string } & KnownKey)[],
): Promise<void> {
  const latest = new Map(entries.map((e) => [e.key, e]));
  if (latest.size === 0) return;
  await tx
    .insert(importKeys)
    .values(
      [...latest.values()].map((e) => ({
        type,
        externalKey: e.key,
        entityId: e.entityId,
        fingerprint: e.fingerprint,
        jobId,
      })),
    )
    .onConflictDoUpdate({
      target: [importKeys.type, importKeys.externalKey],
      set: {
        entityId: sql`excluded.entity_id`,
        fingerprint: sql`excluded.fingerprint`,
        jobId: sql`excluded.job_id`,
      },
    });
}
