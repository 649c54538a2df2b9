import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { writableLineFields, type LineItems } from '../../../domain/entity/line-fields.ts';
import { cellText, isNumeric } from '../grid/cell-text.ts';
import { StatusTag } from '../status-tag.tsx';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// A record that reads only (a posted document) as what it says, not as a disabled form: each
// field's label over its value in full, references by their label, and the lines as a plain
// table. No grey cut-off values, clear buttons or required stars on something nobody edits.

export interface ReadOnlyRecordProps {
  fields: readonly EntityField[];
  row: EntityRow;
  lines?: LineItems;
  /** Values per row: 1 in a drawer, 2 on a page. */
  columns?: number;
}

const EMPTY = '—';

function Value({ field, row }: { field: EntityField; row: Readonly<Record<string, unknown>> }) {
  const text = cellText(field, row);
  const value = row[field.name];
  // A status reads as the list shows it: the same tag in the same colour.
  const tagged = field.kind === 'enum' && field.tag === true && typeof value === 'string';
  return (
    <div>
      <Text size="sm" c="dimmed" component="div">
        {field.label}
      </Text>
      {tagged ? (
        <StatusTag status={value} label={text} />
      ) : (
        <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {text === '' ? EMPTY : text}
        </Text>
      )}
    </div>
  );
}

/** An id the form's own input sets (an uploaded file's): that input says what it is, not the id. */
const bareId = (field: EntityField) => field.ownInput === true && field.identifier === true;

export function ReadOnlyRecord({ fields, row, lines, columns = 1 }: ReadOnlyRecordProps) {
  const lineRows = lines ? ((row[lines.name] as EntityRow[] | undefined) ?? []) : [];
  const lineFields = lines ? writableLineFields(lines).filter((f) => !f.ownInput) : [];
  return (
    <Stack gap="md" aria-label="Record details">
      <SimpleGrid cols={columns} spacing="md" verticalSpacing="sm">
        {fields
          .filter((field) => !bareId(field))
          .map((field) => (
            <Value key={field.name} field={field} row={row} />
          ))}
      </SimpleGrid>
      {lines && (
        <div>
          <Text fw={600} mb="xs">
            {lines.label}
          </Text>
          <Table.ScrollContainer minWidth={400}>
            <Table withTableBorder verticalSpacing={6} aria-label={lines.label}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>#</Table.Th>
                  {lineFields.map((f) => (
                    <Table.Th key={f.name} ta={isNumeric(f) ? 'right' : undefined}>
                      {f.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lineRows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={lineFields.length + 1}>
                      <Text size="sm" c="dimmed">
                        No lines.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {lineRows.map((line, index) => (
                  <Table.Tr key={typeof line.id === 'number' ? line.id : index}>
                    <Table.Td>{index + 1}</Table.Td>
                    {lineFields.map((f) => (
                      <Table.Td key={f.name} ta={isNumeric(f) ? 'right' : undefined}>
                        {cellText(f, line) || EMPTY}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </div>
      )}
    </Stack>
  );
}
