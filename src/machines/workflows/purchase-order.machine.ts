import {
  actionsFor,
  factOf,
  notSubmitter,
  workflowMachine,
  type ActionState,
  type TransitionRule,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './document-workflow.ts';

// Purchase order (docs/domain/purchase.md §5). A draft is submitted: under
// `purchase.approval_threshold` (CAD) it is approved at once (`submit`), at or over it an admin
// approves or rejects it (`submit_for_approval`), never the person who submitted it
// (maker-checker). Each path is offered only when the order takes it. Approved and sent orders may
// be held and resumed to where they were, revised back to draft or cancelled while nothing is
// received; receipts (another module) move them to partially received and received, and closing
// cancels the rest.

const BUYERS = ['purchase'];

const overThreshold = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(doc.needs_approval) === true
    ? 'At or over the approval threshold: an admin must approve it'
    : null;
const underThreshold = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(doc.needs_approval) === false ? 'Under the approval threshold: submit approves it' : null;
const nothingReceived = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(doc.received_any) === true ? 'Goods were received against this order' : null;
const heldFrom = (status: string) => (_user: WorkflowUser, doc: WorkflowDoc) =>
  doc.held_from != null && doc.held_from !== status ? `It was ${doc.held_from} when held` : null;

const cancel: TransitionRule = {
  to: 'cancelled',
  roles: BUYERS,
  needsReason: true,
  guard: nothingReceived,
};
const hold: TransitionRule = { to: 'on_hold', roles: BUYERS, needsReason: true };
const revise: TransitionRule = { to: 'draft', roles: BUYERS, guard: nothingReceived };
const close: TransitionRule = { to: 'closed', roles: BUYERS, confirm: true };

export const PURCHASE_ORDER_TRANSITIONS: TransitionTable = {
  draft: {
    submit: { to: 'approved', roles: BUYERS, pathGuard: overThreshold },
    submit_for_approval: { to: 'pending_approval', roles: BUYERS, pathGuard: underThreshold },
    cancel,
  },
  pending_approval: {
    approve: { to: 'approved', roles: [], guard: notSubmitter },
    reject: { to: 'draft', roles: [], needsReason: true },
    cancel,
  },
  approved: { send: { to: 'sent', roles: BUYERS }, hold, revise, cancel },
  sent: { hold, revise, cancel },
  on_hold: {
    resume: { to: 'approved', roles: BUYERS, pathGuard: heldFrom('approved') },
    resume_as_sent: { to: 'sent', roles: BUYERS, pathGuard: heldFrom('sent') },
    cancel,
  },
  partially_received: { close },
  received: { close },
};

export const purchaseOrderMachine = workflowMachine(
  'purchaseOrder',
  'draft',
  PURCHASE_ORDER_TRANSITIONS,
);

export function allowedPurchaseOrderActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(PURCHASE_ORDER_TRANSITIONS, user, doc);
}

// The facts of this document its guards read (document-workflow.ts, WorkflowDoc).
declare module './document-workflow.ts' {
  interface WorkflowDoc {
    /** A purchase order whose CAD total reaches `purchase.approval_threshold`. */
    readonly needs_approval?: boolean | number;
    /** A purchase order with some quantity received on a line. */
    readonly received_any?: boolean | number;
    /** The status a purchase order on hold goes back to. */
    readonly held_from?: string | null;
  }
}
