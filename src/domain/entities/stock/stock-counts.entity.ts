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

export const STOCK_COUNT_STATUSES = [
  'draft',
  'scheduled',
  'in_progress',
  'submitted',
  'variance_review',
  'recount',
  'posted',
  'cancelled',
] as const;
export const COUNT_SCOPES = ['full', 'bins', 'products'] as const;

/** Stock counts SC- (docs/domain/inventory.md §2); the counting sheet is PUT /:id/sheet. */
export const STOCK_COUNTS = declareEntity({
  name: 'stock_counts',
  label: 'Stock count',
  pluralLabel: 'Stock counts',
  api: '/api/inventory/stock-counts',
  area: 'stock_floor',
  channel: 'private-inventory.counts',
  event: 'stock_count',
  labelField: 'number',
  searchable: {
    fields: ['number'],
    page: '/inventory/stock-count',
    form: '/inventory/stock-count',
  },
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    numberField('number', 'Number'),
    ...locationFields(),
    {
      name: 'scope',
      label: 'Scope',
      kind: 'enum',
      enumValues: COUNT_SCOPES,
      required: true,
      width: 100,
    },
    { name: 'blind', label: 'Blind', kind: 'boolean', defaultValue: false, width: 80 },
    { name: 'scheduled_date', label: 'Scheduled', kind: 'date', width: 120 },
    statusField(STOCK_COUNT_STATUSES),
    {
      name: 'submitted_by',
      label: 'Submitted by',
      kind: 'number',
      precision: 0,
      readOnly: true,
      hidden: true,
    },
    {
      name: 'submitted_by_name',
      label: 'Submitted by',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 140,
    },
    {
      name: 'approved_by_name',
      label: 'Approved by',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 140,
    },
    { name: 'posted_at', label: 'Posted', kind: 'datetime', readOnly: true, width: 160 },
    // What review weighs: the count's variance in CAD, and whether a line passes tolerance.
    {
      name: 'variance_value',
      label: 'Variance value',
      kind: 'money',
      readOnly: true,
      width: 130,
    },
    {
      name: 'over_tolerance',
      label: 'Over tolerance',
      kind: 'boolean',
      readOnly: true,
      hidden: true,
      width: 120,
    },
    noteField,
    ...createdFields,
  ],
});

/** A line's counted quantity; the counting sheet validates its counts and recounts by it. */
export const COUNTED_QTY = qtyField('counted_qty', 'Counted', { min: 0 });

/**
 * Count lines. On create they name the bins (scope bins) or products (scope products) to
 * count; `start` replaces them with one line per balance row, holding its snapshot.
 */
export const STOCK_COUNT_LINES = declareEntity({
  name: 'stock_count_lines',
  label: 'Count line',
  pluralLabel: 'Count lines',
  api: '/api/inventory/stock-counts',
  area: 'stock_floor',
  channel: 'private-inventory.counts',
  event: 'stock_count',
  labelField: 'product_sku',
  writable: false,
  fields: [
    ...productFields(false),
    ...lotFields(),
    ...binFields(),
    qtyField('snapshot_qty', 'System qty', { readOnly: true }),
    COUNTED_QTY,
    qtyField('recount_qty', 'Recount', { min: 0 }),
    qtyField('variance_qty', 'Variance', { readOnly: true }),
    { name: 'variance_value', label: 'Variance value', kind: 'money', readOnly: true, width: 120 },
    {
      name: 'counted_by_name',
      label: 'Counted by',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 140,
    },
  ],
});

export type StockCountRow = RowOf<typeof STOCK_COUNTS>;
export type StockCountLineRow = RowOf<typeof STOCK_COUNT_LINES>;

/** A stock count as GET /:id answers it and its page reads it: the header with its lines. */
export type StockCountDoc = StockCountRow & { lines?: StockCountLineRow[] };

/** A row the generic document code read as a stock count, its lines as its lines. */
export const stockCountDoc = (doc: EntityRow): StockCountDoc => rowOf(STOCK_COUNTS, doc);
