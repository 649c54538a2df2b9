import {
  actionsFor,
  decide,
  workflowMachine,
  type ActionState,
  type Decision,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './document-workflow.ts';

// A stamp reel's lifecycle (docs/domain/production.md §3.2). A received reel waits for another
// person (maker-checker: not the one who received it) to approve or reject its receipt; approving
// puts its stamps on the reel ledger. An available reel may be declared lost or adjusted with
// a reason. Requesting, issuing and using reels belong to stamping orders, which move the
// reel through the ledger (server/db/stamp-reels/reel-ledger.ts), not through these events.

/** Maker-checker on a reel: the one who received it (created the row) may not decide it. */
export const notReceiver = (user: WorkflowUser, doc: WorkflowDoc) =>
  doc.created_by != null && doc.created_by === user.id
    ? 'You received this reel: another person must approve or reject it'
    : null;

export const STAMP_REEL_TRANSITIONS: TransitionTable = {
  received: {
    approve_receipt: {
      to: 'available',
      roles: ['manager', 'stamp_inventory'],
      guard: notReceiver,
    },
    reject_receipt: {
      to: 'rejected',
      roles: ['manager', 'stamp_inventory'],
      guard: notReceiver,
      needsReason: true,
    },
  },
  available: {
    mark_lost: { to: 'lost', roles: ['stamp_inventory', 'manager'], needsReason: true },
    adjust: { to: 'available', roles: ['stamp_inventory'], needsReason: true },
  },
};

export const stampReelMachine = workflowMachine('stamp_reel', 'received', STAMP_REEL_TRANSITIONS);

/** The status `event` leads a reel to for `user`, or why not (403 role, 422 guard). */
export function decideStampReel(event: string, user: WorkflowUser, doc: WorkflowDoc): Decision {
  return decide(stampReelMachine, STAMP_REEL_TRANSITIONS, event, user, doc);
}

export function allowedStampReelActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(STAMP_REEL_TRANSITIONS, user, doc);
}

/** Who edits a reel after its receipt is decided: location and note only. */
export function reelIsLimited(status: string): boolean {
  return status !== 'received';
}
