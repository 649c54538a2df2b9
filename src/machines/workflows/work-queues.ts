import { ACCESS_TABLE } from '../../domain/access.ts';
import { PURCHASE_ORDERS } from '../../domain/entities/purchase/purchase-orders.entity.ts';
import { SALES_ORDERS } from '../../../modules/sales/shared/entities/sales-orders.entity.ts';
import { PRODUCT_CHANGES } from '../../domain/entities/inventory/product-changes.entity.ts';
import { DAILY_ORDERS } from '../../domain/entities/production/daily-orders.entity.ts';
import { PRODUCTION_ORDER_CORRECTIONS } from '../../domain/entities/production/production-order-corrections.entity.ts';
import { RECIPES } from '../../domain/entities/production/recipes.entity.ts';
import { REEL_REQUESTS } from '../../domain/entities/production/stamp-cover.ts';
import { STAMP_REELS } from '../../domain/entities/production/stamp-reels.entity.ts';
import { STAMPING_CORRECTIONS } from '../../domain/entities/production/stamping-corrections.entity.ts';
import { WORK_ORDERS } from '../../domain/entities/production/work-orders.entity.ts';
import { STOCK_COUNTS } from '../../domain/entities/stock/stock-counts.entity.ts';
import { CORRECTION_APPROVERS } from './correction-workflow.ts';
import { DAILY_ORDER_TRANSITIONS } from './daily-order.machine.ts';
import { productChangeActionStates } from './product-change.machine.ts';
import { allowedCorrectionActions } from './production-order-correction.machine.ts';
import { orderEventRoles } from './production-order.rules.ts';
import {
  allowedPurchaseOrderActions,
  PURCHASE_ORDER_TRANSITIONS,
} from './purchase-order.machine.ts';
import { allowedRecipeActions, RECIPE_TRANSITIONS } from './recipe.machine.ts';
import { allowedReelRequestActions, REEL_REQUEST_DECIDERS } from './reel-request-actions.ts';
import {
  allowedSalesOrderActions,
  SALES_ORDER_TRANSITIONS,
} from '../../../modules/sales/shared/machines/sales-order.machine.ts';
import { allowedStampReelActions, STAMP_REEL_TRANSITIONS } from './stamp-reel.machine.ts';
import { allowedStampingCorrectionActions } from './stamping-order-correction.machine.ts';
import { allowedStockCountActions, STOCK_COUNT_TRANSITIONS } from './stock-count.machine.ts';
import type { WorkLive } from '../../domain/my-work.ts';
import type { WorkDecision, WorkQueue } from './work-queue.ts';
import { SALES_QUEUES } from '../../../modules/sales/shared/sales.work-queues.ts';
import { SUPPLY_QUEUES } from './supply-work-queues.ts';
import { FLOOR_QUEUES } from './floor-work-queues.ts';
import { liveOf, openIn, ORDERS_LIVE, stepRoles } from './work-queue-parts.ts';

// The home page's "My work": what waits for the signed-in person. Each queue is a step of a
// workflow someone must take next, whose it is coming from the workflow itself (the roles of
// the event that step waits for), so the home page and the buttons never disagree. The server
// answers only the queues the person's roles take and whose page their enabled modules show,
// counting and listing the rows (server/http/routes/my-work/); the browser refreshes when a
// queue's channel broadcasts.
//
// Extension point: a module's new step that waits for someone is one entry below plus its
// query on the server; a module built as a slice gives both through its server module
// (`workQueues`, `queueQueries`), and the server lists them after these. A decision (approve or reject someone else's request) also names its
// `decision`: the approval inbox (/approvals) is exactly the queues that have one, its query
// saying `inbox`. A person's own trainings are heard on their own channel (`{me}`).

