import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { EntityDeclaration } from '../../src/domain/entity/entity-declaration.ts';
import type { Tx } from '../db/client.ts';
import type { BatchWritten, RowOutcome } from './importer.ts';
import { announceRows } from './publish-imported.ts';

// One batch of an import that upserts master data by its key (customers by code, bins by
// location and code): a row not there yet is inserted, one that differs is updated (version
// bumped, like a form's save), one that is the same is skipped; the rows made and changed are
// announced after the commit.

type Upsertable = PgTable & { id: PgColumn; version: PgColumn; seq: PgColumn };

export type UpsertCounts = { created: number; updated: number; skipped: number };

export async function upsertImportBatch<Row extends object, Before extends { id: number }>(
  tx: Tx,
  spec: {
    table: Upsertable;
    entity: Pick<EntityDeclaration, 'channel' | 'event'>;
    actorId: number;
    batch: readonly Row[];
    /** The row already stored under this row's key, if any. */
    stored: (row: Row) => Before | undefined;
    unchanged: (row: Row, before: Before) => boolean;
    /** What an update writes: the row without its key. */
    changes: (row: Row) => object;
  },
  counts: UpsertCounts,
): Promise<BatchWritten> {
  const { table, actorId } = spec;
  const results: RowOutcome[] = [];
  const entityIds: (number | null)[] = [];
  const updated: number[] = [];
  const inserts: { index: number; row: Row }[] = [];
  for (const [index, row] of spec.batch.entries()) {
    const before = spec.stored(row);
    if (!before) {
      inserts.push({ index, row });
      results.push('ok');
      entityIds.push(null);
    } else if (spec.unchanged(row, before)) {
      results.push('skipped');
      entityIds.push(before.id);
    } else {
      await tx
        .update(table)
        .set({
          ...spec.changes(row),
          version: sql`${table.version} + 1`,
          updatedBy: actorId,
          updatedAt: new Date(),
        })
        .where(eq(table.id, before.id));
      updated.push(before.id);
      results.push('ok');
      entityIds.push(before.id);
    }
  }
  const made =
    inserts.length === 0
      ? []
      : ((await tx
          .insert(table)
          // The table is generic here; each importer's Row has exactly its table's columns.
          .values(
            inserts.map(({ row }) => ({ ...row, createdBy: actorId, updatedBy: actorId })) as never,
          )
          .returning({ id: table.id })) as { id: number }[]);
  inserts.forEach(({ index }, i) => (entityIds[index] = made[i]?.id ?? null));
  counts.created += made.length;
  counts.updated += updated.length;
  counts.skipped += results.filter((r) => r === 'skipped').length;
  const afterCommit = await announceRows(
    tx,
    table,
    spec.entity,
    made.map((m) => m.id),
    updated,
  );
  return { entityIds, results, afterCommit };
}
