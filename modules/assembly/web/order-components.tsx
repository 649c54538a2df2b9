import { Divider, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  KIT_COMPONENTS,
  type AssemblyOrderDoc,
} from '../shared/entities/assembly-orders.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { MEASURE_CODE, qtyField } from '../../../src/domain/entity/shared-fields.ts';
import { useEntityApi } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { textOf } from '../../../src/views/common/entity-form/form-values.ts';
import { cellText } from '../../../src/views/common/grid/cell-text.ts';

// What an assembly order consumes, under its form: a draft shows its kit's bill scaled to the
// planned units as saved (what release will fix); a released order the components it was
// released with (assembly-effects.ts), with what sealing has consumed of them.

type ComponentLine = {
  sku: string;
  perKit: number;
  required: number;
  consumed: number | null;
  [MEASURE_CODE]: string | null;
};

const PER_KIT = qtyField('perKit', 'Per kit');
const REQUIRED = qtyField('required', 'Required');
const CONSUMED = qtyField('consumed', 'Consumed');

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The released order's snapshot, as its read carries it. */
function snapshotOf(row: AssemblyOrderDoc): ComponentLine[] | null {
  const components = row.components;
  if (!components || components.length === 0) return null;
  return components.map((c) => ({
    sku: textOf(c.product_sku),
    perKit: c.qty_per_unit ?? 0,
    required: c.required_qty ?? 0,
    consumed: c.consumed_qty ?? 0,
    [MEASURE_CODE]: c[MEASURE_CODE],
  }));
}

/** The kit's bill scaled to the order's planned units, read while the order is a draft. */
function useScaledBill(row: AssemblyOrderDoc, wanted: boolean): ComponentLine[] | null {
  const api = useEntityApi(KIT_COMPONENTS);
  const [lines, setLines] = useState<ComponentLine[] | null>(null);
  const kit = row.product_id;
  const planned = row.planned_units;
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    api
      .list(
        {
          filter: [
            {
              field: 'product_id',
              field_type: 'number',
              filters: [{ operator: 'equals', value: kit }],
            },
          ],
          sort: { field: 'component_product_sku', direction: 'asc' },
          per_page: 100,
        },
        controller.signal,
      )
      .then((page) =>
        setLines(
          page.rows
            .map((row) => rowOf(KIT_COMPONENTS, row))
            .map((c) => ({
              sku: textOf(c.component_product_sku),
              perKit: c.qty_per_unit ?? 0,
              required: round3((c.qty_per_unit ?? 0) * planned),
              consumed: null,
              [MEASURE_CODE]: c[MEASURE_CODE],
            })),
        ),
      )
      // An aborted or failed read leaves the table out; the shell has said what failed.
      .catch(() => undefined);
    return () => controller.abort();
  }, [api, kit, planned, wanted]);
  return lines;
}

export function AssemblyOrderComponents({ row }: { row: AssemblyOrderDoc }) {
  const snapshot = snapshotOf(row);
  const bill = useScaledBill(row, snapshot === null);
  const lines = snapshot ?? bill;
  if (lines === null) return null;
  const released = snapshot !== null;
  return (
    <>
      <Divider />
      <div>
        <Text fw={600}>Components</Text>
        <Text size="sm" c="dimmed" mb="xs">
          {released
            ? 'As released: the kit’s bill for the planned units.'
            : 'The kit’s bill for the planned units; release fixes it on the order.'}
        </Text>
        <Table withTableBorder verticalSpacing={6} aria-label="Components">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Component</Table.Th>
              <Table.Th ta="right">Per kit</Table.Th>
              <Table.Th ta="right">Required</Table.Th>
              {released && <Table.Th ta="right">Consumed</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.sku}>
                <Table.Td>{line.sku}</Table.Td>
                <Table.Td ta="right">{cellText(PER_KIT, line)}</Table.Td>
                <Table.Td ta="right">{cellText(REQUIRED, line)}</Table.Td>
                {released && <Table.Td ta="right">{cellText(CONSUMED, line)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </>
  );
}
