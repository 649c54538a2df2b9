import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerInventoryImportRoutes } from './inventory-import.routes.ts';
import { registerAllocationRoutes } from './stock/allocations.routes.ts';
import { registerLotsAtRoutes } from './stock/lots-at.routes.ts';
import { registerLotTraceRoutes } from './stock/lot-trace.routes.ts';
import { registerReceivingRoutes } from './stock/receivings.routes.ts';
import { registerStockCountRoutes } from './stock/stock-counts.routes.ts';
import { registerStockAdjustmentRoutes } from './stock/stock-adjustments.routes.ts';
import { registerStockAnalysisRoutes } from './stock/stock-analysis.routes.ts';
import { registerTransferRoutes } from './stock/transfers.routes.ts';
import { registerStockReportRoutes } from './stock/stock-reports.routes.ts';
import {
  productionAllocationHooks,
  productionTransferHooks,
} from './production/production-transfers.ts';
import { purchaseReceivingHooks } from './purchase/receiving-hooks.ts';

// Stock: the movement ledger, its documents (receivings, adjustments, transfers, counts,
// allocations), stock on hand and the inventory reports (docs/domain/inventory.md §2).

// Stock imports no other module: what purchase and production add to its documents is handed
// in here (docs/architecture.md "Modules and the platform"). A receiving against a purchase
// order moves the order's receipts; production's output travels on stock's transfers, and its
// dashboards follow them and the packing lists.
export function registerStockRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerStockAdjustmentRoutes(app, deps);
  registerReceivingRoutes(app, deps, purchaseReceivingHooks(deps, app.entityBindings));
  registerStockCountRoutes(app, deps);
  registerTransferRoutes(app, deps, productionTransferHooks(deps));
  registerAllocationRoutes(app, deps, productionAllocationHooks(deps));
  registerLotsAtRoutes(app, deps);
  registerLotTraceRoutes(app, deps);
  registerStockReportRoutes(app, deps);
  registerStockAnalysisRoutes(app, deps);
  registerInventoryImportRoutes(app, deps);
}
