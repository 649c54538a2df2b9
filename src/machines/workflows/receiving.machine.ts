import {
  actionsFor,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './stock-workflow.ts';

// Receiving (domain.md §2): draft → posted (lots, `receipt` movements) → reversed (admin,
// `receipt_reversal`; lots untouched); draft → cancelled.

export const RECEIVING_TRANSITIONS: TransitionTable = {
  draft: {
    post: { to: 'posted', roles: ['inventory'], confirm: true },
    cancel: { to: 'cancelled', roles: ['inventory'], needsReason: true },
  },
  posted: {
    reverse: { to: 'reversed', roles: [], needsReason: true, confirm: true },
  },
};

export const receivingMachine = workflowMachine('receiving', 'draft', RECEIVING_TRANSITIONS);

export function allowedReceivingActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(RECEIVING_TRANSITIONS, user, doc);
}
