import { sql } from 'drizzle-orm';
import type { TrainingLogEvent } from '../../shared/entities/training-values.ts';
import type { Tx } from '../../../../server/db/client.ts';

// One training_logs row per thing that happened to a training, in the transaction that did it.

export type TrainingLogEntry = {
  event: TrainingLogEvent;
  note?: string | null;
  signature?: string | null;
  /** Null for the nightly job, which acts for no one. */
  actorId: number | null;
};

export async function logTraining(
  tx: Tx,
  trainingIds: readonly number[],
  entry: TrainingLogEntry,
): Promise<void> {
  if (trainingIds.length === 0) return;
  await tx.execute(sql`
    insert into training_logs (training_id, event, note, signature, created_by)
    select id, ${entry.event}, ${entry.note ?? null}, ${entry.signature ?? null}, ${entry.actorId}
      from unnest(${`{${trainingIds.join(',')}}`}::bigint[]) as id`);
}
