import { Button, Group, Paper, Select, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useContext, useEffect, useMemo, useState } from 'react';
import { fetchOpenOrderLines, fetchReceivableOrders } from '../../../api/receivable-orders.api.ts';
import type { LineItems } from '../../../domain/entity/line-fields.ts';
import {
  receivableOrderLabel,
  type OpenOrderLine,
  type ReceivableOrder,
} from '../../../domain/entities/stock/receivable-orders.ts';
import { notify } from '../notify.tsx';
import { EntityRequestContext } from './entity-request.context.ts';
import { newLine, type FormValues } from './form-values.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// A receiving's purchase order, for every document that receives goods against one (inventory
// receiving, lab receiving): the picker offers the chosen supplier's orders that take goods
// (sent, partially received), and "Receive against PO" replaces the lines with the order's
// open lines, each as the document's line (`lineOf`). The person then lowers what did not
// come (a partial receipt), adds lots, saves; the server refuses more than is open.

const idOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
};

export interface ReceiveAgainstPoProps {
  form: UseFormReturnType<FormValues>;
  row: EntityRow | null;
  /** The document's lines, which an order's open lines replace. */
  lines: LineItems;
  /** One open order line as the document's line values (its PO line, product, quantity…). */
  lineOf: (open: OpenOrderLine) => Record<string, unknown>;
  /** Chosen with the order: where the goods go, when the order's ship-to may not be it. */
  fillLocation?: boolean;
}

export function ReceiveAgainstPo({
  form,
  row,
  lines,
  lineOf,
  fillLocation = true,
}: ReceiveAgainstPoProps) {
  const request = useContext(EntityRequestContext);
  const values = form.getValues();
  const supplierId = idOf(values.supplier_id);
  const orderId = idOf(values.purchase_order_id);
  const [orders, setOrders] = useState<ReceivableOrder[] | null>(null);
  const [filling, setFilling] = useState(false);

  useEffect(() => {
    setOrders(null);
    const abort = new AbortController();
    fetchReceivableOrders(request, supplierId, abort.signal)
      .then(setOrders)
      .catch(() => undefined);
    return () => abort.abort();
  }, [request, supplierId]);

  // An order of another supplier no longer applies once the supplier changes.
  useEffect(() => {
    if (orderId === null || orders === null || supplierId === null) return;
    const chosen = orders.find((o) => o.id === orderId);
    if (!chosen && Number(row?.purchase_order_id) !== orderId) {
      form.setFieldValue('purchase_order_id', null);
    }
  }, [orders, orderId, supplierId, row, form]);

  const data = useMemo(() => {
    const options = (orders ?? []).map((o) => ({
      value: String(o.id),
      label: receivableOrderLabel(o),
    }));
    // A saved draft's order keeps its name even when it takes no goods any more.
    const saved = idOf(row?.purchase_order_id);
    if (saved !== null && !options.some((o) => o.value === String(saved))) {
      options.unshift({
        value: String(saved),
        label:
          typeof row?.purchase_order_number === 'string'
            ? row.purchase_order_number
            : String(saved),
      });
    }
    return options;
  }, [orders, row]);

  const choose = (value: string | null) => {
    const id = value === null ? null : Number(value);
    form.setFieldValue('purchase_order_id', id);
    const order = orders?.find((o) => o.id === id);
    if (!order) return;
    if (supplierId === null) form.setFieldValue('supplier_id', order.supplier_id);
    if (fillLocation && idOf(form.getValues().location_id) === null) {
      form.setFieldValue('location_id', order.ship_to_location_id);
    }
  };

  const fill = async () => {
    if (orderId === null) return;
    setFilling(true);
    try {
      const open = await fetchOpenOrderLines(request, orderId);
      if (open.length === 0) {
        notify.warning('Nothing is left to receive on this order.');
        return;
      }
      form.setFieldValue(
        lines.name,
        open.map((l) => newLine(lines.fields, lineOf(l))),
      );
    } catch {
      // The shell's error presenter has said why.
    } finally {
      setFilling(false);
    }
  };

  return (
    <Paper withBorder p="sm" aria-label="Receive against a purchase order">
      <Group align="end" wrap="wrap">
        <Select
          label="Purchase order"
          aria-label="Purchase order"
          placeholder={supplierId === null ? 'Any supplier' : 'Sent or partially received'}
          searchable
          clearable
          nothingFoundMessage={orders === null ? 'Loading…' : 'No order to receive'}
          data={data}
          value={orderId === null ? null : String(orderId)}
          onChange={choose}
          w={{ base: '100%', sm: 320 }}
        />
        <Button
          variant="light"
          leftSection={<IconClipboardCheck size={16} />}
          disabled={orderId === null}
          loading={filling}
          onClick={() => void fill()}
        >
          Receive against PO
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        Fills the lines with what is still open on the order; lower what did not come.
      </Text>
    </Paper>
  );
}
