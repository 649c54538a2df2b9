import { useCallback, useEffect, useRef, useState } from 'react';
import {
  fetchImportOutcome,
  FINISHED_IMPORT_STATUSES,
  type ImportOutcome,
} from '../../../api/import-job.api.ts';
import { uploadFile } from '../../../api/upload-file.ts';
import { useRealtimeConnection } from '../../shell/realtime/realtime.context.tsx';
import type { ImportProgressState } from './import-progress.tsx';

// One import followed from the upload to its outcome: the upload answers 202 with the job, the
// job's `import.progress` events move the bar, `import.finished` fetches the outcome. Events are
// told apart by the uploader's `ref` (they can beat the upload's answer) or the job id. If the
// realtime connection is down or a frame is missed, the job is read every few seconds instead.

type JobEvent = { id: number; number: string; ref: string | null };
type ProgressEvent = JobEvent & {
  phase: 'validating' | 'importing';
  processed: number;
  total: number;
};

const POLL_MS = 3000;

export type ImportJobOptions = {
  url: string;
  channel: string;
  onFinished?: (outcome: ImportOutcome) => void;
};

export function useImportJob({ url, channel, onFinished }: ImportJobOptions) {
  const [progress, setProgress] = useState<ImportProgressState | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const ref = useRef<string | null>(null);
  const current = useRef<number | null>(null);
  const shown = useRef(new Set<number>());
  const connection = useRealtimeConnection();
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;

  const finish = useCallback(
    async (id: number) => {
      const result = await fetchImportOutcome(url, id);
      if (!FINISHED_IMPORT_STATUSES.includes(result.status) || shown.current.has(id)) return;
      shown.current.add(id);
      current.current = null;
      ref.current = null;
      setJobId(null);
      setProgress(null);
      setOutcome(result);
      finishedRef.current?.(result);
    },
    [url],
  );

  useEffect(() => {
    if (!connection) return;
    const mine = (event: JobEvent) => {
      if (ref.current !== null && event.ref === ref.current) current.current = event.id;
      return event.id === current.current && !shown.current.has(event.id);
    };
    const stopProgress = connection.listen<ProgressEvent>(channel, 'import.progress', (event) => {
      if (!mine(event)) return;
      setProgress({
        phase: event.phase,
        processed: event.processed,
        total: event.total,
        number: event.number,
      });
    });
    const stopFinished = connection.listen<JobEvent>(channel, 'import.finished', (event) => {
      if (mine(event)) void finish(event.id);
    });
    return () => {
      stopProgress();
      stopFinished();
    };
  }, [connection, channel, finish]);

  useEffect(() => {
    if (jobId === null) return;
    const timer = setInterval(() => {
      fetchImportOutcome(url, jobId)
        .then((read) => {
          if (FINISHED_IMPORT_STATUSES.includes(read.status)) return finish(jobId);
          if (read.status === 'validating')
            setProgress((p) =>
              p?.phase === 'importing'
                ? p
                : {
                    phase: 'validating',
                    processed: read.rows_processed,
                    total: read.rows_total,
                    number: read.number,
                  },
            );
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [jobId, url, finish]);

  /** Uploads the file; a refused file (422) is thrown for the screen to show. */
  async function start(
    file: File,
    dryRun: boolean,
    mapping?: Record<string, string>,
  ): Promise<void> {
    ref.current = crypto.randomUUID();
    setOutcome(null);
    setProgress({ phase: 'uploading', processed: 0, total: 0 });
    try {
      const answer = await uploadFile<ImportOutcome>({
        url,
        file,
        params: {
          file_name: file.name,
          dry_run: dryRun,
          ref: ref.current,
          ...(mapping ? { mapping: JSON.stringify(mapping) } : {}),
        },
        onProgress: ({ loaded, total }) =>
          setProgress((p) =>
            p?.phase === 'uploading' ? { phase: 'uploading', processed: loaded, total } : p,
          ),
      });
      const job = answer.data;
      if (shown.current.has(job.id)) return;
      current.current = job.id;
      setJobId(job.id);
      setProgress((p) =>
        p && p.phase !== 'uploading'
          ? { ...p, number: job.number }
          : { phase: 'validating', processed: 0, total: 0, number: job.number },
      );
    } catch (error) {
      ref.current = null;
      setProgress(null);
      throw error;
    }
  }

  return { progress, outcome, running: progress !== null, start };
}
