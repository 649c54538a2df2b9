import {
  actionsFor,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './document-workflow.ts';

// A skid of finished cases (docs/domain/production.md §3.1): the transfer crew loads it while open,
// closes it (wrapped, ready to travel) and may reopen it until it is put on a transfer; an empty
// skid that came back from a distribution centre is returned to the floor, open again. The transfer
// moves it on: closed → in_transfer when shipped, → received when received (server, not a person).

/** Who loads, closes and reopens skids (decision: the transfer crew and its supervisor). */
export const SKID_LOADERS = ['transfer', 'supervisor_production'] as const;

/** What a skid's guards read beyond its status. */
export type SkidDoc = WorkflowDoc & {
  /** Items loaded and not yet sent on a transfer. */
  readonly item_count?: number;
  readonly transfer_id?: number | null;
};

const skidOf = (doc: WorkflowDoc) => doc as SkidDoc;

export const SKID_TRANSITIONS: TransitionTable = {
  open: {
    close: {
      to: 'closed',
      roles: SKID_LOADERS,
      guard: (_user, doc) =>
        (skidOf(doc).item_count ?? 0) > 0 ? null : 'Load the skid before closing it',
    },
  },
  closed: {
    reopen: {
      to: 'open',
      roles: SKID_LOADERS,
      guard: (_user, doc) =>
        skidOf(doc).transfer_id ? 'The skid is on a transfer: cancel the transfer first' : null,
    },
  },
  received: { return: { to: 'open', roles: SKID_LOADERS } },
};

export const skidMachine = workflowMachine('skid', 'open', SKID_TRANSITIONS);

export function allowedSkidActions(doc: SkidDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(SKID_TRANSITIONS, user, doc);
}
