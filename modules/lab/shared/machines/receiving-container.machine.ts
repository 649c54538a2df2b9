import {
  actionsFor,
  decide,
  workflowMachine,
  type ActionState,
  type Decision,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from '../../../../src/machines/workflows/document-workflow.ts';

// A lab receiving container after its lot is released (docs/domain/lab-receiving.md §10
// receiving_containers): released → in_use → empty → disposed. The lab receiving moves it up to
// released; the first batching pick of its lot puts it in use (the server does that with the pick:
// no one sends it); the supervisor then marks it empty and disposes of it. The server runs this
// machine; the container's form asks it which buttons to show.

/** The last open container of a lot that still has stock cannot be empty: the books say not. */
const emptiable = (_user: WorkflowUser, doc: WorkflowDoc) => doc.empty_blocker ?? null;

export const RECEIVING_CONTAINER_TRANSITIONS: TransitionTable = {
  in_use: {
    mark_empty: { to: 'empty', roles: ['supervisor'], guard: emptiable },
  },
  empty: {
    // For good: a disposed container is gone from the plant, its row kept for the record.
    dispose: { to: 'disposed', roles: ['supervisor'], confirm: true },
  },
};

export const receivingContainerMachine = workflowMachine(
  'receivingContainer',
  'in_use',
  RECEIVING_CONTAINER_TRANSITIONS,
);

/** The status `event` leads a container to for `user`, or why not (403 role, 422 guard). */
export function decideContainer(event: string, user: WorkflowUser, doc: WorkflowDoc): Decision {
  return decide(receivingContainerMachine, RECEIVING_CONTAINER_TRANSITIONS, event, user, doc);
}

export function allowedContainerActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(RECEIVING_CONTAINER_TRANSITIONS, user, doc);
}

// The facts of this document its guards read (document-workflow.ts, WorkflowDoc).
declare module '../../../../src/machines/workflows/document-workflow.ts' {
  interface WorkflowDoc {
    /** Why a container in use cannot be marked empty (the last one of a lot with stock), or null. */
    readonly empty_blocker?: string | null;
  }
}
