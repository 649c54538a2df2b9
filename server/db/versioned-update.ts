import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from './client.ts';

type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/** Someone saved the row first; the HTTP layer answers 409 `stale_version`. */
export class StaleVersionError extends Error {
  constructor(readonly entityId: number) {
    super(`stale version of row ${entityId}`);
    this.name = 'StaleVersionError';
  }
}

/**
 * `UPDATE … WHERE id = ? AND version = ?` (docs/domain/README.md §0). The row-stamp trigger bumps
 * the version; zero rows means someone saved first, and the caller gets 409 `stale_version` with
 * the current version and author, never a silent overwrite.
 */
export async function updateVersioned<T extends VersionedTable>(
  tx: Tx,
  table: T,
  id: number,
  version: number,
  values: PgUpdateSetSource<T>,
  extraWhere?: SQL,
): Promise<void> {
  const conditions = [eq(table.id, id), eq(table.version, version)];
  if (extraWhere) conditions.push(extraWhere);
  const updated = await tx
    .update(table)
    .set(values)
    .where(and(...conditions))
    .returning({ id: table.id });
  if (updated.length === 1) return;
  throw new StaleVersionError(id);
}
