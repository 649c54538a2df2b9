import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import { PURCHASE_ORDERS } from './purchase/purchase-orders.entity.ts';
import { OPEN_PURCHASE_ORDERS, RECEIPTS_VS_ORDERS } from './purchase/purchase-reports.entity.ts';
import { SUPPLIERS } from './purchase/suppliers.entity.ts';

/** Purchase's declared entities (domain.md §5); line declarations go with their forms. */
export const PURCHASE_ENTITIES: readonly EntityDeclaration[] = [
  SUPPLIERS,
  PURCHASE_ORDERS,
  OPEN_PURCHASE_ORDERS,
  RECEIPTS_VS_ORDERS,
];
