import {
  actionsFor,
  notSubmitter,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from '../../../../src/machines/workflows/document-workflow.ts';

// A discount over the approval limit (discount-approval.ts) waits in pending_approval until a
// manager approves it, never the salesperson who asked (maker-checker), or rejects it with a
// reason. Saving it again decides anew: within the limit it is approved at once, over it it
// waits again.

export const DISCOUNT_APPROVERS = ['manager'] as const;

export const DISCOUNT_TRANSITIONS: TransitionTable = {
  pending_approval: {
    approve: { to: 'approved', roles: DISCOUNT_APPROVERS, guard: notSubmitter },
    reject: { to: 'rejected', roles: DISCOUNT_APPROVERS, needsReason: true },
  },
};

export const discountMachine = workflowMachine(
  'discount',
  'pending_approval',
  DISCOUNT_TRANSITIONS,
);

export function allowedDiscountActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(DISCOUNT_TRANSITIONS, user, doc);
}
