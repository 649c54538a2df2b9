import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import {
  PURCHASE_ORDERS,
  type PurchaseOrderDoc,
} from '../../../domain/entities/purchase/purchase-orders.entity.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { formatUnitPrice } from '../../../domain/formats/currency.format.ts';
import { DATE_FORMATS } from '../../../domain/constants.ts';
import { formatDateAs } from '../../../domain/formats/date.format.ts';
import { RefSelect } from '../../common/entity-form/ref-select.tsx';
import { useLowStockOrders } from './use-low-stock-orders.ts';

// "Create PO from low stock": the low-stock products grouped by their preferred supplier,
// each quantity rounded up to the supplier's MOQ (the buyer may type another) and dated by its
// lead time, prices to the 4 decimals suppliers quote. The buyer chooses suppliers and where
// the goods go (where the last order went, at first); one draft order is made per supplier.

const SHIP_TO = PURCHASE_ORDERS.fields.find((f) => f.name === 'ship_to_location_id') as EntityField;

const qty = (n: number) => n.toLocaleString('en-CA', { maximumFractionDigits: 3 });

export function LowStockOrdersModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (orders: PurchaseOrderDoc[]) => void;
}) {
  const low = useLowStockOrders();
  const [picked, setShipTo] = useState<number | null>(null);
  const shipTo = picked ?? low.lastShipTo;
  const typedOk = low.groups
    .filter((g) => low.chosen.has(g.supplier_id))
    .every((g) => g.lines.every((l) => low.qtyOf(l) > 0));
  const ready = shipTo !== null && low.chosen.size > 0 && typedOk && !low.busy;
  const create = async () => {
    if (shipTo === null) return;
    const orders = await low.create(shipTo);
    if (orders) onCreated(orders);
  };
  return (
    <Modal opened onClose={onClose} title="Purchase orders from low stock" size="xl">
      <Stack gap="md">
        {low.loading && <Loader role="status" aria-label="Loading the suggestions" />}
        {low.error && <Alert color="red">{low.error}</Alert>}
        {!low.loading && low.groups.length === 0 && (
          <Text>No low-stock product has a supplier to order it from.</Text>
        )}
        {low.groups.map((group) => (
          <Stack key={group.supplier_id} gap={4}>
            <Checkbox
              label={`${group.supplier_name} (${group.lines.length} ${group.lines.length === 1 ? 'product' : 'products'})`}
              checked={low.chosen.has(group.supplier_id)}
              onChange={() => low.toggle(group.supplier_id)}
            />
            <Table withTableBorder verticalSpacing={4} aria-label={group.supplier_name}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>SKU</Table.Th>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">Available</Table.Th>
                  <Table.Th ta="right">Suggested</Table.Th>
                  <Table.Th ta="right">MOQ</Table.Th>
                  <Table.Th ta="right">Order</Table.Th>
                  <Table.Th ta="right">Unit price</Table.Th>
                  <Table.Th>Expected</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.lines.map((line) => (
                  <Table.Tr key={line.product_id}>
                    <Table.Td>{line.sku}</Table.Td>
                    <Table.Td>{line.product_name}</Table.Td>
                    <Table.Td ta="right">{qty(line.available)}</Table.Td>
                    <Table.Td ta="right">{qty(line.suggested)}</Table.Td>
                    <Table.Td ta="right">{qty(line.moq ?? 0)}</Table.Td>
                    <Table.Td ta="right">
                      <NumberInput
                        aria-label={`Order ${line.sku}`}
                        value={low.qtyOf(line)}
                        onChange={(value) => low.setQty(line.product_id, Number(value) || 0)}
                        min={0}
                        decimalScale={3}
                        thousandSeparator=","
                        size="xs"
                        w={110}
                        styles={{ input: { textAlign: 'right' } }}
                        error={low.qtyOf(line) > 0 ? undefined : true}
                      />
                    </Table.Td>
                    <Table.Td ta="right">{formatUnitPrice(line.unit_price ?? 0)}</Table.Td>
                    <Table.Td>
                      {line.expected_date
                        ? formatDateAs(line.expected_date, DATE_FORMATS.displayDate)
                        : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ))}
        {low.unsourced.length > 0 && (
          <Text size="sm" c="dimmed">
            No supplier sells {low.unsourced.map((r) => r.sku).join(', ')}: add them to a
            supplier&apos;s products to order them here.
          </Text>
        )}
        <Group align="flex-end" justify="space-between">
          <RefSelect
            field={SHIP_TO}
            label="Ship to"
            required
            value={shipTo}
            onChange={setShipTo}
            w={280}
          />
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void create()} disabled={!ready} loading={low.busy}>
              Create draft orders ({low.chosen.size})
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
