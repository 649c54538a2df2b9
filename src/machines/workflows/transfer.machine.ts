import {
  actionsFor,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './stock-workflow.ts';

// Transfer (domain.md §2): request / prepare / ship (out of the source into transit) /
// receive (transit → destination) / close + resolve a shortfall / same-site transfer /
// cancel before the goods leave.

const REQUESTERS = ['inventory', 'transfer', 'planning'];
const cancel = { to: 'cancelled', roles: REQUESTERS, needsReason: true } as const;

export const TRANSFER_TRANSITIONS: TransitionTable = {
  draft: { request: { to: 'requested', roles: REQUESTERS }, cancel },
  requested: { prepare: { to: 'ready', roles: ['transfer', 'warehouse'] }, cancel },
  ready: {
    ship: { to: 'in_transit', roles: ['shipping'] },
    transfer: { to: 'received', roles: ['transfer'] },
    cancel,
  },
  in_transit: {
    receive: { to: 'received', roles: ['warehouse', 'inventory'] },
    receive_partial: { to: 'partially_received', roles: ['warehouse', 'inventory'] },
  },
  partially_received: { close: { to: 'discrepancy', roles: ['manager'] } },
  discrepancy: { resolve: { to: 'received', roles: ['manager'], needsReason: true } },
};

export const transferMachine = workflowMachine('transfer', 'draft', TRANSFER_TRANSITIONS);

export function allowedTransferActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(TRANSFER_TRANSITIONS, user, doc);
}
