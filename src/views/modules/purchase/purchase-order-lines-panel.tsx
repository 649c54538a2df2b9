import { Paper, Table, Text, Title } from '@mantine/core';
import {
  openToReceive,
  type LineQuantities,
} from '../../../domain/entities/purchase/purchase-order-figures.ts';
import type {
  PurchaseOrderDoc,
  PurchaseOrderLineRow,
} from '../../../domain/entities/purchase/purchase-orders.entity.ts';
import { formatAmount } from '../../../domain/formats/number.format.ts';

// What happened to each line of a purchase order, read from the order as the server answers
// it: ordered, received (inventory and lab receivings alike write it when they post), billed
// by posted invoices, and what is still open to receive. The timeline below names each
// receipt; this says where the order stands now.

const quantitiesOf = (line: PurchaseOrderLineRow): LineQuantities => ({
  qty: line.qty ?? 0,
  qty_received: line.qty_received ?? 0,
  qty_billed: line.qty_billed ?? 0,
  qty_cancelled: line.qty_cancelled ?? 0,
});

const COLUMNS = ['Ordered', 'Received', 'Billed', 'Open'] as const;

export function PurchaseOrderLinesPanel({ doc }: { doc: PurchaseOrderDoc }) {
  const lines = doc.lines ?? [];
  if (lines.length === 0) return null;
  return (
    <Paper withBorder p="sm" component="section" aria-label="Received and billed">
      <Title order={4} fz="md" mb="xs">
        Received and billed
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table withTableBorder verticalSpacing={4} aria-label="Lines received and billed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              <Table.Th>Product</Table.Th>
              {COLUMNS.map((c) => (
                <Table.Th key={c} ta="right">
                  {c}
                </Table.Th>
              ))}
              <Table.Th w={70}>Unit</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => {
              const q = quantitiesOf(line);
              const figures = [q.qty, q.qty_received, q.qty_billed, openToReceive(q)];
              return (
                <Table.Tr key={line.id} data-line={index + 1}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500} span>
                      {line.product_sku ?? ''}
                    </Text>{' '}
                    <Text size="sm" c="dimmed" span>
                      {line.product_name ?? ''}
                    </Text>
                  </Table.Td>
                  {figures.map((n, i) => (
                    <Table.Td
                      key={COLUMNS[i]}
                      ta="right"
                      aria-label={`${COLUMNS[i]} (line ${index + 1})`}
                    >
                      {formatAmount(n)}
                    </Table.Td>
                  ))}
                  <Table.Td>{line.measure_code ?? ''}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {lines.some((l) => (l.qty_cancelled ?? 0) > 0) && (
        <Text size="xs" c="dimmed" mt={4}>
          Open leaves out what was cancelled on the line.
        </Text>
      )}
    </Paper>
  );
}
