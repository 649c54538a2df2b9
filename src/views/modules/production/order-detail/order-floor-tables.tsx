import { formatPercent } from '../../../../domain/formats/percent.format.ts';
import { formatQuantity } from '../../../../domain/formats/quantity.format.ts';
import { DateText } from '../../../common/format/date-text.tsx';
import { StatusTag } from '../../../common/status-tag.tsx';
import { DetailTable, type DetailColumn } from './detail-table.tsx';
import { units } from './order-facts.tsx';
import {
  BATCHING_PICKS,
  PRODUCTION_ORDER_INGREDIENTS,
  PRODUCTION_ORDER_OPERATIONS,
  type ProductionOrderRow,
} from '../../../../domain/entities/production/production-orders.entity.ts';
import type { EntityRow } from '../../../../domain/entities/entity-row.ts';
import type { EntityDeclaration } from '../../../../domain/entity/entity-declaration.ts';
import { rowOf, type RowOf } from '../../../../domain/entity/row-of.ts';

// What the floor did with the order, from its own read: the operations of its flow (who,
// when, good and waste), the ingredients its recipe needs, and the lots and bins picked.

type OperationRow = RowOf<typeof PRODUCTION_ORDER_OPERATIONS>;
type PickRow = RowOf<typeof BATCHING_PICKS>;
type IngredientRow = RowOf<typeof PRODUCTION_ORDER_INGREDIENTS>;

/** The children an order's read carries, each read through its entity's binding. */
type OrderChildren = { operations?: unknown; picks?: unknown; ingredients?: unknown };

const rowsOf = <D extends EntityDeclaration>(entity: D, value: unknown): RowOf<D>[] =>
  Array.isArray(value) ? (value as EntityRow[]).map((row) => rowOf(entity, row)) : [];
const str = (value: string | null) => (typeof value === 'string' && value !== '' ? value : '—');
const when = (value: unknown) =>
  typeof value === 'string' && value !== '' ? <DateText value={value} withTime /> : '—';
/** Ingredient quantities are in each product's base unit (g, ml): three decimals, no unit. */
const qty = (value: number | null) => formatQuantity(value, '', 3) || '—';

const OPERATIONS: DetailColumn<OperationRow>[] = [
  { label: '#', cell: (r) => String(r.seq), numeric: true },
  { label: 'Phase', cell: (r) => str(r.phase_code) },
  { label: 'Operation', cell: (r) => str(r.operation_name) },
  { label: 'Status', cell: (r) => <StatusTag status={String(r.status)} size="sm" /> },
  { label: 'Operator', cell: (r) => str(r.assigned_to_name) },
  { label: 'Started', cell: (r) => when(r.started_at) },
  { label: 'Finished', cell: (r) => when(r.finished_at) },
  { label: 'Good', cell: (r) => units(r.qty_good), numeric: true },
  { label: 'Waste', cell: (r) => units(r.qty_waste), numeric: true },
];

const PICKS: DetailColumn<PickRow>[] = [
  { label: 'Product', cell: (r) => `${str(r.product_sku)} · ${str(r.product_name)}` },
  { label: 'Lot', cell: (r) => str(r.lot_no) },
  { label: 'Bin', cell: (r) => str(r.bin_code) },
  { label: 'Required', cell: (r) => qty(r.required_qty), numeric: true },
  { label: 'Picked', cell: (r) => qty(r.picked_qty), numeric: true },
  { label: 'Picked by', cell: (r) => str(r.picked_by_name) },
];

const INGREDIENTS: DetailColumn<IngredientRow>[] = [
  { label: 'Product', cell: (r) => `${str(r.product_sku)} · ${str(r.product_name)}` },
  { label: '%', cell: (r) => formatPercent(r.percentage, 4) || '—', numeric: true },
  { label: 'Required', cell: (r) => qty(r.required_qty), numeric: true },
  { label: 'Picked', cell: (r) => qty(r.picked_qty), numeric: true },
  { label: 'Consumed', cell: (r) => qty(r.consumed_qty), numeric: true },
];

export function OrderFloorTables({ order }: { order: ProductionOrderRow & OrderChildren }) {
  return (
    <>
      <DetailTable
        title="Operations"
        rows={rowsOf(PRODUCTION_ORDER_OPERATIONS, order.operations)}
        columns={OPERATIONS}
        empty="No operation yet: they are laid out when the order is released."
      />
      <DetailTable
        title="Picks"
        rows={rowsOf(BATCHING_PICKS, order.picks)}
        columns={PICKS}
        empty="No pick yet: lots and bins are suggested at release."
      />
      <DetailTable
        title="Ingredients"
        rows={rowsOf(PRODUCTION_ORDER_INGREDIENTS, order.ingredients)}
        columns={INGREDIENTS}
        empty="No ingredient yet: the recipe is copied onto the order at release."
      />
    </>
  );
}
