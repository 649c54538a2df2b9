import { ACCESS_TABLE } from '../../../../src/domain/access.ts';
import {
  actionsFor,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from '../../../../src/machines/workflows/document-workflow.ts';

// A project's lifecycle (docs/domain/projects.md §9), shared by the server (decides) and the
// browser (buttons): planned → active ⇄ on_hold → completed | cancelled. Completing waits until
// every task is done or cancelled, and says how many are not; cancelling needs a reason.

const MANAGERS = ACCESS_TABLE.projects.roles;

/** What the server computes beside the project (pm-projects.entity.ts). */
export type ProjectFacts = { readonly open_tasks?: number | null };

/** Why a project cannot be completed yet, or null. */
export const everyTaskFinished = (_user: WorkflowUser, doc: WorkflowDoc): string | null => {
  const open = Number((doc as WorkflowDoc & ProjectFacts).open_tasks ?? 0);
  if (open <= 0) return null;
  return open === 1
    ? '1 task is neither done nor cancelled: finish or cancel it first'
    : `${open} tasks are neither done nor cancelled: finish or cancel them first`;
};

const cancel = { to: 'cancelled', roles: MANAGERS, needsReason: true, confirm: true } as const;

export const PROJECT_TRANSITIONS: TransitionTable = {
  planned: { start: { to: 'active', roles: MANAGERS }, cancel },
  active: {
    hold: { to: 'on_hold', roles: MANAGERS },
    complete: { to: 'completed', roles: MANAGERS, guard: everyTaskFinished, confirm: true },
    cancel,
  },
  on_hold: { resume: { to: 'active', roles: MANAGERS }, cancel },
};

export const projectMachine = workflowMachine('pmProject', 'planned', PROJECT_TRANSITIONS);

export function allowedProjectActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(PROJECT_TRANSITIONS, user, doc);
}
