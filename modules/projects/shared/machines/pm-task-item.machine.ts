import { ACCESS_TABLE } from '../../../../src/domain/access.ts';
import {
  factOf,
  workflowMachine,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from '../../../../src/machines/workflows/document-workflow.ts';

// A task item's tick (docs/domain/projects.md §9): open ⇄ done. Items of a task that is done or
// cancelled stay as they are, so a done task never has an open item (reopen the task first).

const MANAGERS = ACCESS_TABLE.projects.roles;

/** What the server computes beside the item: its task is done or cancelled. */
export type TaskItemFacts = { readonly task_closed?: boolean | number | null };

const taskOpen = (_user: WorkflowUser, doc: WorkflowDoc): string | null =>
  factOf((doc as WorkflowDoc & TaskItemFacts).task_closed) === true
    ? 'The task is done or cancelled: reopen it to change its items'
    : null;

export const TASK_ITEM_TRANSITIONS: TransitionTable = {
  open: { tick: { to: 'done', roles: MANAGERS, guard: taskOpen } },
  done: { untick: { to: 'open', roles: MANAGERS, guard: taskOpen } },
};

export const taskItemMachine = workflowMachine('pmTaskItem', 'open', TASK_ITEM_TRANSITIONS);
