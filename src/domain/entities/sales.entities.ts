import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import { DISCOUNTS } from './sales/discounts.entity.ts';
import { SALES_IMPORT_LOGS } from './sales/sales-import-logs.entity.ts';
import { SALES_ORDERS } from './sales/sales-orders.entity.ts';

/** Sales' declared entities (docs/domain/sales.md §6); line declarations go with their forms. */
export const SALES_ENTITIES: readonly EntityDeclaration[] = [
  DISCOUNTS,
  SALES_ORDERS,
  SALES_IMPORT_LOGS,
];
