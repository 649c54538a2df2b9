import {
  Alert,
  Anchor,
  Badge,
  Group,
  Modal,
  Pagination,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { ImportColumn } from '../../../domain/imports/import-column.ts';
import type { ImportJobRow } from '../../../domain/imports/import-job.ts';
import { formatInteger } from '../../../domain/formats/number.format.ts';
import { importProblems } from '../../../domain/imports/import-problems.ts';
import { useImportJobRows } from './use-import-job-rows.ts';

// One job of the history opened (docs/domain/imports.md §12 import_job_rows): every row it logged,
// with its number, result, the record it made (linked to its screen), its problems in words (what
// is wrong and what would be right, import-problems.ts) and its cells as the file had them, paged
// and narrowed by result or by text. Cells are shown as text, so `=1+2` is never anything but those
// characters.

export type OpenedImportJob = {
  number: string;
  fileName: string;
  /** The rows route without the /api base. */
  rowsUrl: string;
  columns: readonly ImportColumn[];
  /** The screen of what a row made, `:id` its entity id. */
  entityPath?: string | undefined;
};

const RESULTS = [
  { value: 'all', label: 'All' },
  { value: 'ok', label: 'OK' },
  { value: 'error', label: 'Refused' },
  { value: 'skipped', label: 'Skipped' },
];

const RESULT_COLOR = { ok: 'green', error: 'red', skipped: 'gray' } as const;
const RESULT_LABEL = { ok: 'OK', error: 'Refused', skipped: 'Skipped' } as const;

function problems(row: ImportJobRow, columns: readonly ImportColumn[]): string {
  return importProblems(row.errors, row.values, columns);
}

export function ImportJobRows({ job, onClose }: { job: OpenedImportJob; onClose: () => void }) {
  const rows = useImportJobRows(job.rowsUrl);
  const read = rows.page;
  const pages = read ? Math.max(1, Math.ceil(read.total / read.per_page)) : 1;
  // Only the columns some row on the page has a cell for (a kind's optional ones often none).
  const shown = job.columns.filter((c) => read?.rows.some((r) => r.values && c.key in r.values));
  return (
    <Modal opened onClose={onClose} size="90%" title={`${job.number} · ${job.fileName}`}>
      <Stack gap="sm">
        <Group gap="sm" align="end">
          <SegmentedControl
            aria-label="Rows to show"
            data={RESULTS}
            value={rows.filter.result ?? 'all'}
            onChange={(value) =>
              rows.narrow({
                result: value === 'all' ? undefined : (value as ImportJobRow['result']),
              })
            }
          />
          <TextInput
            aria-label="Search the rows"
            placeholder="Search cells and problems"
            leftSection={<IconSearch size={14} />}
            value={rows.filter.q ?? ''}
            onChange={(e) => rows.narrow({ q: e.currentTarget.value || undefined })}
            w={260}
          />
        </Group>
        {rows.failed && (
          <Alert color="red" variant="light" title="The rows could not be read">
            Check the connection and open the job again.
          </Alert>
        )}
        <ScrollArea>
          <Table striped withTableBorder aria-label={`Rows of ${job.number}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>Row</Table.Th>
                <Table.Th w={100}>Result</Table.Th>
                <Table.Th w={90}>Record</Table.Th>
                {shown.map((c) => (
                  <Table.Th key={c.key}>{c.label}</Table.Th>
                ))}
                <Table.Th>Problems</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {read?.rows.map((row) => (
                <Table.Tr key={row.row_no}>
                  <Table.Td>{row.row_no || 'File'}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={RESULT_COLOR[row.result]}>
                      {RESULT_LABEL[row.result]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {row.entity_id !== null &&
                      (job.entityPath ? (
                        <Anchor
                          component={Link}
                          size="sm"
                          to={job.entityPath.replace(':id', String(row.entity_id))}
                          aria-label={`Open the record of row ${row.row_no}`}
                        >
                          #{row.entity_id}
                        </Anchor>
                      ) : (
                        `#${row.entity_id}`
                      ))}
                  </Table.Td>
                  {shown.map((c) => {
                    const wrong = Boolean(row.errors && c.key in row.errors);
                    return (
                      <Table.Td
                        key={c.key}
                        c={wrong ? 'red' : undefined}
                        fw={wrong ? 600 : undefined}
                      >
                        {row.values?.[c.key] ?? ''}
                      </Table.Td>
                    );
                  })}
                  <Table.Td>{problems(row, job.columns)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="job-row-count">
            {read === null
              ? 'Loading…'
              : read.total === 0
                ? 'No rows'
                : read.total === 1
                  ? '1 row'
                  : `${formatInteger(read.total)} rows`}
          </Text>
          <Pagination
            size="sm"
            total={pages}
            value={rows.filter.page}
            onChange={rows.goTo}
            getControlProps={(control) => ({ 'aria-label': `${control} page of rows` })}
            getItemProps={(page) => ({ 'aria-label': `Rows page ${page}` })}
          />
        </Group>
      </Stack>
    </Modal>
  );
}
