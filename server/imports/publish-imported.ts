import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { EntityDeclaration } from '../../src/domain/entity/entity-declaration.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Tx } from '../db/client.ts';

// A batch's made and changed rows, announced after its commit on their entity's channel as any
// form's save is, with `data: null`: live lists refetch the row rather than get a partial one.

type Stamped = { id: PgColumn; version: PgColumn; seq: PgColumn };

export type Announce = (deps: Pick<AppDeps, 'realtime'>) => Promise<void>;

/** Reads the rows' stamps inside the batch's transaction; the returned function sends them. */
export async function announceRows(
  tx: Tx,
  table: PgTable & Stamped,
  entity: Pick<EntityDeclaration, 'channel' | 'event'>,
  created: readonly number[],
  updated: readonly number[],
): Promise<Announce> {
  const ids = [...created, ...updated];
  const rows =
    ids.length === 0
      ? []
      : ((await tx
          .select({ id: table.id, version: table.version, seq: table.seq })
          .from(table)
          .where(inArray(table.id, ids))) as { id: number; version: number; seq: number }[]);
  const fresh = new Set(created);
  return async (deps) => {
    for (const row of rows) {
      await deps.realtime.publisher.publish({
        channels: [entity.channel],
        event: `${entity.event}.${fresh.has(row.id) ? 'created' : 'updated'}`,
        data: { id: row.id, seq: Number(row.seq), version: row.version, data: null },
      });
    }
  };
}
