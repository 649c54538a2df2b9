import { Alert, Code, Stack, Table } from '@mantine/core';
import type { ImportOutcome } from '../../../api/import-job.api.ts';
import { validationMessage } from '../../../domain/validation-codes.ts';

// A finished import: what it made, or why nothing was, and every refused row with its reasons
// (row 0 is the file itself: a rule the rows broke together, an interrupted job).

function titleOf(outcome: ImportOutcome): string {
  if (outcome.status === 'completed')
    return `${outcome.number}: ${outcome.rows_ok.toLocaleString()} of ${outcome.rows_total.toLocaleString()} rows imported`;
  if (outcome.status === 'validated')
    return `${outcome.number}: all ${outcome.rows_total.toLocaleString()} rows pass; nothing was written`;
  if (outcome.rows_error > 0)
    return `${outcome.number}: nothing was imported; ${outcome.rows_error.toLocaleString()} of ${outcome.rows_total.toLocaleString()} rows need fixing`;
  return `${outcome.number}: nothing was imported`;
}

export function ImportResult({ outcome }: { outcome: ImportOutcome }) {
  const ok = outcome.status === 'completed' || outcome.status === 'validated';
  const shown = outcome.errors.filter((row) => row.row_no > 0).length;
  return (
    <Stack gap="sm">
      <Alert color={ok ? 'green' : 'red'} title={titleOf(outcome)}>
        {outcome.result && ok && <Code>{JSON.stringify(outcome.result)}</Code>}
        {!ok && outcome.rows_error > shown && `The first ${shown} refused rows are listed.`}
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
