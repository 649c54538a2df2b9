import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import { ALLOCATIONS } from './stock/allocations.entity.ts';
import { INVENTORY_MOVEMENTS } from './stock/inventory-movements.entity.ts';
import { RECEIVINGS } from './stock/receivings.entity.ts';
import { STOCK_ADJUSTMENTS } from './stock/stock-adjustments.entity.ts';
import { STOCK_COUNTS } from './stock/stock-counts.entity.ts';
import { STOCK_LOTS } from './stock/stock-lots.entity.ts';
import { STOCK_LOCATOR, STOCK_ON_HAND } from './stock/stock-on-hand.entity.ts';
import {
  INVENTORY_AGING,
  LOW_STOCK,
  PRODUCTS_AVAILABILITY,
  PRODUCTS_DIFF,
} from './stock/stock-reports.entity.ts';
import { TRANSFERS } from './stock/transfers.entity.ts';

/**
 * The stock ledger's declared documents and the read models and reports over it
 * (docs/domain/inventory.md §2). Line declarations are imported by the document forms that edit
 * them, not listed here.
 */
export const STOCK_ENTITIES: readonly EntityDeclaration[] = [
  RECEIVINGS,
  STOCK_ADJUSTMENTS,
  STOCK_COUNTS,
  TRANSFERS,
  ALLOCATIONS,
  STOCK_LOTS,
  STOCK_ON_HAND,
  STOCK_LOCATOR,
  INVENTORY_MOVEMENTS,
  INVENTORY_AGING,
  LOW_STOCK,
  PRODUCTS_AVAILABILITY,
  PRODUCTS_DIFF,
];
