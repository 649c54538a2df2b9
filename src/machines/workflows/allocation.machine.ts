import {
  actionsFor,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './document-workflow.ts';

// Packing list (docs/domain/inventory.md §2 allocations): allocate (≤ available released stock) →
// pick → pack (picked ≤ allocated) → ship (`ship` movements); cancel before packing releases.
// **decision** (docs/journeys.md: "warehouse: allocate and pick a packing list from FEFO lots"):
// the warehouse allocates too, choosing the lots on the floor; inventory still may.

const cancel = { to: 'cancelled', roles: ['inventory'], needsReason: true } as const;

export const ALLOCATION_TRANSITIONS: TransitionTable = {
  draft: { allocate: { to: 'allocated', roles: ['inventory', 'warehouse'] }, cancel },
  allocated: { pick: { to: 'picking', roles: ['inventory', 'warehouse'] }, cancel },
  picking: { pack: { to: 'packed', roles: ['inventory', 'warehouse'] }, cancel },
  packed: { ship: { to: 'shipped', roles: ['shipping', 'inventory'], confirm: true } },
};

export const allocationMachine = workflowMachine('allocation', 'draft', ALLOCATION_TRANSITIONS);

export function allowedAllocationActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(ALLOCATION_TRANSITIONS, user, doc);
}
