import { PRODUCTION_ROUTES } from '../../../domain/route-map/production.routes.ts';
import { CARTS } from '../../../domain/entities/production/carts.entity.ts';
import { FLOW_ACTION_LINES, FLOWS } from '../../../domain/entities/production/flows.entity.ts';
import { HPLC_CATEGORIES } from '../../../domain/entities/production/hplc-categories.entity.ts';
import {
  ISSUE_DETAILS,
  ISSUE_SECTIONS,
} from '../../../domain/entities/production/issues.entity.ts';
import {
  MACHINES,
  STAMPING_MACHINES,
} from '../../../domain/entities/production/machines.entity.ts';
import { OPERATIONS } from '../../../domain/entities/production/operations.entity.ts';
import { PHASES } from '../../../domain/entities/production/phases.entity.ts';
import {
  RECIPE_INGREDIENT_ITEMS,
  RECIPES,
} from '../../../domain/entities/production/recipes.entity.ts';
import { SKIDS } from '../../../domain/entities/production/skids.entity.ts';
import {
  WORK_ORDER_COMMENTS_REPORT,
  WORK_ORDERS,
} from '../../../domain/entities/production/work-orders.entity.ts';
import { allowedRecipeActions } from '../../../machines/workflows/recipe.machine.ts';
import { documentScreen, entityScreen } from '../../common/entity/entity-screen.tsx';
import { notBuiltPages, type PageMap } from '../page-map.ts';
import { newRecipeVersionLink } from './new-recipe-version.tsx';
import { RecipeFetchPage } from './recipe-fetch.page.tsx';
import { ProductionDashboardPage } from './dashboard/production-dashboard.page.tsx';
import { LabelCheckLogsPage } from './label-check/label-check-logs.page.tsx';
import { MachinesDashboardPage } from './dashboard/machines-dashboard.page.tsx';
import { ProductionOrdersPage } from './production-orders.page.tsx';
import { ProductionOrderPage } from './order-detail/production-order.page.tsx';
import { REEL_ADJUSTMENT_LOG } from '../../../domain/entities/production/stamp-reels.entity.ts';
import { PendingReelsPage } from './reels/pending-reels.page.tsx';
import { StampReelPage } from './reels/stamp-reel.page.tsx';
import { StampCoverPage } from './reels/stamp-cover.page.tsx';
import { ReelsPage } from './reels/reels.page.tsx';
import { StampsInventoryPage } from './reels/stamps-inventory.page.tsx';
import { StampReconciliationPage } from './stamp-reconciliation/stamp-reconciliation.page.tsx';
import {
  DUPLICATED_WAREHOUSE_LOCATIONS,
  WAREHOUSE_LOCATION_LOGS,
  WAREHOUSE_PRODUCT_LOCATIONS,
} from '../../../domain/entities/production/warehouse-locations.entity.ts';
import {
  ProductLocationLogsPage,
  ProductLocationsPage,
} from './distribution-centers/product-locations.page.tsx';
import { WorkOrderPage } from './work-order.page.tsx';
import * as REPORTS from '../../../domain/entities/production/production-reports.entity.ts';
import * as DECIDED from '../../../domain/entities/production/production-order-views.entity.ts';
import { HplcRequestsPage } from './hplc/hplc-requests.page.tsx';
import { PotencyChartsPage } from './potency/potency-charts.page.tsx';
import { withDriftAlert } from './potency/potency-drift-alert.tsx';
import { orderDecisionPage } from './order-decision.page.tsx';
import * as CHARTS from './reports/production-report-charts.ts';
import { reportWithChart } from './reports/report-with-chart.tsx';
import { PRODUCTION_ORDER_CORRECTIONS } from '../../../domain/entities/production/production-order-corrections.entity.ts';
import { allowedCorrectionActions } from '../../../machines/workflows/production-order-correction.machine.ts';
import { PRODUCTION_RECOVERIES } from '../../../domain/entities/production/production-recoveries.entity.ts';
import { allowedRecoveryActions } from '../../../machines/workflows/production-recovery.machine.ts';
import { recoveryMoves } from './recovery-moves.ts';
import * as FLOOR from '../../../domain/entities/production/floor-reports.entity.ts';
import { BatchingKpiPage } from './reports/batching-kpi.page.tsx';
import { HplcReportPage } from './reports/hplc-report.page.tsx';
import { TransferQrCodesPage } from './qr-codes/transfer-qr-codes.page.tsx';
import { TransferDashboardPage } from './transfer-dashboard/transfer-dashboard.page.tsx';
import { ShippingDashboardPage } from './transfer-dashboard/shipping-dashboard.page.tsx';
import * as TRANSFER_REPORTS from '../../../domain/entities/production/production-transfer-reports.entity.ts';
import { TRANSFER_REPORT_CHART } from './reports/transfer-report-chart.ts';
import { RecipeImportPage } from './recipe-import.page.tsx';
import { StampingOrderFormPage, StampingOrdersPage } from './stamping/stamping-orders.page.tsx';
import { StampingStartPage } from './stamping/stamping-start.page.tsx';
import { StampingFinishPage } from './stamping/stamping-finish.page.tsx';
import * as STAMPING_REPORTS from '../../../domain/entities/production/stamping-reports.entity.ts';
import { STAMPING_CORRECTIONS } from '../../../domain/entities/production/stamping-corrections.entity.ts';
import { allowedStampingCorrectionActions } from '../../../machines/workflows/stamping-order-correction.machine.ts';
import {
  DAILY_ORDER_ACCEPT_QUESTION,
  DAILY_ORDER_LINE_ITEMS,
  DAILY_ORDERS,
} from '../../../domain/entities/production/daily-orders.entity.ts';
import { dailyOrderLinks } from './daily-order-links.tsx';
import { ProductionSettingsPage } from './settings/production-settings.page.tsx';
import * as DAILY_REPORTS from '../../../domain/entities/production/daily-order-reports.entity.ts';
import { allowedDailyOrderActions } from '../../../machines/workflows/daily-order.machine.ts';
import { rowOf } from '../../../domain/entity/row-of.ts';

