import {
  actionsFor,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './document-workflow.ts';

// Stock adjustment (docs/domain/inventory.md §2): draft → posted (`adjustment` movements) |
// cancelled. Posted is immutable: a mistake is fixed with a new adjustment.

export const STOCK_ADJUSTMENT_TRANSITIONS: TransitionTable = {
  draft: {
    post: { to: 'posted', roles: ['inventory'], confirm: true },
    cancel: { to: 'cancelled', roles: ['inventory'], needsReason: true },
  },
};

export const stockAdjustmentMachine = workflowMachine(
  'stockAdjustment',
  'draft',
  STOCK_ADJUSTMENT_TRANSITIONS,
);

export function allowedStockAdjustmentActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(STOCK_ADJUSTMENT_TRANSITIONS, user, doc);
}
