import { SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  LAB_RECEIVING_ITEM_LINES,
  LAB_RECEIVINGS,
} from '../shared/entities/lab-receivings.entity.ts';
import { LAB_LOCATION_TYPES } from '../shared/entities/lab-values.ts';
import type { EntityField } from '../../../src/domain/entity/entity-field.ts';
import type { OpenOrderLine } from '../../../src/domain/entities/stock/receivable-orders.ts';
import { FieldInput } from '../../../src/views/common/entity-form/field-input.tsx';
import type { FormValues } from '../../../src/views/common/entity-form/form-values.ts';
import { ReceiveAgainstPo } from '../../../src/views/common/entity-form/receive-against-po.tsx';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// A lab receiving's own inputs: where the chemicals go, picked among the lab and quarantine
// locations only, and the purchase order they come against. "Receive against PO" fills the
// items from what is still open on the order (each item keeps its PO line, so the posting
// writes what the order received); the person adds each item's supplier lot and flashpoint.

const declared = LAB_RECEIVINGS.fields.find((f) => f.name === 'location_id');
if (!declared?.ref) throw new Error('lab_receivings.location_id is not a reference');

/** The location picker offers lab and quarantine locations (their types, comma-separated). */
const LAB_LOCATION: EntityField = {
  ...declared,
  ownInput: false,
  ref: { ...declared.ref, parameterType: LAB_LOCATION_TYPES.join(',') },
};

/** Each filled line starts as a new one would (one container), with what is open. */
const lineDefaults = Object.fromEntries(
  LAB_RECEIVING_ITEM_LINES.fields
    .filter((f) => f.defaultValue !== undefined)
    .map((f) => [f.name, f.defaultValue]),
);

const labItemOf = (line: OpenOrderLine) => ({
  ...lineDefaults,
  purchase_order_line_id: line.purchase_order_line_id,
  product_id: line.product_id,
  qty: line.qty_open,
});

function LabReceivingTools({
  form,
  row,
}: {
  form: UseFormReturnType<FormValues>;
  row: EntityRow | null;
}) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FieldInput field={LAB_LOCATION} form={form} path={LAB_LOCATION.name} />
      </SimpleGrid>
      <ReceiveAgainstPo
        form={form}
        row={row}
        lines={LAB_RECEIVING_ITEM_LINES}
        lineOf={labItemOf}
        // An order ships to the warehouse; chemicals still go to the lab or quarantine.
        fillLocation={false}
      />
    </Stack>
  );
}

/** The lab receiving form's own inputs (EntityFormPage `tools`). */
export const labReceivingTools = (form: UseFormReturnType<FormValues>, row: EntityRow | null) => (
  <LabReceivingTools form={form} row={row} />
);
