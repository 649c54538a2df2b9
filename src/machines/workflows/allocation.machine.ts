import {
  actionsFor,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './stock-workflow.ts';

// Packing list (domain.md §2 allocations): allocate (≤ available released stock) → pick →
// pack (picked ≤ allocated) → ship (`ship` movements); cancel before packing releases.

const cancel = { to: 'cancelled', roles: ['inventory'], needsReason: true } as const;

export const ALLOCATION_TRANSITIONS: TransitionTable = {
  draft: { allocate: { to: 'allocated', roles: ['inventory'] }, cancel },
  allocated: { pick: { to: 'picking', roles: ['inventory', 'warehouse'] }, cancel },
  picking: { pack: { to: 'packed', roles: ['inventory', 'warehouse'] }, cancel },
  packed: { ship: { to: 'shipped', roles: ['shipping', 'inventory'] } },
};

export const allocationMachine = workflowMachine('allocation', 'draft', ALLOCATION_TRANSITIONS);

export function allowedAllocationActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(ALLOCATION_TRANSITIONS, user, doc);
}
