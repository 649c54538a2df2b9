import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEntityRoutes } from '../entity/entity-routes.ts';
import { registerPurchaseFromLowStockRoutes } from './purchase/purchase-from-low-stock.routes.ts';
import { registerLowStockRoutes } from './purchase/low-stock.routes.ts';
import { registerReceivableOrderRoutes } from './purchase/receivable-orders.routes.ts';
import { registerPurchaseInvoiceRoutes } from './purchase/purchase-invoices.routes.ts';
import { registerInvoiceMatchReport } from './purchase/invoice-match-report.routes.ts';
import { registerPurchasePdfRoutes } from './purchase/purchase-pdf.routes.ts';
import { registerPurchaseOrderRoutes } from './purchase/purchase-orders.routes.ts';
import { registerPurchaseReportRoutes } from './purchase/purchase-reports.routes.ts';
import { registerPurchasePrintRoutes } from './purchase/purchase-print.routes.ts';
import { suppliersBinding } from './purchase/suppliers.binding.ts';

// Purchase (docs/domain/purchase.md §5): suppliers with their products, purchase orders and their
// workflow, draft orders from the low-stock suggestions, the printable order and its PDF,
// supplier invoices with their three-way match, and the reports. Admin and purchase
// (docs/product.md §6).

export function registerPurchaseRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEntityRoutes(app, deps, suppliersBinding);
  const orders = registerPurchaseOrderRoutes(app, deps);
  registerLowStockRoutes(app, deps);
  registerReceivableOrderRoutes(app, deps);
  registerPurchaseFromLowStockRoutes(app, deps, orders);
  registerPurchasePrintRoutes(app, deps, orders);
  registerPurchaseInvoiceRoutes(app, deps, orders);
  registerInvoiceMatchReport(app, deps);
  registerPurchasePdfRoutes(app, deps, orders);
  registerPurchaseReportRoutes(app, deps);
}
