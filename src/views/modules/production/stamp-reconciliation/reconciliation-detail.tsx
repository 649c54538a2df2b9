import { Group, Stack, Table, Text } from '@mantine/core';
import {
  FIGURE_COLUMNS,
  type ReconciliationRow,
} from '../../../../domain/entities/production/stamp-reconciliation.ts';
import { formatInteger } from '../../../../domain/formats/number.format.ts';

// What makes up a jurisdiction's book for the month: each reel with its own figures, and the
// stamping (or assembly) orders whose stamps moved on those reels within the month.

const ORDER_COLUMNS = ['applied', 'wasted', 'damaged', 'returned'] as const;

export function ReconciliationDetail({ row }: { row: ReconciliationRow }) {
  return (
    <Stack gap="sm" p="xs">
      <Table
        withTableBorder
        fz="xs"
        style={{ width: 'auto' }}
        aria-label={`Reels of ${row.jurisdiction_name}`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reel</Table.Th>
            <Table.Th>Stamp type</Table.Th>
            {FIGURE_COLUMNS.map((c) => (
              <Table.Th key={c.key} ta="right">
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {row.reels.map((reel) => (
            <Table.Tr key={reel.reel_id}>
              <Table.Td>{reel.reel_no}</Table.Td>
              <Table.Td>{reel.stamp_type_name ?? ''}</Table.Td>
              {FIGURE_COLUMNS.map((c) => (
                <Table.Td key={c.key} ta="right">
                  {formatInteger(reel[c.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {row.orders.length === 0 ? (
        <Text size="sm" c="dimmed">
          No stamping order moved these reels in the month.
        </Text>
      ) : (
        <Table
          withTableBorder
          fz="xs"
          style={{ width: 'auto' }}
          aria-label={`Orders of ${row.jurisdiction_name}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order</Table.Th>
              <Table.Th>Reel</Table.Th>
              {ORDER_COLUMNS.map((key) => (
                <Table.Th key={key} ta="right" tt="capitalize">
                  {key}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {row.orders.map((o) => (
              <Table.Tr key={`${o.kind}-${o.order_id}-${o.reel_no}`}>
                <Table.Td>{o.number}</Table.Td>
                <Table.Td>{o.reel_no}</Table.Td>
                {ORDER_COLUMNS.map((key) => (
                  <Table.Td key={key} ta="right">
                    {formatInteger(o[key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          Closing = opening + received − applied − wasted − damaged − destroyed + adjusted; returned
          stamps came back from the floor and stay in the book.
        </Text>
      </Group>
    </Stack>
  );
}