// Loaded lazily by the router, so Production is a chunk of its own. Built screens replace
// their stand-in here: { ...notBuiltPages(…), '<route name>': TheScreen }.
// A flow's actions are lines of its drawer form: a handful of steps edited with the flow,
// saved whole, so the flow-actions route is the flows list with that flow's drawer open.

const flowsScreen = (openParam?: string) =>
  entityScreen(FLOWS, { lines: FLOW_ACTION_LINES, openParam });

/** Production screens keyed by route name. */
export const productionPages: PageMap = {
  ...notBuiltPages([PRODUCTION_ROUTES]),
  'production.phases': entityScreen(PHASES),
  'production.operations': entityScreen(OPERATIONS),
  'production.flows': flowsScreen(),
  'production.flow-actions': flowsScreen('flow_id'),
  'production.machines': entityScreen(MACHINES),
  'production.stamping-machines': entityScreen(STAMPING_MACHINES),
  'production.carts': entityScreen(CARTS),
  'production.skids': entityScreen(SKIDS),
  'production.hplc-categories': entityScreen(HPLC_CATEGORIES),
  'production.recipes': entityScreen(RECIPES, { formPath: '/production/recipe' }),
  'production.recipe': documentScreen(RECIPES, {
    lines: RECIPE_INGREDIENT_ITEMS,
    listPath: '/production/recipes',
    allowed: allowedRecipeActions,
    extra: newRecipeVersionLink,
  }),
  'production.recipe-fetch': RecipeFetchPage,
  'production.import': RecipeImportPage,
  'production.reels': ReelsPage,
  'production.reel': StampReelPage,
  'production.pending-reel-approvals': PendingReelsPage,
  'production.stamps-inventory': StampsInventoryPage,
  'production.stamp-cover': StampCoverPage,
  'production.stamp-reconciliation': StampReconciliationPage,
  'production.reel-adjustment-log': entityScreen(REEL_ADJUSTMENT_LOG),
  'production.warehouse-locations': entityScreen(WAREHOUSE_PRODUCT_LOCATIONS),
  'production.warehouse-location': ProductLocationsPage,
  'production.warehouse-location-logs': ProductLocationLogsPage,
  'production.warehouse-locations-logs-report': entityScreen(WAREHOUSE_LOCATION_LOGS),
  'production.duplicated-warehouse-locations': entityScreen(DUPLICATED_WAREHOUSE_LOCATIONS),
  'production.production-orders': ProductionOrdersPage,
  'production.production-order': ProductionOrderPage,
  'production.order-corrections': entityScreen(PRODUCTION_ORDER_CORRECTIONS, {
    allowed: allowedCorrectionActions,
    // A correction is decided as requested: it is never edited, only approved or rejected.
    readOnly: (row) =>
      `This correction is ${rowOf(PRODUCTION_ORDER_CORRECTIONS, row).status}: it stays as requested; request another to change it.`,
  }),
  'production.corrections-logs': entityScreen(REPORTS.CORRECTIONS_LOG),
  'production.recoveries': entityScreen(PRODUCTION_RECOVERIES, {
    allowed: allowedRecoveryActions,
    moves: recoveryMoves,
  }),
  'production.hplc-requests': HplcRequestsPage,
  'production.dashboard': ProductionDashboardPage,
  'production.machines-dashboard': MachinesDashboardPage,
  'production.issue-sections': entityScreen(ISSUE_SECTIONS),
  'production.issue-details': entityScreen(ISSUE_DETAILS),
  'production.work-orders': entityScreen(WORK_ORDERS, { formPath: '/production/work-order' }),
  'production.work-order': WorkOrderPage,
  'production.work-order-comments': entityScreen(WORK_ORDER_COMMENTS_REPORT),
  'production.hplc-results': entityScreen(REPORTS.HPLC_RESULTS),
  'production.hplc-orders': withDriftAlert(
    orderDecisionPage(DECIDED.HPLC_ORDERS, DECIDED.HPLC_ORDER_EVENTS),
  ),
  'production.potency-charts': PotencyChartsPage,
  'production.daily-orders': entityScreen(DAILY_ORDERS, { formPath: '/production/daily-order' }),
  'production.daily-order': documentScreen(DAILY_ORDERS, {
    lines: DAILY_ORDER_LINE_ITEMS,
    listPath: '/production/daily-orders',
    allowed: allowedDailyOrderActions,
    extra: dailyOrderLinks,
    questions: { accept: DAILY_ORDER_ACCEPT_QUESTION },
  }),
  'production.daily-orders-report': reportWithChart(
    DAILY_REPORTS.DAILY_ORDERS_REPORT,
    CHARTS.DAILY_ORDERS_CHART,
  ),
  'production.daily-orders-list': entityScreen(DAILY_REPORTS.DAILY_ORDERS_LIST),
  'production.recipes-report': entityScreen(DAILY_REPORTS.RECIPES_REPORT),
  'production.settings': ProductionSettingsPage,
  'production.pending-orders': orderDecisionPage(
    DECIDED.PENDING_ORDERS,
    DECIDED.PENDING_ORDER_EVENTS,
  ),
  'production.label-check-logs': LabelCheckLogsPage,
  'production.master-report': entityScreen(REPORTS.MASTER_PRODUCTION_REPORT),
  'production.volume-variance': reportWithChart(
    REPORTS.VOLUME_VARIANCE,
    CHARTS.VOLUME_VARIANCE_CHART,
  ),
  'production.hplc-report': HplcReportPage,
  'production.batching-picking': entityScreen(FLOOR.BATCHING_PICKING),
  'production.batching-logs': entityScreen(FLOOR.BATCHING_LOGS),
  'production.production-logs': entityScreen(FLOOR.PRODUCTION_LOGS),
  'production.batching-kpi': BatchingKpiPage,
  'production.production-summary': reportWithChart(
    REPORTS.PRODUCTION_SUMMARY,
    CHARTS.PRODUCTION_SUMMARY_CHART,
  ),
  'production.batching-summary': entityScreen(REPORTS.BATCHING_SUMMARY),
  'production.transfer-qr-codes': TransferQrCodesPage,
  'production.transfer-dashboard': TransferDashboardPage,
  'production.shipping-dashboard': ShippingDashboardPage,
  'production.transfer-report': reportWithChart(
    TRANSFER_REPORTS.TRANSFER_REPORT,
    TRANSFER_REPORT_CHART,
  ),
  'production.transfer-logs': entityScreen(TRANSFER_REPORTS.TRANSFER_LOGS),
  'production.pails-transfer-logs': entityScreen(TRANSFER_REPORTS.PAILS_TRANSFER_LOGS),
  'production.stamping-orders': StampingOrdersPage,
  'production.stamping-order-form': StampingOrderFormPage,
  'production.stamping-order-start': StampingStartPage,
  'production.stamping-order-finish': StampingFinishPage,
  'production.stamping-logs': entityScreen(STAMPING_REPORTS.STAMPING_LOGS),
  'production.stamping-wasted-bottles': entityScreen(STAMPING_REPORTS.STAMPING_WASTED_BOTTLES),
  'production.stamping-corrections': entityScreen(STAMPING_CORRECTIONS, {
    allowed: allowedStampingCorrectionActions,
    readOnly: (row) =>
      `This correction is ${rowOf(STAMPING_CORRECTIONS, row).status}: it stays as requested; request another to change it.`,
  }),
};
