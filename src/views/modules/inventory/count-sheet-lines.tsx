import { Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  STOCK_COUNT_LINES,
  type StockCountLineRow,
} from '../../../domain/entities/stock/stock-counts.entity.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { textOf } from '../../common/entity-form/form-values.ts';
import { Fact } from '../../common/fact.tsx';
import { cellText } from '../../common/grid/cell-text.ts';

// The count sheet's lines, laid out for the screen they are counted on: a table on a desk, one
// card per line on a phone (under the sm breakpoint), where a table of up to ten columns would
// make the counter scroll sideways to reach the input. Both carry the same input, which the
// sheet renders (focus order, Enter to the next line, Ctrl+S).

/** A label column as text; '' when the row has none. */
export const lineText = (value: unknown, empty = ''): string =>
  value === null || value === undefined ? empty : textOf(value);

const FIELD = new Map<string, EntityField>(STOCK_COUNT_LINES.fields.map((f) => [f.name, f]));

function qtyText(name: string, line: StockCountLineRow): string {
  const field = FIELD.get(name) as EntityField;
  return cellText(field, line) || '—';
}

/** Which columns the sheet shows, from what the server sent and the round. */
export type SheetColumns = {
  /** 'Counted' or 'Recount': the input's heading. */
  round: string;
  /** The system quantity (left out of a blind count until it is submitted). */
  system: boolean;
  /** The first count, beside a recount that is not blind. */
  first: boolean;
  /** Variance in units and CAD, once the count is submitted. */
  variance: boolean;
};

export type SheetLinesProps = {
  lines: readonly StockCountLineRow[];
  columns: SheetColumns;
  /** The quantity input of a line. */
  input: (line: StockCountLineRow, index: number) => ReactNode;
};

export function SheetLinesTable({ lines, columns, input }: SheetLinesProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing={6} aria-label="Count lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th>Lot</Table.Th>
            <Table.Th>Bin</Table.Th>
            {columns.system && <Table.Th ta="right">System qty</Table.Th>}
            {columns.first && <Table.Th ta="right">First count</Table.Th>}
            <Table.Th w={170}>{columns.round}</Table.Th>
            {columns.variance && <Table.Th ta="right">Variance</Table.Th>}
            {columns.variance && <Table.Th ta="right">Variance CAD</Table.Th>}
            <Table.Th>Counted by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <Table.Tr key={line.id} data-sheet-row={index}>
              <Table.Td c="dimmed">{index + 1}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {lineText(line.product_sku)}
                </Text>
                <Text size="xs" c="dimmed">
                  {lineText(line.product_name)}
                </Text>
              </Table.Td>
              <Table.Td>{lineText(line.lot_no, '—')}</Table.Td>
              <Table.Td>{lineText(line.bin_code, '—')}</Table.Td>
              {columns.system && <Table.Td ta="right">{qtyText('snapshot_qty', line)}</Table.Td>}
              {columns.first && <Table.Td ta="right">{qtyText('counted_qty', line)}</Table.Td>}
              <Table.Td>{input(line, index)}</Table.Td>
              {columns.variance && <Table.Td ta="right">{qtyText('variance_qty', line)}</Table.Td>}
              {columns.variance && (
                <Table.Td ta="right">{qtyText('variance_value', line)}</Table.Td>
              )}
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {lineText(line.counted_by_name)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function SheetLinesCards({ lines, columns, input }: SheetLinesProps) {
  return (
    <Stack gap="xs" role="list" aria-label="Count lines">
      {lines.map((line, index) => {
        const where = [
          line.lot_no && `Lot ${lineText(line.lot_no)}`,
          line.bin_code && `Bin ${lineText(line.bin_code)}`,
        ].filter(Boolean);
        return (
          <Paper key={line.id} withBorder p="sm" role="listitem" data-sheet-row={index}>
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {lineText(line.product_sku)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {lineText(line.product_name)}
                  </Text>
                </div>
                <Text size="xs" c="dimmed">
                  #{index + 1}
                </Text>
              </Group>
              {where.length > 0 && (
                <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {where.join(' · ')}
                </Text>
              )}
              {(columns.system || columns.first || columns.variance) && (
                <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
                  {columns.system && (
                    <Fact label="System qty">{qtyText('snapshot_qty', line)}</Fact>
                  )}
                  {columns.first && <Fact label="First count">{qtyText('counted_qty', line)}</Fact>}
                  {columns.variance && (
                    <Fact label="Variance">{qtyText('variance_qty', line)}</Fact>
                  )}
                  {columns.variance && (
                    <Fact label="Variance CAD">{qtyText('variance_value', line)}</Fact>
                  )}
                </SimpleGrid>
              )}
              <div>
                <Text size="xs" c="dimmed" mb={2} aria-hidden>
                  {columns.round}
                </Text>
                {input(line, index)}
              </div>
              {line.counted_by_name ? (
                <Text size="xs" c="dimmed">
                  Counted by {lineText(line.counted_by_name)}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