const APPROVALS: readonly WorkQueue[] = [
  {
    key: 'product_changes',
    group: 'approvals',
    title: 'Product changes to review',
    roles: ['product_approval_admin'],
    admin: true,
    page: '/inventory/products_changes',
    open: (id) => `/inventory/product_changes/${id}`,
    live: liveOf(PRODUCT_CHANGES),
    decision: {
      module: 'inventory',
      kind: 'Product change',
      entity: PRODUCT_CHANGES,
      events: ['approve', 'reject'],
      actions: productChangeActionStates,
    },
  },
  {
    key: 'pending_orders',
    group: 'approvals',
    title: 'Production orders to approve',
    roles: orderEventRoles('approve'),
    admin: true,
    page: '/production/pending-orders',
    open: openIn('/production/pending-orders'),
    live: ORDERS_LIVE,
  },
  {
    key: 'hplc_failures',
    group: 'approvals',
    title: 'Failed HPLC batches to decide',
    roles: orderEventRoles('retest'),
    admin: true,
    page: '/production/hplc-orders',
    open: openIn('/production/hplc-orders'),
    live: ORDERS_LIVE,
  },
  {
    key: 'reel_receipts',
    group: 'approvals',
    title: 'Stamp reel receipts to approve',
    roles: stepRoles(STAMP_REEL_TRANSITIONS, 'received', 'approve_receipt'),
    admin: true,
    page: '/production/pending-reel-approvals',
    open: openIn('/production/pending-reel-approvals'),
    live: liveOf(STAMP_REELS),
    decision: {
      module: 'production',
      kind: 'Stamp reel receipt',
      entity: STAMP_REELS,
      events: ['approve_receipt', 'reject_receipt'],
      actions: allowedStampReelActions,
    },
  },
  {
    key: 'reel_requests',
    group: 'approvals',
    title: 'Reel requests to approve',
    roles: REEL_REQUEST_DECIDERS,
    admin: true,
    page: '/production/pending-reel-approvals',
    // The requests sit above the reels there; `request` marks the one to decide.
    open: (id) => `/production/pending-reel-approvals?request=${id}`,
    live: liveOf(REEL_REQUESTS),
    decision: {
      module: 'production',
      kind: 'Reel request',
      entity: REEL_REQUESTS,
      events: ['approve', 'reject'],
      actions: allowedReelRequestActions,
    },
  },
  {
    key: 'recipes',
    group: 'approvals',
    title: 'Recipes to approve',
    roles: stepRoles(RECIPE_TRANSITIONS, 'pending_approval', 'approve'),
    admin: true,
    page: '/production/recipes',
    open: (id) => `/production/recipe/${id}`,
    live: liveOf(RECIPES),
    decision: {
      module: 'production',
      kind: 'Recipe',
      entity: RECIPES,
      events: ['approve', 'reject'],
      actions: allowedRecipeActions,
    },
  },
  {
    key: 'daily_orders',
    group: 'approvals',
    title: 'Daily orders to accept',
    roles: stepRoles(DAILY_ORDER_TRANSITIONS, 'submitted', 'accept'),
    admin: true,
    page: '/production/daily-orders',
    open: (id) => `/production/daily-order/${id}`,
    live: liveOf(DAILY_ORDERS),
  },
  {
    key: 'order_corrections',
    group: 'approvals',
    title: 'Production order corrections to approve',
    roles: CORRECTION_APPROVERS,
    admin: true,
    page: '/production/production_orders_corrections',
    open: openIn('/production/production_orders_corrections'),
    live: liveOf(PRODUCTION_ORDER_CORRECTIONS),
    decision: {
      module: 'production',
      kind: 'Production order correction',
      entity: PRODUCTION_ORDER_CORRECTIONS,
      events: ['approve', 'reject'],
      actions: allowedCorrectionActions,
    },
  },
  {
    key: 'stamping_corrections',
    group: 'approvals',
    title: 'Stamping order corrections to approve',
    roles: CORRECTION_APPROVERS,
    admin: true,
    page: '/production/product-stamping-order-corrections',
    open: openIn('/production/product-stamping-order-corrections'),
    live: liveOf(STAMPING_CORRECTIONS),
    decision: {
      module: 'production',
      kind: 'Stamping order correction',
      entity: STAMPING_CORRECTIONS,
      events: ['approve', 'reject'],
      actions: allowedStampingCorrectionActions,
    },
  },
  {
    key: 'work_order_requests',
    group: 'approvals',
    title: 'Machine problems to triage',
    roles: ACCESS_TABLE.maintenance_admin.roles,
    admin: true,
    page: '/production/work-orders',
    open: (id) => `/production/work-order/${id}`,
    live: liveOf(WORK_ORDERS),
  },
  {
    key: 'stock_count_reviews',
    group: 'approvals',
    title: 'Stock counts to review',
    roles: stepRoles(STOCK_COUNT_TRANSITIONS, 'variance_review', 'approve'),
    admin: true,
    page: '/inventory/stock-count',
    open: (id) => `/inventory/stock-count/${id}`,
    live: liveOf(STOCK_COUNTS),
    decision: {
      module: 'inventory',
      kind: 'Stock count',
      entity: STOCK_COUNTS,
      // A count over tolerance is reviewed before it is approved; in review it is approved
      // or sent back to be counted again (its "reject").
      events: ['review', 'approve', 'recount'],
      actions: allowedStockCountActions,
    },
  },
  {
    key: 'purchase_approvals',
    group: 'approvals',
    title: 'Purchase orders to approve',
    // Over `purchase.approval_threshold` only an admin approves (no other role holds it).
    roles: stepRoles(PURCHASE_ORDER_TRANSITIONS, 'pending_approval', 'approve'),
    admin: true,
    page: '/purchases',
    open: (id) => `/purchase/${id}`,
    live: liveOf(PURCHASE_ORDERS),
    decision: {
      module: 'purchase',
      kind: 'Purchase order',
      entity: PURCHASE_ORDERS,
      events: ['approve', 'reject'],
      actions: allowedPurchaseOrderActions,
    },
  },
  {
    // **decision**: a sales order has no state that waits for the credit
    // override. A draft whose total takes its customer's open orders over the credit limit is
    // what waits: the seller cannot confirm it, only an admin's override (with a reason) can.
    key: 'credit_overrides',
    group: 'approvals',
    title: 'Sales orders over the credit limit',
    roles: stepRoles(SALES_ORDER_TRANSITIONS, 'draft', 'override_credit'),
    admin: true,
    page: '/sales',
    open: (id) => `/sale/${id}`,
    live: liveOf(SALES_ORDERS),
    decision: {
      module: 'sale',
      kind: 'Credit limit override',
      entity: SALES_ORDERS,
      events: ['override_credit'],
      actions: allowedSalesOrderActions,
    },
  },
];

