import {
  actionsFor,
  factOf,
  notSubmitter,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './document-workflow.ts';

// Stock count (docs/domain/inventory.md §2): schedule, start (snapshot + bin lock), submit (every
// line counted; checked on the server against the lines), review ⇄ recount, approve (not the
// submitter: posts counted − snapshot and unlocks). **decision**: the
// inventory clerk schedules and starts; whoever counts on the floor (inventory, warehouse)
// submits and sends a recount back to review; inventory reviews and approves, never the one
// who submitted (maker-checker), so a warehouse count is approved by an inventory clerk.
// Within `inventory.count_tolerance_pct` a submitted count is approved straight away; over it,
// it is reviewed first. Each path is offered only when the count takes it.

const COUNTERS = ['inventory', 'warehouse'];
const REVIEWERS = ['inventory'];

const overTolerance = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(doc.over_tolerance) === true
    ? 'Some lines are over the count tolerance: review them first'
    : null;
const withinTolerance = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(doc.over_tolerance) === false
    ? 'Every line is within the count tolerance: approve it'
    : null;

const cancel = { to: 'cancelled', roles: ['inventory'], needsReason: true } as const;

export const STOCK_COUNT_TRANSITIONS: TransitionTable = {
  draft: { schedule: { to: 'scheduled', roles: ['inventory'] }, cancel },
  scheduled: { start: { to: 'in_progress', roles: ['inventory'] }, cancel },
  in_progress: { submit: { to: 'submitted', roles: COUNTERS }, cancel },
  submitted: {
    review: { to: 'variance_review', roles: REVIEWERS, pathGuard: withinTolerance },
    approve: {
      to: 'posted',
      roles: REVIEWERS,
      pathGuard: overTolerance,
      guard: notSubmitter,
      confirm: true,
    },
  },
  variance_review: {
    recount: { to: 'recount', roles: REVIEWERS },
    approve: { to: 'posted', roles: REVIEWERS, guard: notSubmitter, confirm: true },
  },
  recount: { review: { to: 'variance_review', roles: COUNTERS } },
};

export const stockCountMachine = workflowMachine('stockCount', 'draft', STOCK_COUNT_TRANSITIONS);

/** Which quantity the counting sheet records in each status; a status absent here takes none. */
const SHEET_COLUMNS: Readonly<Record<string, 'counted' | 'recount'>> = {
  // Between start (snapshot, bins locked) and submit, the first count.
  in_progress: 'counted',
  // A reviewer sent the variances back: the recount round, next stop review.
  recount: 'recount',
};

/**
 * The quantity the counting sheet (PUT …/:id/sheet) writes in `status`, or null when the count
 * takes no counts then. Who may count is the sheet route's area (inventory, warehouse).
 */
export function sheetColumnOf(status: string): 'counted' | 'recount' | null {
  return SHEET_COLUMNS[status] ?? null;
}

export function allowedStockCountActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(STOCK_COUNT_TRANSITIONS, user, doc);
}

// The facts of this document its guards read (document-workflow.ts, WorkflowDoc).
declare module './document-workflow.ts' {
  interface WorkflowDoc {
    /** A count with lines whose variance passes `inventory.count_tolerance_pct`. */
    readonly over_tolerance?: boolean | number;
  }
}
