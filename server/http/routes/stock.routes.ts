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

// Stock: the movement ledger, its documents (receivings, adjustments, transfers, counts,
// allocations), stock on hand and the inventory reports (docs/domain/inventory.md §2).

export function registerStockRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerStockAdjustmentRoutes(app, deps);
  registerReceivingRoutes(app, deps);
  registerStockCountRoutes(app, deps);
  // Production's output travels on stock's transfers, and its dashboards follow them and the
  // packing lists: stock is handed what production adds (docs/architecture.md, modules).
  registerTransferRoutes(app, deps, productionTransferHooks(deps));
  registerAllocationRoutes(app, deps, productionAllocationHooks(deps));
  registerLotsAtRoutes(app, deps);
  registerLotTraceRoutes(app, deps);
  registerStockReportRoutes(app, deps);
  registerStockAnalysisRoutes(app, deps);
  registerInventoryImportRoutes(app, deps);
}
