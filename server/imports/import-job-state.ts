import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../app-deps.ts';
import type { Db, Tx } from '../db/client.ts';
import { importJobs, type ImportStatus } from '../db/schema/imports.ts';
import type { ImportMapping } from '../../src/domain/imports/import-column.ts';
import type { WorkerTableFile } from './worker-table-file.ts';

/** A job being validated or applied: its row, its file and what the user chose. */
export type RunningJob = {
  id: number;
  ref: string | null;
  /** The file's sha256: applied once per kind (applied-once.ts). */
  sha256: string;
  /** Read in a worker thread, which the job ends when it ends. */
  file: WorkerTableFile;
  mapping: ImportMapping;
  dryRun: boolean;
};

// The job row and its broadcasts. Every change of a job is conditional on the status it
// leaves: a job another process has meanwhile declared interrupted (interrupted-imports.ts)
// is not brought back to life by its old runner, which stops instead.

/**
 * The channel of the Imports centre (docs/domain/imports.md §12), beside each importer's own
 * channel.
 */
export const IMPORTS_CHANNEL = 'private-imports.jobs';

export class JobInterruptedError extends Error {}

export function jobNumber(id: number): string {
  return `IM-${String(id).padStart(5, '0')}`;
}

/** Moves the job from one of `from` and sets `values`; refuses a job no longer in `from`. */
export async function moveJob(
  db: Db | Tx,
  id: number,
  from: readonly ImportStatus[],
  values: Partial<typeof importJobs.$inferInsert>,
): Promise<void> {
  const moved = await db
    .update(importJobs)
    .set(values)
    .where(and(eq(importJobs.id, id), inArray(importJobs.status, [...from])))
    .returning({ id: importJobs.id });
  if (moved.length === 0)
    throw new JobInterruptedError(`import job ${id} is no longer ${from.join('/')}`);
}

export type JobBroadcast = {
  deps: Pick<AppDeps, 'realtime'>;
  channel: string;
  id: number;
  /** The uploader's own tag, so its screen knows its job before the upload has answered. */
  ref: string | null;
};

export type ImportPhase = 'validating' | 'importing';

/** `import.progress` {processed, total} on the importer's channel and the Imports centre's. */
export function broadcastProgress(
  job: JobBroadcast,
  phase: ImportPhase,
  processed: number,
  total: number,
): Promise<void> {
  return job.deps.realtime.publisher.publish({
    channels: [...new Set([job.channel, IMPORTS_CHANNEL])],
    event: 'import.progress',
    data: { id: job.id, number: jobNumber(job.id), ref: job.ref, phase, processed, total },
  });
}

export function broadcastFinished(job: JobBroadcast, status: ImportStatus): Promise<void> {
  return job.deps.realtime.publisher.publish({
    channels: [...new Set([job.channel, IMPORTS_CHANNEL])],
    event: 'import.finished',
    data: { id: job.id, number: jobNumber(job.id), ref: job.ref, status },
  });
}
