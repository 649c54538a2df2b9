import { Alert, Code, ScrollArea, Stack, Table } from '@mantine/core';
import type { ImportOutcome } from '../../../api/import-job.api.ts';
import type { ImportColumn } from '../../../domain/imports/import-column.ts';
import { formatNumber } from '../../../domain/formats/number.format.ts';
import { validationMessage } from '../../../domain/validation-codes.ts';

// A finished import: what it made, or why nothing was, and a grid of every refused row: its
// cells as the file had them, the wrong ones marked, and the reasons (row 0 is the file
// itself: a rule the rows broke together, an interrupted job). Cells are shown as text, so a
// cell such as `=1+2` is never anything but those characters.

function titleOf(outcome: ImportOutcome): string {
  const total = formatNumber(outcome.rows_total);
  if (outcome.status === 'completed')
    return `${outcome.number}: ${formatNumber(outcome.rows_ok)} of ${total} rows imported`;
  if (outcome.status === 'validated')
    return `${outcome.number}: dry run clean, all ${total} rows pass; nothing was written`;
  if (outcome.rows_error > 0)
    return `${outcome.number}: nothing was imported; ${formatNumber(outcome.rows_error)} of ${total} rows need fixing`;
  return `${outcome.number}: nothing was imported`;
}

export function ImportResult({
  outcome,
  columns = [],
}: {
  outcome: ImportOutcome;
  columns?: readonly ImportColumn[];
}) {
  const ok = outcome.status === 'completed' || outcome.status === 'validated';
  const shown = outcome.errors.filter((row) => row.row_no > 0).length;
  // Only the columns some refused row has a cell for.
  const shownColumns = columns.filter((c) =>
    outcome.errors.some((row) => row.values && c.key in row.values),
  );
  return (
    <Stack gap="sm">
      <Alert color={ok ? 'green' : 'red'} title={titleOf(outcome)}>
        {outcome.result && outcome.status === 'completed' && (
          <Code>{JSON.stringify(outcome.result)}</Code>
        )}
        {!ok && outcome.rows_error > shown && `The first ${shown} refused rows are listed.`}
      </Alert>
      {outcome.errors.length > 0 && (
        <ScrollArea>
          <Table striped withTableBorder aria-label="Rows refused">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>Row</Table.Th>
                {shownColumns.map((c) => (
                  <Table.Th key={c.key}>{c.label}</Table.Th>
                ))}
                <Table.Th>Problems</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outcome.errors.map((row) => (
                <Table.Tr key={row.row_no}>
                  <Table.Td>{row.row_no || 'File'}</Table.Td>
                  {shownColumns.map((c) => (
                    <Table.Td
                      key={c.key}
                      c={c.key in row.errors ? 'red' : undefined}
                      fw={c.key in row.errors ? 600 : undefined}
                    >
                      {row.values?.[c.key] ?? ''}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    {Object.entries(row.errors)
                      .map(([field, code]) => `${field}: ${validationMessage(code)}`)
                      .join('; ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
