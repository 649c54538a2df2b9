import { Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SCROLL_BY_KEYBOARD } from '../../../common/scroll-by-keyboard.ts';

// One section of a detail page: a titled table of rows (an order's picks, its HPLC samples),
// or a line saying there are none yet. Numbers line up on the right.

export type DetailColumn<T> = {
  label: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
};

export function DetailTable<T extends { readonly id: number }>({
  title,
  rows,
  columns,
  empty,
}: {
  title: string;
  rows: readonly T[];
  columns: readonly DetailColumn<T>[];
  /** What an empty section says ('No HPLC sample yet'). */
  empty: string;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={4} fz="md" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <ScrollArea type="auto" viewportProps={SCROLL_BY_KEYBOARD}>
          <Table striped withRowBorders={false} verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.label} ta={c.numeric ? 'right' : undefined}>
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  {columns.map((c) => (
                    <Table.Td
                      key={c.label}
                      ta={c.numeric ? 'right' : undefined}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {c.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}
