import type { UseFormReturnType } from '@mantine/form';
import { RECEIVING_LINE_ITEMS } from '../../../domain/entities/inventory/inventory-lines.ts';
import type { OpenOrderLine } from '../../../domain/entities/stock/receivable-orders.ts';
import type { FormValues } from '../../common/entity-form/form-values.ts';
import { ReceiveAgainstPo } from '../../common/entity-form/receive-against-po.tsx';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// The receiving form's purchase order: an open order line becomes a receiving line
// with the quantity still open and the unit cost in CAD at the order's rate; nothing rejected
// yet. The server checks the tolerance when it is posted.

const receivingLineOf = (l: OpenOrderLine) => ({
  purchase_order_line_id: l.purchase_order_line_id,
  product_id: l.product_id,
  qty: l.qty_open,
  qty_rejected: 0,
  unit_cost: l.unit_cost,
});

/** The receiving form's own inputs (documentScreen `tools`). */
export const receiveAgainstPoTools = (
  form: UseFormReturnType<FormValues>,
  row: EntityRow | null,
) => (
  <ReceiveAgainstPo form={form} row={row} lines={RECEIVING_LINE_ITEMS} lineOf={receivingLineOf} />
);
