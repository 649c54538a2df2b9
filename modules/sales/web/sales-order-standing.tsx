import { Group, Paper, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DocumentTax } from '../../general/shared/entities/document-taxes.ts';
import {
  allocationTold,
  backorderedOf,
  type ToldLine,
} from '../shared/entities/sales-order-backorder.ts';
import {
  salesOrderDoc,
  type SalesOrderDoc,
  type SalesOrderLineRow,
} from '../shared/entities/sales-orders.entity.ts';
import { formatCurrency, formatUnitPrice } from '../../../src/domain/formats/currency.format.ts';
import { formatAmount } from '../../../src/domain/formats/number.format.ts';
import { formatRate } from '../../../src/domain/formats/percent.format.ts';
import { formatMeasured } from '../../../src/domain/formats/quantity.format.ts';
import { StatusTag } from '../../../src/views/common/status-tag.tsx';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';
import { SCROLL_BY_KEYBOARD } from '../../../src/views/common/scroll-by-keyboard.ts';

// A confirmed (read-only) order as it stands: what each line costs (tier price, discount, net
// price, line total), how far it has gone (allocated, shipped, backordered), the taxes and
// the total, and how much of it the stock covers in words ("23 of 240 allocated, 217 on
// backorder"), the same words the server put on its timeline. A draft has the prices panel
// under its line editor instead.

const quantitiesOf = (line: SalesOrderLineRow): ToldLine => ({
  qty: line.qty ?? 0,
  qty_allocated: line.qty_allocated ?? 0,
  qty_shipped: line.qty_shipped ?? 0,
  qty_cancelled: line.qty_cancelled ?? 0,
  product_sku: line.product_sku,
  measure_code: line.measure_code,
});

function LineRow({ line, index }: { line: SalesOrderLineRow; index: number }) {
  const q = quantitiesOf(line);
  const unit = line.measure_code ?? '';
  const qty = (value: number) => formatMeasured(value, unit);
  const discount = line.discount_amount ?? 0;
  const code = line.discount_code ?? '';
  const lineTotal = line.line_total ?? 0;
  return (
    <Table.Tr aria-label={`Line ${index + 1}`}>
      <Table.Td>{index + 1}</Table.Td>
      <Table.Td>
        {line.product_sku ?? ''}
        <Text size="xs" c="dimmed">
          {line.product_name ?? ''}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{qty(q.qty)}</Table.Td>
      <Table.Td ta="right">{formatUnitPrice(line.unit_price ?? 0)}</Table.Td>
      <Table.Td>{discount > 0 ? `${code} −${formatCurrency(discount)}`.trim() : '—'}</Table.Td>
      <Table.Td ta="right">{q.qty > 0 ? formatUnitPrice(lineTotal / q.qty) : '—'}</Table.Td>
      <Table.Td ta="right">{formatCurrency(lineTotal)}</Table.Td>
      <Table.Td ta="right">{qty(q.qty_allocated)}</Table.Td>
      <Table.Td ta="right">{qty(q.qty_shipped)}</Table.Td>
      <Table.Td ta="right" c={backorderedOf(q) > 0 ? 'orange' : undefined}>
        {qty(backorderedOf(q))}
      </Table.Td>
    </Table.Tr>
  );
}

function Total({ label, text, strong = false }: { label: string; text: string; strong?: boolean }) {
  return (
    <Table.Tr aria-label={label}>
      <Table.Td colSpan={6} ta="right" fw={strong ? 700 : undefined}>
        {label}
      </Table.Td>
      <Table.Td ta="right" fw={strong ? 700 : undefined}>
        {text}
      </Table.Td>
      <Table.Td colSpan={3} />
    </Table.Tr>
  );
}

function SalesOrderStanding({ doc }: { doc: SalesOrderDoc }) {
  const lines = doc.lines ?? [];
  const taxes = (doc.taxes as DocumentTax[] | null) ?? [];
  const allocation = doc.allocation_status ?? '';
  // Shipping is told once something has left: partially shipped, then shipped.
  const shippingStatus = doc.shipping_status ?? '';
  const shipping = shippingStatus !== 'not_shipped' ? shippingStatus : '';
  const told = allocationTold(lines.map(quantitiesOf));
  return (
    <Paper withBorder p="sm" aria-label="Order lines, prices and progress">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={5}>Lines, prices and progress</Title>
        <Group gap="md">
          <Group gap="xs" aria-label="Allocation">
            {allocation && <StatusTag status={allocation} />}
            {doc.status !== 'cancelled' && <Text size="sm">{told}</Text>}
          </Group>
          {shipping && (
            <span aria-label="Shipping">
              <StatusTag status={shipping} />
            </span>
          )}
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={880} scrollAreaProps={{ viewportProps: SCROLL_BY_KEYBOARD }}>
        <Table verticalSpacing={4} aria-label="Lines and prices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Ordered</Table.Th>
              <Table.Th ta="right">Tier price</Table.Th>
              <Table.Th>Discount</Table.Th>
              <Table.Th ta="right">Net price</Table.Th>
              <Table.Th ta="right">Line total</Table.Th>
              <Table.Th ta="right">Allocated</Table.Th>
              <Table.Th ta="right">Shipped</Table.Th>
              <Table.Th ta="right">Backordered</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => (
              <LineRow
                key={typeof line.id === 'number' ? line.id : index}
                line={line}
                index={index}
              />
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Total label="Subtotal" text={formatCurrency(doc.subtotal ?? 0)} />
            {(doc.discount_total ?? 0) > 0 && (
              <Total label="Discounts" text={`−${formatCurrency(doc.discount_total ?? 0)}`} />
            )}
            {taxes.map((t) => (
              <Total
                key={t.tax_code}
                label={`${t.tax_code} ${formatRate(t.rate)}`}
                text={formatCurrency(t.amount)}
              />
            ))}
            <Total label="Total" text={formatCurrency(doc.total ?? 0)} strong />
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** Under a confirmed, closed or cancelled order: its prices and how far each line has gone. */
export function salesOrderStanding(doc: EntityRow): ReactNode {
  return doc.status === 'draft' ? null : <SalesOrderStanding doc={salesOrderDoc(doc)} />;
}

/**
 * An allocation's notice says what the stock covered ("SO-00019: 23 of 240 allocated, 217 on
 * backorder"), a partial shipment what stays behind; other events are told as usual.
 */
export function salesOrderTold(after: EntityRow, event: string): string | null {
  const { lines: read, number: code } = salesOrderDoc(after);
  const lines = (read ?? []).map(quantitiesOf);
  const number = typeof code === 'string' ? `Sales order ${code}: ` : '';
  if (event === 'allocate') return `${number}${allocationTold(lines)}`;
  if (event === 'ship_partial') {
    const waiting = lines.reduce((a, l) => a + backorderedOf(l), 0);
    return `${number}partially shipped, ${formatAmount(waiting)} on backorder`;
  }
  return null;
}
