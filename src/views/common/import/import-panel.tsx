import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconChecklist, IconFileImport, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import {
  previewImportFile,
  type ImportOutcome,
  type ImportPreview,
} from '../../../api/import-job.api.ts';
import {
  unmappedRequired,
  type ImportColumn,
  type ImportMapping,
} from '../../../domain/imports/import-column.ts';
import { validationMessage } from '../../../domain/validation-codes.ts';
import { notify } from '../notify.tsx';
import { ImportMappingTable } from './import-mapping.tsx';
import { ImportProgress } from './import-progress.tsx';
import { ImportResult } from './import-result.tsx';
import { useImportJob } from './use-import-job.ts';

// The import screen of docs/product.md §2 for every kind (docs/domain/imports.md §12): choose a CSV
// or XLSX file, map its headers to the kind's columns, dry-run it (every row checked, nothing
// written) and read the refused rows in a grid; Apply is offered only once a dry run of this very
// file and mapping came back clean. The server checks every row again on apply and writes nothing
// if any fails, so the dry run is the user's preview, not the only guard.

export type { ImportOutcome };

export type ImportPanelProps = {
  /** The upload route without the /api base, e.g. `inventory/inventory-import`. */
  url: string;
  /** The importer's channel without `private-`, e.g. `inventory.imports`. */
  channel: string;
  columns: readonly ImportColumn[];
  onFinished?: (outcome: ImportOutcome) => void;
};

function messageOf(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'validation_error') return null;
  return Object.values((error.data ?? {}) as Record<string, string>)
    .map(validationMessage)
    .join(' ');
}

export function ImportPanel({ url, channel, columns, onFinished }: ImportPanelProps) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [fileError, setFileError] = useState<string | null>(null);
  /** The file and mapping of the last clean dry run: Apply is for exactly those. */
  const [clean, setClean] = useState<{ file: File; mapping: string } | null>(null);
  const [lastRun, setLastRun] = useState<{ file: File; mapping: string } | null>(null);
  const job = useImportJob({
    url,
    channel,
    onFinished: (result) => {
      onFinished?.(result);
      if (result.status === 'validated' && lastRun) setClean(lastRun);
      if (result.status === 'completed') {
        setClean(null);
        notify.success(`${result.number}: ${result.rows_ok} rows imported`, 'Import');
      }
    },
  });
  const busy = job.progress !== null;
  const missing = unmappedRequired(columns, mapping);
  const mappingKey = JSON.stringify(mapping);
  const canApply = clean !== null && clean.file === file && clean.mapping === mappingKey;

  async function choose(chosen: File | null) {
    setFile(chosen);
    setPreview(null);
    setClean(null);
    setFileError(null);
    if (!chosen) return;
    try {
      const read = await previewImportFile(url, chosen);
      setPreview(read);
      setMapping(read.mapping);
    } catch (error) {
      setFileError(messageOf(error) ?? 'The file could not be read');
    }
  }

  async function run(dryRun: boolean) {
    if (!file) return setFileError('File is required');
    setFileError(null);
    setLastRun({ file, mapping: mappingKey });
    try {
      await job.start(file, dryRun, mapping);
    } catch (error) {
      const message = messageOf(error);
      if (message) setFileError(message);
    }
  }

  return (
    <Stack component="section" aria-label="Import a file" gap="md" maw={1100}>
      <Text size="sm" c="dimmed">
        Columns: {columns.map((c) => `${c.label}${c.required ? ' *' : ''}`).join(', ')}. Run a dry
        run first; Apply writes everything or nothing.
      </Text>
      <FileInput
        label="File"
        placeholder="Choose a .csv or .xlsx file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        leftSection={<IconUpload size={16} />}
        value={file}
        onChange={(f) => void choose(f)}
        error={fileError}
        w={360}
        disabled={busy}
      />
      {preview && (
        <>
          <ImportMappingTable
            columns={columns}
            preview={preview}
            mapping={mapping}
            onChange={setMapping}
            disabled={busy}
          />
          <Group>
            <Button
              variant={canApply ? 'default' : 'filled'}
              leftSection={<IconChecklist size={16} />}
              onClick={() => void run(true)}
              loading={busy}
              disabled={missing.length > 0}
            >
              Dry run
            </Button>
            <Button
              leftSection={<IconFileImport size={16} />}
              onClick={() => void run(false)}
              disabled={!canApply || busy}
            >
              Apply
            </Button>
            {!canApply && !busy && (
              <Text size="sm" c="dimmed">
                {missing.length > 0
                  ? `Map ${missing.map((c) => c.label).join(', ')} first.`
                  : 'Apply is available after a clean dry run of this file.'}
              </Text>
            )}
          </Group>
        </>
      )}
      {job.progress && <ImportProgress progress={job.progress} />}
      {job.outcome && <ImportResult outcome={job.outcome} columns={columns} />}
    </Stack>
  );
}
