import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

// One status_transitions row per transition, in the transaction of its side effects
// (docs/domain/README.md §0). The table belongs to the inventory module's schema; raw SQL keeps
// this module free of that file's other tables.

export type TransitionEntry = {
  entityType: string;
  entityId: number;
  from: string;
  to: string;
  event: string;
  reason: string | null;
  payload?: Record<string, unknown> | null;
  actorId: number;
};

export async function logTransition(tx: Tx, entry: TransitionEntry): Promise<void> {
  await tx.execute(sql`
    insert into status_transitions
      (entity_type, entity_id, from_status, to_status, event, reason, payload, created_by)
    values (${entry.entityType}, ${entry.entityId}, ${entry.from}, ${entry.to}, ${entry.event},
            ${entry.reason}, ${entry.payload ? JSON.stringify(entry.payload) : null}::jsonb,
            ${entry.actorId})`);
}
