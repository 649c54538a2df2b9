import { declareEntity } from '../../entity/entity-declaration.ts';
import type { RowOf } from '../../entity/row-of.ts';
import {
  binFields,
  locationFields,
  lotFields,
  productFields,
  productFilterFields,
  reportQty,
} from '../../entity/shared-fields.ts';

export const LOT_STATUSES = ['quarantine', 'released', 'blocked'] as const;

/**
 * Stock on hand (docs/domain/inventory.md §2): balances by product × location × lot × bin.
 * Allocated is 0 until allocations exist; available = on hand − quarantine − allocated.
 */
export const STOCK_ON_HAND = declareEntity({
  name: 'stock_on_hand',
  label: 'Stock on hand',
  pluralLabel: 'Stock on hand',
  api: '/api/inventory/stock-on-hand',
  area: 'inventory',
  channel: 'private-inventory.stock',
  event: 'stock_balance',
  labelField: 'product_sku',
  defaultSort: { field: 'product_sku', direction: 'asc' },
  writable: false,
  fields: [
    ...productFields(),
    ...locationFields(),
    ...lotFields(),
    {
      name: 'lot_status',
      label: 'Lot status',
      kind: 'enum',
      enumValues: LOT_STATUSES,
      tag: true,
      readOnly: true,
      listOnly: true,
      width: 120,
    },
    {
      name: 'expiry_date',
      label: 'Expiry',
      kind: 'date',
      readOnly: true,
      listOnly: true,
      width: 120,
    },
    ...binFields(),
    reportQty('qty_on_hand', 'On hand'),
    reportQty('allocated', 'Allocated'),
    reportQty('available', 'Available'),
    ...productFilterFields(),
  ],
});

/** Where is a product, UPC or lot: every place holding some, with its bin and quantity. */
export const STOCK_LOCATOR = declareEntity({
  name: 'stock_locator',
  label: 'Stock location',
  pluralLabel: 'Stock locator',
  api: '/api/inventory/stock-locator',
  area: 'inventory',
  channel: 'private-inventory.stock',
  event: 'stock_balance',
  labelField: 'product_sku',
  defaultSort: { field: 'product_sku', direction: 'asc' },
  writable: false,
  fields: [
    ...productFields(),
    { name: 'upc', label: 'UPC', kind: 'text', readOnly: true, listOnly: true, width: 140 },
    ...lotFields(),
    ...locationFields(),
    ...binFields(),
    reportQty('qty_on_hand', 'Qty'),
  ],
});

export type StockOnHandRow = RowOf<typeof STOCK_ON_HAND>;
