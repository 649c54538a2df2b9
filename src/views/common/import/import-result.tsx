import { Alert, Anchor, List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { ImportOutcome } from '../../../api/import-job.api.ts';
import type { ImportColumn } from '../../../domain/imports/import-column.ts';
import { importProblems } from '../../../domain/imports/import-problems.ts';
import { importSummary } from '../../../domain/imports/import-summary.ts';
import { formatNumber } from '../../../domain/formats/number.format.ts';

// A finished import: what it made (in sentences, with links to the records it made), or why
// nothing was, and a grid of every refused row: its cells as the file had them, the wrong ones
// marked, and what is wrong and what would be right (row 0 is the file itself: a rule the
// rows broke together, an interrupted job). Cells are shown as text, so a cell such as `=1+2`
// is never anything but those characters.

function Summary({ result }: { result: ImportOutcome['result'] }) {
  const lines = importSummary(result);
  if (lines.length === 0) return null;
  return (
    <List size="sm" spacing={2} aria-label="What the import made">
      {lines.map((line) => (
        <List.Item key={line.text}>
          <Text span size="sm">
            {line.text}
          </Text>
          {line.records.map((record, i) => (
            <Fragment key={record.label}>
              {i > 0 ? ',' : ''}{' '}
              {record.href ? (
                <Anchor component={Link} to={record.href} size="sm">
                  {record.label}
                </Anchor>
              ) : (
                <Text span size="sm">
                  {record.label}
                </Text>
              )}
            </Fragment>
          ))}
        </List.Item>
      ))}
    </List>
  );
}

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
        {outcome.status === 'completed' && <Summary result={outcome.result} />}
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
                  <Table.Td>{importProblems(row.errors, row.values, columns)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
