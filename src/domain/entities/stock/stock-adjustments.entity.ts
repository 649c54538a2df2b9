import { declareEntity } from '../../entity/entity-declaration.ts';
import { rowOf, type RowOf } from '../../entity/row-of.ts';
import type { EntityRow } from '../entity-row.ts';
import {
  binFields,
  createdFields,
  locationFields,
  lotFields,
  noteField,
  numberField,
  productFields,
  qtyField,
  statusField,
} from '../../entity/shared-fields.ts';

export const STOCK_ADJUSTMENT_STATUSES = ['draft', 'posted', 'cancelled'] as const;

/**
 * Stock adjustments SA- (docs/domain/inventory.md §2); written through their own document routes.
 */
export const STOCK_ADJUSTMENTS = declareEntity({
  name: 'stock_adjustments',
  label: 'Stock adjustment',
  pluralLabel: 'Stock adjustments',
  api: '/api/inventory/stock-adjustments',
  area: 'inventory',
  channel: 'private-inventory.documents',
  event: 'stock_adjustment',
  labelField: 'number',
  searchable: {
    fields: ['number'],
    page: '/inventory/stock-adjustments',
    form: '/inventory/stock-adjustment',
  },
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    numberField('number', 'Number'),
    ...locationFields(),
    {
      name: 'reason_id',
      label: 'Reason',
      kind: 'ref',
      ref: { entity: 'parameters', labelField: 'reason_name', parameterType: 'adjustment_reason' },
      hidden: true,
    },
    {
      name: 'reason_name',
      label: 'Reason',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 160,
    },
    { name: 'adjusted_at', label: 'Adjusted', kind: 'datetime', readOnly: true, width: 160 },
    statusField(STOCK_ADJUSTMENT_STATUSES),
    noteField,
    ...createdFields,
  ],
});

export const STOCK_ADJUSTMENT_LINES = declareEntity({
  name: 'stock_adjustment_lines',
  label: 'Adjustment line',
  pluralLabel: 'Adjustment lines',
  api: '/api/inventory/stock-adjustments',
  area: 'inventory',
  channel: 'private-inventory.documents',
  event: 'stock_adjustment',
  labelField: 'product_sku',
  writable: false,
  fields: [
    ...productFields(),
    ...lotFields('location_id'),
    ...binFields(),
    qtyField('qty_delta', 'Qty +/−', { required: true }),
    {
      name: 'unit_cost',
      label: 'Unit cost',
      kind: 'number',
      precision: 4,
      price: true,
      min: 0,
      width: 110,
    },
  ],
});

export type StockAdjustmentRow = RowOf<typeof STOCK_ADJUSTMENTS>;
export type StockAdjustmentLineRow = RowOf<typeof STOCK_ADJUSTMENT_LINES>;

/** A stock adjustment as GET /:id answers it and its page reads it: the header with its lines. */
export type StockAdjustmentDoc = StockAdjustmentRow & { lines?: StockAdjustmentLineRow[] };

/** A row the generic document code read as a stock adjustment, its lines as its lines. */
export const stockAdjustmentDoc = (doc: EntityRow): StockAdjustmentDoc =>
  rowOf(STOCK_ADJUSTMENTS, doc);
