import {
  Alert,
  Button,
  Code,
  FileInput,
  Group,
  Progress,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { IconFileImport, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { uploadFile } from '../../../api/upload-file.ts';
import type { ImportColumn } from '../../../domain/imports/import-column.ts';
import { validationMessage } from '../../../domain/validation-codes.ts';
import { useRealtimeConnection } from '../../shell/realtime/realtime.context.tsx';
import { notify } from '../notify.tsx';

// The import screen of spec §2 (inventory-import, later purchases, sales, production): choose
// a CSV or XLSX file, check it only or import it, watch the upload and then the server's
// validation progress, and read every refused row with its reasons. Nothing is written unless
// every row passes (the server applies the file in one transaction).

export type ImportOutcome = {
  id: number;
  number: string;
  status: string;
  rows_total: number;
  rows_ok: number;
  rows_error: number;
  errors: { row_no: number; errors: Record<string, string> }[];
  result: Record<string, unknown> | null;
};

type Progress = { phase: 'uploading' | 'validating' | 'importing'; percent: number };

type ProgressEvent = {
  ref: string | null;
  phase: 'validating' | 'importing';
  processed: number;
  total: number;
};

export type ImportPanelProps = {
  /** The upload route without the /api base, e.g. `inventory/inventory-import`. */
  url: string;
  /** The importer's channel without `private-`, e.g. `inventory.imports`. */
  channel: string;
  columns: readonly ImportColumn[];
  onFinished?: (outcome: ImportOutcome) => void;
};

const PHASE_LABEL = {
  uploading: 'Uploading',
  validating: 'Checking rows',
  importing: 'Importing',
} as const;

export function ImportPanel({ url, channel, columns, onFinished }: ImportPanelProps) {
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const ref = useRef<string | null>(null);
  const connection = useRealtimeConnection();

  useEffect(() => {
    if (!connection) return;
    return connection.listen<ProgressEvent>(channel, 'import.progress', (event) => {
      if (!ref.current || event.ref !== ref.current || event.total === 0) return;
      setProgress({
        phase: event.phase,
        percent: Math.round((event.processed / event.total) * 100),
      });
    });
  }, [connection, channel]);

  async function start() {
    if (!file) {
      setFileError('File is required');
      return;
    }
    ref.current = crypto.randomUUID();
    setOutcome(null);
    setFileError(null);
    setProgress({ phase: 'uploading', percent: 0 });
    try {
      const answer = await uploadFile<ImportOutcome>({
        url,
        file,
        params: { file_name: file.name, dry_run: dryRun, ref: ref.current },
        onProgress: ({ loaded, total }) =>
          setProgress((p) =>
            p?.phase === 'uploading'
              ? { phase: 'uploading', percent: total ? Math.round((loaded / total) * 100) : 0 }
              : p,
          ),
      });
      const result = answer.data;
      setOutcome(result);
      onFinished?.(result);
      if (result.status === 'completed')
        notify.success(`${result.number}: ${result.rows_ok} rows imported`, 'Import');
    } catch (error) {
      if (isApiError(error) && error.code === 'validation_error') {
        setFileError(
          Object.values((error.data ?? {}) as Record<string, string>)
            .map(validationMessage)
            .join(' '),
        );
      }
    } finally {
      setProgress(null);
      ref.current = null;
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
      {progress && (
        <Stack gap={4} aria-live="polite">
          <Text size="sm">
            {PHASE_LABEL[progress.phase]}… {progress.percent}%
          </Text>
          <Progress value={progress.percent} animated aria-label={PHASE_LABEL[progress.phase]} />
        </Stack>
      )}
      {outcome && <ImportResult outcome={outcome} />}
    </Stack>
  );
}

function ImportResult({ outcome }: { outcome: ImportOutcome }) {
  const ok = outcome.status === 'completed' || outcome.status === 'validated';
  const title =
    outcome.status === 'completed'
      ? `${outcome.number}: ${outcome.rows_ok} of ${outcome.rows_total} rows imported`
      : outcome.status === 'validated'
        ? `${outcome.number}: all ${outcome.rows_total} rows pass; nothing was written`
        : `${outcome.number}: nothing was imported; ${outcome.rows_error} of ${outcome.rows_total} rows need fixing`;
  return (
    <Stack gap="sm">
      <Alert color={ok ? 'green' : 'red'} title={title}>
        {outcome.result && ok && <Code>{JSON.stringify(outcome.result)}</Code>}
      </Alert>
      {outcome.errors.length > 0 && (
        <Table striped withTableBorder aria-label="Rows refused">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={90}>Row</Table.Th>
              <Table.Th>Problems</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {outcome.errors.map((row) => (
              <Table.Tr key={row.row_no}>
                <Table.Td>{row.row_no || 'File'}</Table.Td>
                <Table.Td>
                  {Object.entries(row.errors)
                    .map(([field, code]) => `${field}: ${validationMessage(code)}`)
                    .join('; ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
