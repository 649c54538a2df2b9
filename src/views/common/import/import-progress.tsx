import { Progress, Stack, Text } from '@mantine/core';

// The live bar of an import: the upload's bytes, then the server's rows as it checks and
// applies them (`import.progress` {processed, total}).

export type ImportProgressState = {
  phase: 'uploading' | 'validating' | 'importing';
  processed: number;
  total: number;
  /** The job, once the upload has answered. */
  number?: string;
};

const PHASE_LABEL = {
  uploading: 'Uploading',
  validating: 'Checking rows',
  importing: 'Importing',
} as const;

export function ImportProgress({ progress }: { progress: ImportProgressState }) {
  const percent = progress.total > 0 ? Math.round((progress.processed / progress.total) * 100) : 0;
  const counted =
    progress.phase === 'uploading' || progress.total === 0
      ? `${percent}%`
      : `${progress.processed.toLocaleString()} of ${progress.total.toLocaleString()} rows`;
  return (
    <Stack gap={4} aria-live="polite">
      <Text size="sm">
        {progress.number ? `${progress.number}: ` : ''}
        {PHASE_LABEL[progress.phase]}… {counted}
      </Text>
      <Progress value={percent} animated aria-label={PHASE_LABEL[progress.phase]} />
    </Stack>
  );
}
