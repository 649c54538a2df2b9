import { Paper, SimpleGrid, Table, Title } from '@mantine/core';
import { formatDate } from '../../../../domain/formats/date.format.ts';
import { formatQuantity, formatVolume } from '../../../../domain/formats/quantity.format.ts';
import { formatStrength } from '../../../../domain/formats/nicotine.format.ts';
import { phasesOfFlow } from '../../../../machines/workflows/production-order.machine.ts';
import { DateText } from '../../../common/format/date-text.tsx';
import { StatusTag } from '../../../common/status-tag.tsx';
import { Fact } from '../../../common/fact.tsx';
import type { ProductionOrderRow } from '../../../../domain/entities/production/production-orders.entity.ts';

// The order's own facts (what, on which flow, by when, where it stands) and its quantities
// planned against what each step of its flow actually made and wasted.

const text = (value: unknown) =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : '—';
const moment = (value: unknown) =>
  typeof value === 'string' && value !== '' ? <DateText value={value} withTime /> : '—';

const code = (value: unknown) => (typeof value === 'string' ? value : '');

export const units = (value: number | null) => formatQuantity(value, 'units') || '—';
export const ml = (value: number | null) => formatVolume(value) || '—';

export function OrderFacts({ order }: { order: ProductionOrderRow }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Order">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Fact label="Product">
          {text(order.product_sku)} · {text(order.product_name)}
        </Fact>
        <Fact label="Strength and size">
          {formatStrength(order.nicotine_mg) || '—'} · {formatVolume(order.volume_ml) || '—'}
        </Fact>
        <Fact label="Flow">{text(order.flow_name)}</Fact>
        <Fact label="Recipe">{text(order.recipe_code)}</Fact>
        <Fact label="Due">{formatDate(order.due_date) || '—'}</Fact>
        <Fact label="Priority">
          <StatusTag status={code(order.priority)} />
        </Fact>
        <Fact label="Stage">{order.stage ? <StatusTag status={code(order.stage)} /> : '—'}</Fact>
        <Fact label="HPLC">
          <StatusTag status={code(order.hplc_status)} />
        </Fact>
        <Fact label="Batch lot">{text(order.batch_lot_no)}</Fact>
        <Fact label="Planned by">{text(order.created_by_name)}</Fact>
        <Fact label="Started">{moment(order.started_at)}</Fact>
        <Fact label="Completed">{moment(order.completed_at)}</Fact>
        <Fact label="In stage since">{moment(order.stage_since)}</Fact>
        {typeof order.hold_reason === 'string' && order.hold_reason !== '' && (
          <Fact label="Hold reason">{order.hold_reason}</Fact>
        )}
        {typeof order.note === 'string' && order.note !== '' && (
          <Fact label="Note">{order.note}</Fact>
        )}
      </SimpleGrid>
    </Paper>
  );
}

type QuantityRow = { step: string; planned: string; actual: string; waste: string };

/** Planned against made, step by step, for the steps the order's flow has. */
export function quantityRows(order: ProductionOrderRow): QuantityRow[] {
  const phases = phasesOfFlow(order.flow_phases);
  const has = (phase: (typeof phases)[number]) => phases.length === 0 || phases.includes(phase);
  const planned = units(order.planned_units);
  const rows: QuantityRow[] = [];
  if (has('batching')) {
    rows.push({
      step: 'Batching',
      planned: ml(order.planned_ml),
      actual: ml(order.actual_batch_ml),
      waste: '—',
    });
  }
  if (has('bottling')) {
    rows.push({
      step: 'Bottling',
      planned,
      actual: units(order.bottled_units),
      waste: units(order.bottling_waste_units),
    });
  }
  if (has('labeling')) {
    rows.push({
      step: 'Labeling',
      planned,
      actual: units(order.labeled_units),
      waste: units(order.label_waste_units),
    });
  }
  if (has('stamping')) {
    rows.push({
      step: 'Stamping',
      planned,
      actual: units(order.stamped_units),
      waste: units(order.stamping_waste_units),
    });
  }
  if (has('transfer')) {
    rows.push({ step: 'Transfer', planned, actual: units(order.transferred_units), waste: '—' });
  }
  return rows;
}

export function OrderQuantities({ order }: { order: ProductionOrderRow }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Quantities">
      <Title order={4} fz="md" mb="xs">
        Quantities: planned and actual
      </Title>
      <Table withRowBorders={false} verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Step</Table.Th>
            <Table.Th ta="right">Planned</Table.Th>
            <Table.Th ta="right">Actual</Table.Th>
            <Table.Th ta="right">Waste</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quantityRows(order).map((row) => (
            <Table.Tr key={row.step}>
              <Table.Td>{row.step}</Table.Td>
              <Table.Td ta="right">{row.planned}</Table.Td>
              <Table.Td ta="right">{row.actual}</Table.Td>
              <Table.Td ta="right">{row.waste}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
