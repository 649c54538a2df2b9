import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import type { DocumentLines } from '../../../src/domain/entity/line-fields.ts';
import { DISCOUNTS } from './entities/discounts.entity.ts';
import { SALES_IMPORT_LOGS } from './entities/sales-import-logs.entity.ts';
import { SALES_ORDER_LINE_ITEMS, SALES_ORDERS } from './entities/sales-orders.entity.ts';

/** Sales' declared entities (docs/domain/sales.md §6); line declarations go with their forms. */
export const entities: readonly EntityDeclaration[] = [DISCOUNTS, SALES_ORDERS, SALES_IMPORT_LOGS];

/** An order's lines, edited on its form. */
export const documentLines: readonly DocumentLines[] = [
  { entity: SALES_ORDERS, lines: SALES_ORDER_LINE_ITEMS },
];
