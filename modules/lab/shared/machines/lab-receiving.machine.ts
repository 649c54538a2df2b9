import {
  actionsFor,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from '../../../../src/machines/workflows/document-workflow.ts';

// Lab receiving (docs/domain/lab-receiving.md §10): draft → received (warehouse; containers made, Σ
// net = qty) → inspected | rejected (supervisor; a nicotine item needs its CoA, every item a
// resolved flashpoint class) → posted (supervisor; quarantine lot, `receipt` movements) → released
// (supervisor; the lot leaves quarantine only then). Rejected before posting puts nothing in
// stock (decision). The server runs this machine; the browser asks it which buttons to show.

const inspectable = (_user: WorkflowUser, doc: WorkflowDoc) => doc.inspection_blocker ?? null;

export const LAB_RECEIVING_TRANSITIONS: TransitionTable = {
  draft: {
    receive: { to: 'received', roles: ['warehouse'], confirm: true },
  },
  received: {
    inspect: { to: 'inspected', roles: ['supervisor'], guard: inspectable },
    reject: { to: 'rejected', roles: ['supervisor'], needsReason: true },
  },
  inspected: {
    post: { to: 'posted', roles: ['supervisor'], confirm: true },
    reject: { to: 'rejected', roles: ['supervisor'], needsReason: true },
  },
  posted: {
    release: { to: 'released', roles: ['supervisor'], confirm: true },
  },
};

export const labReceivingMachine = workflowMachine(
  'labReceiving',
  'draft',
  LAB_RECEIVING_TRANSITIONS,
);

export function allowedLabReceivingActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(LAB_RECEIVING_TRANSITIONS, user, doc);
}

// The facts of this document its guards read (document-workflow.ts, WorkflowDoc).
declare module '../../../../src/machines/workflows/document-workflow.ts' {
  interface WorkflowDoc {
    /** Why a lab receiving cannot be inspected yet (a nicotine item without its CoA), or null. */
    readonly inspection_blocker?: string | null;
  }
}
