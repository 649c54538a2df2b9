import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { LOW_STOCK } from '../../../../src/domain/entities/stock/stock-reports.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { isBought } from '../../../db/purchase/bought-product.ts';
import { openPoQty } from '../../../db/purchase/open-po-qty.ts';
import { products } from '../../../db/schema/inventory.ts';
import { num } from '../../entity/computed-number.ts';
import { qualified } from '../../entity/entity-binding.ts';
import { registerEntityRoutes } from '../../entity/entity-routes.ts';
import { allocated, available, onHand, productNames } from '../stock/stock-analysis.routes.ts';

// The low-stock report: active products at or under their reorder point, with what purchase
// orders still bring and what to order. A purchasing report over stock's figures, so it is
// Purchase's (stock knows no purchase order); its address stays with the stock reports.

export function registerLowStockRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEntityRoutes(app, deps, {
    entity: LOW_STOCK,
    table: products,
    where: sql`${products.status} = 'active' and ${products.reorderPoint} > 0 and ${available} <= ${products.reorderPoint}`,
    computed: {
      ...productNames,
      on_hand: num(onHand),
      allocated: num(allocated),
      available: num(available),
      open_po_qty: num(openPoQty(qualified(products.id))),
      // Made goods are not purchased: no Purchase status (their suggestion is one to make).
      purchase_status: sql`(case when not ${isBought(qualified(products.id), qualified(products.type))} then null
        when ${openPoQty(qualified(products.id))} > 0 then 'in_purchase'
        else 'not_in_purchase' end)::varchar`,
      suggested: num(
        sql`greatest(0, ${qualified(products.reorderPoint)} + ${qualified(products.reorderQty)} - ${available}
          - ${openPoQty(qualified(products.id))})`,
      ),
    },
  });
}
