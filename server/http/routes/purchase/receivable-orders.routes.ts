import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  openOrderLineSchema,
  RECEIVABLE_ORDERS_API,
  receivableOrderSchema,
  unitCostInCad,
  type OpenOrderLine,
  type ReceivableOrder,
} from '../../../../src/domain/entities/stock/receivable-orders.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { RECEIVABLE_PO_STATUSES } from '../../../db/purchase/po-receipt-cache.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { idParams } from '../common-fields.ts';
import { addRoute } from '../../route.ts';

// What the receiving form receives against (receivable-orders.ts): a supplier's orders that
// take goods, and one order's open lines. Open to who writes receivings (inventory, warehouse).

const receivable = sql.raw(`(${RECEIVABLE_PO_STATUSES.map((s) => `'${s}'`).join(', ')})`);

export function registerReceivableOrderRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'GET',
    url: RECEIVABLE_ORDERS_API,
    access: { area: 'stock_receivings' },
    summary: 'Purchase orders that take goods (sent, partially received), of one supplier or all',
    query: z.object({ supplier_id: z.coerce.number().int().positive().optional() }),
    response: z.array(receivableOrderSchema),
    handler: async ({ query }) => {
      const rows = await queryRows<ReceivableOrder>(
        db,
        sql`select po.id::int as id, po.number, po.supplier_id::int as supplier_id,
                   s.name as supplier_name, po.status, po.expected_date::text as expected_date,
                   po.ship_to_location_id::int as ship_to_location_id
              from purchase_orders po join suppliers s on s.id = po.supplier_id
             where po.status in ${receivable}
               and (${query.supplier_id ?? null}::bigint is null or po.supplier_id = ${query.supplier_id ?? null})
             order by po.expected_date nulls last, po.id
             limit 200`,
      );
      return rows;
    },
  });

  addRoute(app, {
    method: 'GET',
    url: `${RECEIVABLE_ORDERS_API}/:id/open-lines`,
    access: { area: 'stock_receivings' },
    summary: "A purchase order's lines still to receive, with the CAD unit cost",
    params: idParams,
    response: z.array(openOrderLineSchema),
    handler: async ({ params }) => {
      const rows = await queryRows<{
        purchase_order_line_id: number;
        product_id: number;
        product_sku: string;
        product_name: string;
        qty_open: string;
        unit_price: string;
        exchange_rate: string;
      }>(
        db,
        sql`select pl.id::int as purchase_order_line_id, pl.product_id::int as product_id,
                   p.sku as product_sku, p.name as product_name,
                   greatest(0, pl.qty - pl.qty_received - pl.qty_cancelled) as qty_open,
                   pl.unit_price, po.exchange_rate
              from purchase_order_lines pl
              join purchase_orders po on po.id = pl.purchase_order_id
              join products p on p.id = pl.product_id
             where pl.purchase_order_id = ${params.id}
               and pl.qty - pl.qty_received - pl.qty_cancelled > 0
             order by pl.id`,
      );
      return rows.map((r): OpenOrderLine => ({
        purchase_order_line_id: r.purchase_order_line_id,
        product_id: r.product_id,
        product_sku: r.product_sku,
        product_name: r.product_name,
        qty_open: Number(r.qty_open),
        unit_cost: unitCostInCad(Number(r.unit_price), Number(r.exchange_rate)),
      }));
    },
  });
}
