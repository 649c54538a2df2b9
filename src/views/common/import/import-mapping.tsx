import { NativeSelect, Table, Text } from '@mantine/core';
import type { ImportColumn, ImportMapping } from '../../../domain/imports/import-column.ts';
import type { ImportPreview } from '../../../domain/imports/import-job.ts';

// The column mapping of an uploaded file: each column of the kind beside the file header that
// feeds it (matched by name at first, any header choosable) and that header's first value, so
// the user sees what will be read before the dry run. Native selects: one Tab stop each, and
// the arrow keys choose, as a keyboard user expects of a form row.

export type ImportMappingProps = {
  columns: readonly ImportColumn[];
  preview: ImportPreview;
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  disabled?: boolean;
};

export function ImportMappingTable({
  columns,
  preview,
  mapping,
  onChange,
  disabled,
}: ImportMappingProps) {
  const first = preview.rows[0]?.values ?? {};
  const options = [
    { value: '', label: '— not in the file —' },
    ...preview.headers.map((h) => ({ value: h.key, label: h.label })),
  ];
  return (
    <Table withTableBorder aria-label="Column mapping" maw={900}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={220}>Column</Table.Th>
          <Table.Th w={260}>File header</Table.Th>
          <Table.Th>First row</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {columns.map((column) => {
          const header = mapping[column.key] ?? '';
          const missing = column.required && header === '';
          return (
            <Table.Tr key={column.key}>
              <Table.Td>
                <Text size="sm" fw={column.required ? 600 : 400}>
                  {column.label}
                  {column.required ? ' *' : ''}
                </Text>
                {column.hint && (
                  <Text size="xs" c="dimmed">
                    {column.hint}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <NativeSelect
                  aria-label={`File header for ${column.label}`}
                  data={options}
                  value={header}
                  disabled={disabled}
                  error={missing ? 'This field is required' : undefined}
                  onChange={(e) => onChange({ ...mapping, [column.key]: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {header ? (first[header] ?? '') : ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
