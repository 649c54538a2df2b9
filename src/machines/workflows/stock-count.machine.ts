import {
  actionsFor,
  notSubmitter,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './stock-workflow.ts';

// Stock count (domain.md §2): schedule, start (snapshot + bin lock), submit (every line
// counted; checked on the server against the lines), review ⇄ recount (admin), approve
// (admin, maker-checker: posts counted − snapshot and unlocks; straight from submitted only
// when no line is over `inventory.count_tolerance_pct`), cancel before submit.

/** Straight from submitted to posted only when every line is within tolerance. */
const withinTolerance = (user: WorkflowUser, doc: WorkflowDoc) =>
  notSubmitter(user, doc) ??
  (doc.over_tolerance ? 'Some lines are over the count tolerance: review them first' : null);

const cancel = { to: 'cancelled', roles: ['inventory'], needsReason: true } as const;

export const STOCK_COUNT_TRANSITIONS: TransitionTable = {
  draft: { schedule: { to: 'scheduled', roles: ['inventory'] }, cancel },
  scheduled: { start: { to: 'in_progress', roles: ['inventory'] }, cancel },
  in_progress: { submit: { to: 'submitted', roles: ['inventory'] }, cancel },
  submitted: {
    review: { to: 'variance_review', roles: [] },
    approve: { to: 'posted', roles: [], guard: withinTolerance },
  },
  variance_review: {
    recount: { to: 'recount', roles: [] },
    approve: { to: 'posted', roles: [], guard: notSubmitter },
  },
  recount: { review: { to: 'variance_review', roles: [] } },
};

export const stockCountMachine = workflowMachine('stockCount', 'draft', STOCK_COUNT_TRANSITIONS);

/** Which quantity the counting sheet records in each status; a status absent here takes none. */
const SHEET_COLUMNS: Readonly<Record<string, 'counted' | 'recount'>> = {
  // Between start (snapshot, bins locked) and submit, the first count.
  in_progress: 'counted',
  // An admin sent the variances back: the recount round, next stop review.
  recount: 'recount',
};

/**
 * The quantity the counting sheet (PUT …/:id/sheet) writes in `status`, or null when the count
 * takes no counts then. Who may count is the sheet route's area (inventory).
 */
export function sheetColumnOf(status: string): 'counted' | 'recount' | null {
  return SHEET_COLUMNS[status] ?? null;
}

export function allowedStockCountActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(STOCK_COUNT_TRANSITIONS, user, doc);
}
