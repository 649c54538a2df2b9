import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { registerEntityRoutes } from '../../../../server/http/entity/entity-routes.ts';
import { registerDiscountEvents } from './discount-events.routes.ts';
import { discountsBinding } from './discounts.binding.ts';
import { registerPackingSlipRoutes } from './packing-slip.routes.ts';
import { registerSalesOrderPdfRoute } from './sales-order-pdf.routes.ts';
import { registerSalesOrderQuoteRoute } from './sales-order-quote.routes.ts';
import { registerSalesImportRoutes } from './sales-import.routes.ts';
import { registerSalesOrderRoutes } from './sales-orders.routes.ts';
import { registerVapingDutyRoutes } from './vaping-duty.routes.ts';

// Sales (docs/domain/sales.md §6): discounts, sales orders with their workflow, the order as a
// PDF, the shipping documents of a shipped order, the quote of an unsaved order, sales imports
// with their log, and the vaping duty report.
// Sale writes; the sales section (director, manager) reads (docs/product.md §6).

export function registerSalesRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerDiscountEvents(app, deps, registerEntityRoutes(app, deps, discountsBinding));
  const orders = registerSalesOrderRoutes(app, deps);
  registerSalesOrderPdfRoute(app, deps, orders);
  registerPackingSlipRoutes(app, deps, orders);
  registerSalesOrderQuoteRoute(app, deps);
  registerSalesImportRoutes(app, deps);
  registerVapingDutyRoutes(app, deps);
}
