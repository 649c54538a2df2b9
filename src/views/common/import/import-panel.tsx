import { Button, FileInput, Group, Stack, Switch, Text } from '@mantine/core';
import { IconFileImport, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import type { ImportOutcome } from '../../../api/import-job.api.ts';
import type { ImportColumn } from '../../../domain/imports/import-column.ts';
import { validationMessage } from '../../../domain/validation-codes.ts';
import { notify } from '../notify.tsx';
import { ImportProgress } from './import-progress.tsx';
import { ImportResult } from './import-result.tsx';
import { useImportJob } from './use-import-job.ts';

// The import screen of spec §2 (inventory-import, later purchases, sales, production): choose
// a CSV or XLSX file, check it only or import it, watch the upload and then the server's job
// check and apply its rows live, and read every refused row with its reasons. Nothing is
// written unless every row passes (the server applies the file in one transaction).

export type { ImportOutcome };

export type ImportPanelProps = {
  /** The upload route without the /api base, e.g. `inventory/inventory-import`. */
  url: string;
  /** The importer's channel without `private-`, e.g. `inventory.imports`. */
  channel: string;
  columns: readonly ImportColumn[];
  onFinished?: (outcome: ImportOutcome) => void;
};

export function ImportPanel({ url, channel, columns, onFinished }: ImportPanelProps) {
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const job = useImportJob({
    url,
    channel,
    onFinished: (result) => {
      onFinished?.(result);
      if (result.status === 'completed')
        notify.success(`${result.number}: ${result.rows_ok} rows imported`, 'Import');
    },
  });
  const progress = job.running ? job.progress : null;

  async function start() {
    if (!file) {
      setFileError('File is required');
      return;
    }
    setFileError(null);
    try {
      await job.start(file, dryRun);
    } catch (error) {
      if (isApiError(error) && error.code === 'validation_error') {
        setFileError(
          Object.values((error.data ?? {}) as Record<string, string>)
            .map(validationMessage)
            .join(' '),
        );
      }
    }
  }

  return (
    <Stack gap="md" maw={900}>
      <Text size="sm" c="dimmed">
        Columns (first row of the file):{' '}
        {columns.map((c) => `${c.label}${c.required ? ' *' : ''}`).join(', ')}
      </Text>
      <Group align="flex-end">
        <FileInput
          label="File"
          placeholder="Choose a .csv or .xlsx file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconUpload size={16} />}
          value={file}
          onChange={(f) => {
            setFile(f);
            setFileError(null);
          }}
          error={fileError}
          w={360}
          disabled={progress !== null}
        />
        <Switch
          label="Check only (nothing is written)"
          checked={dryRun}
          onChange={(e) => setDryRun(e.currentTarget.checked)}
          disabled={progress !== null}
          mb={6}
        />
        <Button
          leftSection={<IconFileImport size={16} />}
          onClick={() => void start()}
          loading={progress !== null}
        >
          {dryRun ? 'Check file' : 'Import'}
        </Button>
      </Group>
      {progress && <ImportProgress progress={progress} />}
      {job.outcome && <ImportResult outcome={job.outcome} />}
    </Stack>
  );
}
