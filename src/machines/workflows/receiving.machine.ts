import {
  actionsFor,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './document-workflow.ts';

// Receiving (docs/domain/inventory.md §2): draft → posted (lots, `receipt` movements) → reversed
// (admin, `receipt_reversal`; lots untouched); draft → cancelled.

// The warehouse receives against purchase orders as well as the inventory section.
const RECEIVERS = ['inventory', 'warehouse'];

export const RECEIVING_TRANSITIONS: TransitionTable = {
  draft: {
    post: { to: 'posted', roles: RECEIVERS, confirm: true },
    cancel: { to: 'cancelled', roles: RECEIVERS, needsReason: true },
  },
  posted: {
    reverse: { to: 'reversed', roles: [], needsReason: true, confirm: true },
  },
};

export const receivingMachine = workflowMachine('receiving', 'draft', RECEIVING_TRANSITIONS);

export function allowedReceivingActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(RECEIVING_TRANSITIONS, user, doc);
}
