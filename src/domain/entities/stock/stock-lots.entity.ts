import { declareEntity } from '../../entity/entity-declaration.ts';
import { listUrl } from '../../table-filter/list-url.ts';
import { productFields, reportQty } from '../../entity/shared-fields.ts';
import { LOT_STATUSES } from './stock-on-hand.entity.ts';

export const LOT_SOURCES = ['receipt', 'production', 'recovery', 'import'] as const;

/**
 * Stock lots (docs/domain/inventory.md §2), read-only here: receivings and production create them.
 * Lot pickers of the stock documents read their options from this list.
 */
export const STOCK_LOTS = declareEntity({
  name: 'stock_lots',
  label: 'Lot',
  pluralLabel: 'Lots',
  api: '/api/inventory/stock-lots',
  area: 'inventory',
  channel: 'private-inventory.stock',
  event: 'stock_lot',
  labelField: 'lot_no',
  // A lot has no page of its own: a hit opens stock on hand filtered to that lot.
  searchable: {
    fields: ['lot_no', 'product_sku'],
    page: '/inventory/stock-on-hand',
    open: (row) =>
      listUrl('/inventory/stock-on-hand', [
        {
          field: 'lot_no',
          field_type: 'text',
          filters: [{ operator: 'equals', value: String(row.lot_no) }],
        },
      ]),
  },
  defaultSort: { field: 'id', direction: 'desc' },
  writable: false,
  fields: [
    { name: 'lot_no', label: 'Lot', kind: 'text', readOnly: true, width: 130 },
    ...productFields(),
    {
      name: 'source',
      label: 'Source',
      kind: 'enum',
      enumValues: LOT_SOURCES,
      readOnly: true,
      width: 110,
    },
    { name: 'received_at', label: 'Received', kind: 'datetime', readOnly: true, width: 160 },
    { name: 'expiry_date', label: 'Expiry', kind: 'date', readOnly: true, width: 120 },
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      enumValues: LOT_STATUSES,
      tag: true,
      readOnly: true,
      width: 120,
    },
    reportQty('qty_on_hand', 'On hand'),
  ],
});
