import type { DocumentLines } from '../entity/line-fields.ts';
import {
  ADJUSTMENT_LINE_ITEMS,
  ALLOCATION_LINE_ITEMS,
  COUNT_LINE_ITEMS,
  PRICE_TIER_LINES,
  RECEIVING_LINE_ITEMS,
  TRANSFER_LINE_ITEMS,
} from './inventory/inventory-lines.ts';
import { PRICE_TIERS } from './inventory/price-tiers.entity.ts';
import { DAILY_ORDER_LINE_ITEMS, DAILY_ORDERS } from './production/daily-orders.entity.ts';
import { FLOW_ACTION_LINES, FLOWS } from './production/flows.entity.ts';
import { RECIPE_INGREDIENT_ITEMS, RECIPES } from './production/recipes.entity.ts';
import { ALLOCATIONS } from './stock/allocations.entity.ts';
import { RECEIVINGS } from './stock/receivings.entity.ts';
import { STOCK_ADJUSTMENTS } from './stock/stock-adjustments.entity.ts';
import { STOCK_COUNTS } from './stock/stock-counts.entity.ts';
import { TRANSFERS } from './stock/transfers.entity.ts';
import { PURCHASE_ORDER_LINE_ITEMS, PURCHASE_ORDERS } from './purchase/purchase-orders.entity.ts';
import { SUPPLIER_PRODUCT_LINES, SUPPLIERS } from './purchase/suppliers.entity.ts';
import { allModuleDocumentLines } from './entity-registry.ts';

// Every line editor a form shows, with the record it belongs to: the lines' references are
// picked by whoever may edit that record, so their pickers must answer those roles.
// A new document with lines is listed here, or, in a module built as a slice, in its entities
// file's `documentLines` (the picker test walks them all).

const LAYER_DOCUMENT_LINES: readonly DocumentLines[] = [
  { entity: PRICE_TIERS, lines: PRICE_TIER_LINES },
  { entity: RECEIVINGS, lines: RECEIVING_LINE_ITEMS },
  { entity: STOCK_ADJUSTMENTS, lines: ADJUSTMENT_LINE_ITEMS },
  { entity: TRANSFERS, lines: TRANSFER_LINE_ITEMS },
  { entity: STOCK_COUNTS, lines: COUNT_LINE_ITEMS },
  { entity: ALLOCATIONS, lines: ALLOCATION_LINE_ITEMS },
  { entity: FLOWS, lines: FLOW_ACTION_LINES },
  { entity: RECIPES, lines: RECIPE_INGREDIENT_ITEMS },
  { entity: DAILY_ORDERS, lines: DAILY_ORDER_LINE_ITEMS },
  { entity: SUPPLIERS, lines: SUPPLIER_PRODUCT_LINES },
  { entity: PURCHASE_ORDERS, lines: PURCHASE_ORDER_LINE_ITEMS },
];

/** Every document's line editor, the slices' included (once their entities are loaded). */
export function allDocumentLines(): readonly DocumentLines[] {
  return [...LAYER_DOCUMENT_LINES, ...allModuleDocumentLines()];
}
