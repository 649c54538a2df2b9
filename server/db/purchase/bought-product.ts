import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { MADE_PRODUCT_TYPES } from '../../../src/domain/entities/purchase/low-stock-suggestions.ts';

// Whether the plant buys a product: **decision**: by its type, raw materials, chemicals and
// packaging are bought, bulk liquids, finished goods, kits and R&D samples are made, unless an
// active supplier sells it (a kit bought in). The low-stock report's Purchase column and the
// purchase suggestions apply to bought products only.

const made = sql.raw(`(${MADE_PRODUCT_TYPES.map((t) => `'${t}'`).join(', ')})`);

export function isBought(productId: SQLWrapper, productType: SQLWrapper): SQL {
  return sql`(${productType} not in ${made} or exists (select 1 from supplier_products bsp
      join suppliers bs on bs.id = bsp.supplier_id
     where bsp.product_id = ${productId} and bs.active))`;
}
