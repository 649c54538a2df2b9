import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import {
  INVOICE_MATCH_EXCEPTIONS,
  PURCHASE_INVOICES,
} from './purchase/purchase-invoices.entity.ts';
import { PURCHASE_ORDERS } from './purchase/purchase-orders.entity.ts';
import { OPEN_PURCHASE_ORDERS, RECEIPTS_VS_ORDERS } from './purchase/purchase-reports.entity.ts';
import { SUPPLIERS } from './purchase/suppliers.entity.ts';

/**
 * Purchase's declared entities (docs/domain/purchase.md §5); line declarations go with their forms.
 */
export const PURCHASE_ENTITIES: readonly EntityDeclaration[] = [
  SUPPLIERS,
  PURCHASE_ORDERS,
  PURCHASE_INVOICES,
  INVOICE_MATCH_EXCEPTIONS,
  OPEN_PURCHASE_ORDERS,
  RECEIPTS_VS_ORDERS,
];
