import {
  actionsFor,
  notSubmitter,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './stock-workflow.ts';

// A recipe's lifecycle (domain.md §3.1): draft → pending_approval → approved (maker-checker:
// the approver is not the submitter) | back to draft with a reason; approved → archived. The
// server's approve effect archives the code's previous approved version and repoints its
// products. Approved recipes are immutable: a change is a new version of the code.

export const RECIPE_TRANSITIONS: TransitionTable = {
  draft: {
    submit: { to: 'pending_approval', roles: ['recipes', 'supervisor_batcher'] },
  },
  pending_approval: {
    approve: { to: 'approved', roles: ['recipe_approval'], guard: notSubmitter },
    reject: { to: 'draft', roles: ['recipe_approval'], guard: notSubmitter, needsReason: true },
  },
  approved: {
    archive: { to: 'archived', roles: ['recipes'] },
  },
};

export const recipeMachine = workflowMachine('recipe', 'draft', RECIPE_TRANSITIONS);

export function allowedRecipeActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(RECIPE_TRANSITIONS, user, doc);
}

/** Who writes draft recipes (and submits them); admin always may. */
export const RECIPE_EDITORS = RECIPE_TRANSITIONS.draft?.submit?.roles ?? [];
