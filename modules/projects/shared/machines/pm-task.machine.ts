import { ACCESS_TABLE } from '../../../../src/domain/access.ts';
import {
  actionsFor,
  factOf,
  workflowMachine,
  type ActionState,
  type TransitionRule,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from '../../../../src/machines/workflows/document-workflow.ts';

// A task's lifecycle (docs/domain/projects.md §9), shared by server and browser: todo → in_progress
// ⇄ blocked → done (reopen → in_progress) | cancelled. Nothing moves once its project is
// completed or cancelled; a task is done only when each of its items is ticked done.

const MANAGERS = ACCESS_TABLE.projects.roles;

/** What the server computes beside the task (pm-tasks.entity.ts). */
export type TaskFacts = {
  readonly open_items?: number | null;
  readonly project_closed?: boolean | number | null;
};

const facts = (doc: WorkflowDoc) => doc as WorkflowDoc & TaskFacts;

const projectOpen = (_user: WorkflowUser, doc: WorkflowDoc): string | null =>
  factOf(facts(doc).project_closed) === true
    ? 'The project is completed or cancelled: its tasks no longer change'
    : null;

/** Why a task cannot be done yet (items still open, or its project closed), or null. */
export const everyItemDone = (user: WorkflowUser, doc: WorkflowDoc): string | null => {
  const closed = projectOpen(user, doc);
  if (closed) return closed;
  const open = Number(facts(doc).open_items ?? 0);
  if (open <= 0) return null;
  return open === 1
    ? '1 item is still open: tick it done first'
    : `${open} items are still open: tick them done first`;
};

const rule = (to: string, extra: Partial<TransitionRule> = {}): TransitionRule => ({
  to,
  roles: MANAGERS,
  guard: projectOpen,
  ...extra,
});

const cancel = rule('cancelled', { needsReason: true, confirm: true });

export const TASK_TRANSITIONS: TransitionTable = {
  todo: { start: rule('in_progress'), cancel },
  in_progress: {
    block: rule('blocked'),
    finish: rule('done', { guard: everyItemDone }),
    cancel,
  },
  blocked: { unblock: rule('in_progress'), cancel },
  done: { reopen: rule('in_progress') },
};

export const taskMachine = workflowMachine('pmTask', 'todo', TASK_TRANSITIONS);

export function allowedTaskActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(TASK_TRANSITIONS, user, doc);
}
