import type { DailyLineCounts } from '../../domain/entities/production/daily-order-values.ts';
import {
  actionsFor,
  decide,
  workflowMachine,
  type ActionState,
  type Decision,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './document-workflow.ts';

// A daily order DO- (docs/domain/production.md §3.2): requesters draft and submit it; planning or a
// manager accepts it (the server then drafts one production order per line) or sends it back with a
// reason. After that the floor moves it: the server raises `start_production` when one of its
// orders is released, `fulfil` once every line's order is done (transferred or completed) and
// `lapse` when every line's order was cancelled. Same table for the server's decision and the
// browser's buttons.

/**
 * Who asks for production (docs/product.md §6 "Daily orders" minus the roles that only read it).
 */
export const DAILY_ORDER_REQUESTERS = [
  'requester',
  'supervisor_batcher',
  'supervisor_production',
  'planning',
  'manager',
] as const;

/** Who turns a daily order into production orders ("PO admin" and the managers). */
export const DAILY_ORDER_PLANNERS = ['planning', 'manager'] as const;

/** Events the server raises as the production orders move; nobody presses them. */
export const DAILY_ORDER_AUTO_EVENTS = ['start_production', 'fulfil', 'lapse'] as const;

const hasOpenLines = (_user: WorkflowUser, doc: WorkflowDoc) =>
  (doc.line_counts?.open ?? 0) > 0 ? null : 'The daily order has no open line to produce';

/** Once the floor has released one of its orders, cancelling is the orders' own business. */
const notStarted = (_user: WorkflowUser, doc: WorkflowDoc) =>
  doc.line_counts?.started
    ? 'One of its production orders is released: cancel or finish the orders instead'
    : null;

const hasStarted = (_user: WorkflowUser, doc: WorkflowDoc) =>
  doc.line_counts?.started ? null : 'None of its production orders is released yet';

/** Every line settled (fulfilled or cancelled) and at least one delivered. */
const allDelivered = (_user: WorkflowUser, doc: WorkflowDoc) => {
  const l = doc.line_counts;
  if (!l || l.total === 0 || l.fulfilled === 0) return 'No line is fulfilled yet';
  return l.fulfilled + l.cancelled === l.total ? null : 'Some lines are still in production';
};

const allCancelled = (_user: WorkflowUser, doc: WorkflowDoc) =>
  doc.line_counts &&
  doc.line_counts.total > 0 &&
  doc.line_counts.cancelled === doc.line_counts.total
    ? null
    : 'Some lines are still to be produced';

const requesters = [...DAILY_ORDER_REQUESTERS];
const planners = [...DAILY_ORDER_PLANNERS];

export const DAILY_ORDER_TRANSITIONS: TransitionTable = {
  draft: {
    submit: { to: 'submitted', roles: requesters, guard: hasOpenLines },
    cancel: { to: 'cancelled', roles: requesters, needsReason: true },
  },
  submitted: {
    accept: { to: 'accepted', roles: planners, guard: hasOpenLines },
    reject: { to: 'draft', roles: planners, needsReason: true },
    cancel: { to: 'cancelled', roles: requesters, needsReason: true },
  },
  accepted: {
    // Cancels its production orders too, while none of them is released.
    cancel: { to: 'cancelled', roles: planners, guard: notStarted, needsReason: true },
    start_production: { to: 'in_production', roles: [], guard: hasStarted },
    fulfil: { to: 'fulfilled', roles: [], guard: allDelivered },
    lapse: { to: 'cancelled', roles: [], guard: allCancelled },
  },
  in_production: {
    fulfil: { to: 'fulfilled', roles: [], guard: allDelivered },
    lapse: { to: 'cancelled', roles: [], guard: allCancelled },
  },
};

export const dailyOrderMachine = workflowMachine('daily_order', 'draft', DAILY_ORDER_TRANSITIONS);

/** The status `event` leads a daily order to for `user`, or why not (403 role, 422 guard). */
export function decideDailyOrder(event: string, user: WorkflowUser, doc: WorkflowDoc): Decision {
  return decide(dailyOrderMachine, DAILY_ORDER_TRANSITIONS, event, user, doc);
}

/**
 * The event the floor's news calls for, if any: the first automatic event the machine allows
 * from `doc.status` (lapse before fulfil before start, so a settled order does not stop at
 * in_production on the way).
 */
export function derivedDailyOrderEvent(doc: WorkflowDoc): string | null {
  const system: WorkflowUser = { id: 0, roles: ['admin'] };
  for (const event of ['lapse', 'fulfil', 'start_production'] as const) {
    if (decideDailyOrder(event, system, doc).kind === 'ok') return event;
  }
  return null;
}

/** The line counts a daily order's row carries (its computed `lines_*` columns). */
export function lineCountsOfRow(doc: object): DailyLineCounts {
  const row = doc as Readonly<Record<string, unknown>>;
  const n = (name: string) => Number(row[name] ?? 0);
  return {
    total: n('lines_total'),
    open: n('lines_open'),
    planned: n('lines_planned'),
    fulfilled: n('lines_fulfilled'),
    cancelled: n('lines_cancelled'),
    started: row.orders_started === true || row.orders_started === 1,
  };
}

/** The buttons of a daily order: what a person sends (the floor's events are the server's). */
export function allowedDailyOrderActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  const withCounts = { ...doc, line_counts: lineCountsOfRow(doc) };
  return actionsFor(DAILY_ORDER_TRANSITIONS, user, withCounts).filter(
    (a) => !(DAILY_ORDER_AUTO_EVENTS as readonly string[]).includes(a.event),
  );
}

// The facts of this document its guards read (document-workflow.ts, WorkflowDoc).
declare module './document-workflow.ts' {
  interface WorkflowDoc {
    /** A daily order's lines as its production orders left them (daily-order.machine.ts). */
    readonly line_counts?: DailyLineCounts;
  }
}
