import { Button, Menu, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import {
  downloadFile,
  saveBlob,
  type DownloadProgress,
  type DownloadResult,
} from '../../../api/download.ts';
import type { EntityApi, ExportFormat } from '../../../api/entity.api.ts';
import { errorText } from '../../../api/error-text.ts';
import { formatInteger } from '../../../domain/formats/number.format.ts';
import type { TableQueryInput } from '../../../domain/table-filter/table-query.types.ts';
import { notify } from '../notify.tsx';

// Export of exactly what the grid shows: the same filter and sort, every page, the visible
// columns in their order. The file streams in with a progress notification (rows from
// X-Total-Rows for CSV, bytes for XLSX) and is saved under the server's file name.

export type ExportDownload = (
  target: ReturnType<EntityApi['exportQuery']>,
  onProgress: (progress: DownloadProgress) => void,
) => Promise<DownloadResult>;

const defaultDownload: ExportDownload = (target, onProgress) =>
  downloadFile(target, { onProgress });

export interface ExportMenuProps {
  api: Pick<EntityApi, 'exportQuery'>;
  query: Pick<TableQueryInput, 'filter' | 'sort'>;
  columns: readonly string[];
  label: string;
  download?: ExportDownload;
  save?: (result: DownloadResult) => void;
}

let exportCount = 0;

export function ExportMenu({
  api,
  query,
  columns,
  label,
  download = defaultDownload,
  save = saveBlob,
}: ExportMenuProps) {
  const [busy, setBusy] = useState(false);

  const run = async (format: ExportFormat) => {
    const id = `export-${++exportCount}`;
    setBusy(true);
    notifications.show({
      id,
      title: `Exporting ${label}`,
      message: progressText(null),
      loading: true,
      autoClose: false,
      withCloseButton: false,
    });
    let shownAt = 0;
    try {
      const result = await download(api.exportQuery(format, query, columns), (progress) => {
        // A redraw per chunk would flood the page on a fast network.
        const now = performance.now();
        if (now - shownAt < 100 && progress.fraction !== 1) return;
        shownAt = now;
        notifications.update({ id, message: progressText(progress) });
      });
      notifications.hide(id);
      save(result);
      notify.success(`${result.fileName} downloaded`, 'Export');
    } catch (error) {
      notifications.hide(id);
      notify.error(errorText(error, 'The export failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" loading={busy} leftSection={<IconDownload size={14} />}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileTypeCsv size={14} />} onClick={() => void run('csv')}>
          CSV
        </Menu.Item>
        <Menu.Item leftSection={<IconFileSpreadsheet size={14} />} onClick={() => void run('xlsx')}>
          Excel (XLSX)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function progressText(progress: DownloadProgress | null) {
  const rows =
    progress?.rows !== null && progress?.rows !== undefined
      ? `${formatInteger(progress.rows)}${progress.totalRows !== null ? ` of ${formatInteger(progress.totalRows)}` : ''} rows`
      : progress?.totalRows !== null && progress?.totalRows !== undefined
        ? `${formatInteger(progress.totalRows)} rows`
        : 'Starting…';
  const kb = progress ? `${formatInteger(progress.bytes / 1024)} KB` : '';
  return (
    <Stack gap={4} data-testid="export-progress">
      <Progress
        value={
          progress?.fraction !== null && progress?.fraction !== undefined
            ? progress.fraction * 100
            : 100
        }
        animated={progress?.fraction === null || progress?.fraction === undefined}
        striped={progress?.fraction === null || progress?.fraction === undefined}
        size="sm"
      />
      <Text size="xs" c="dimmed">
        {rows}
        {kb && ` · ${kb}`}
      </Text>
    </Stack>
  );
}