const COUNTS: readonly WorkQueue[] = [
  {
    key: 'counts_to_start',
    group: 'counts',
    title: 'Scheduled counts to start',
    roles: stepRoles(STOCK_COUNT_TRANSITIONS, 'scheduled', 'start'),
    admin: false,
    page: '/inventory/stock-count',
    open: (id) => `/inventory/stock-count/${id}`,
    live: liveOf(STOCK_COUNTS),
  },
  {
    key: 'counts_to_count',
    group: 'counts',
    title: 'Counts to count',
    roles: stepRoles(STOCK_COUNT_TRANSITIONS, 'in_progress', 'submit'),
    admin: false,
    page: '/inventory/stock-count',
    // The counting sheet, where the counts are entered.
    open: (id) => `/inventory/stock-count/${id}/sheet`,
    live: liveOf(STOCK_COUNTS),
  },
];

const MAINTENANCE: readonly WorkQueue[] = [
  {
    key: 'open_work_orders',
    group: 'maintenance',
    title: 'Open work orders',
    roles: ACCESS_TABLE.maintenance_technician.roles,
    admin: false,
    page: '/production/work-orders',
    open: (id) => `/production/work-order/${id}`,
    live: liveOf(WORK_ORDERS),
  },
];

export const WORK_QUEUES: readonly WorkQueue[] = [
  ...APPROVALS,
  ...FLOOR_QUEUES,
  ...COUNTS,
  ...MAINTENANCE,
  ...SALES_QUEUES,
  ...SUPPLY_QUEUES,
];

/** A queue's broadcasts as `me` hears them: a personal channel (`{me}`) is their own. */
export function liveFor(live: WorkLive, me: number | string): WorkLive {
  return { ...live, channel: live.channel.replace('{me}', String(me)) };
}

/** Whether `queue` waits for someone with `roles` (the page's access is checked apart). */
export function queueWaitsFor(queue: WorkQueue, roles: readonly string[]): boolean {
  if (queue.admin && roles.includes('admin')) return true;
  return queue.roles.some((role) => roles.includes(role));
}

export type DecisionQueue = WorkQueue & { readonly decision: WorkDecision };

/** The queues the approval inbox lists: the decisions, each with how it is taken. */
export const decisionsAmong = (queues: readonly WorkQueue[]): DecisionQueue[] =>
  queues.flatMap((queue) => (queue.decision ? [{ ...queue, decision: queue.decision }] : []));
