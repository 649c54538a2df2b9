import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  salesOrderQuoteApi,
  salesOrderQuoteSchema,
} from '../../shared/entities/sales-order-quote.ts';
import { SALES_ORDERS } from '../../shared/entities/sales-orders.entity.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { quoteSalesOrder } from '../db/sales-order-totals.ts';
import { addRoute } from '../../../../server/http/route.ts';

// What a sales order will cost before it is saved: the line editor sends the customer, the
// order date and its lines and hears each line's tier price, discounts, net price and total,
// and the order's subtotal, discounts, taxes per code and total, from the very code a save
// runs (sales-order-totals.ts). A POST only because the lines are a body; nothing is written.
// Whoever reads sales orders may ask (the order's own reads).

const quoteBody = z.strictObject({
  customer_id: z.number().int().positive(),
  order_date: z.iso.date(),
  lines: z
    .array(
      z.strictObject({
        product_id: z.number().int().positive(),
        qty: z.number().positive('Qty must be greater than 0'),
      }),
    )
    .max(500),
});

export function registerSalesOrderQuoteRoute(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'POST',
    url: salesOrderQuoteApi(SALES_ORDERS.api),
    access: { area: SALES_ORDERS.area },
    summary:
      'The figures a sales order would get (tier prices, discounts, taxes, total) before it is saved; writes nothing',
    body: quoteBody,
    response: salesOrderQuoteSchema,
    handler: async ({ body }) =>
      db.transaction(async (tx) =>
        quoteSalesOrder(tx, body.customer_id, body.order_date, body.lines),
      ),
  });
}
