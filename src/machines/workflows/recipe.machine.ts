import {
  actionsFor,
  notSubmitter,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './document-workflow.ts';

// A recipe's lifecycle (docs/domain/production.md §3.1): draft → pending_approval → approved
// (maker-checker: the approver is not the submitter) | back to draft with a reason; approved →
// archived. The server's approve effect archives the code's previous approved version and repoints
// its products. Approved recipes are immutable: a change is a new version of the code.

/**
 * A recipe promoted from R&D with a new bulk liquid uses that product while its product change
 * request waits (the product reserved as pending_approval, docs/domain/rd.md §7 decision): the
 * recipe may be drafted and submitted, but not approved until the product approvers made it active.
 * The server reads `product_status` beside the recipe; a doc without it is not refused here.
 */
const productApproved = (_user: WorkflowUser, doc: WorkflowDoc) =>
  doc.product_status === 'pending_approval'
    ? `The bulk liquid ${doc.product_sku ?? ''} is not active yet: its product change request must be approved first`
    : null;

export const RECIPE_TRANSITIONS: TransitionTable = {
  draft: {
    submit: { to: 'pending_approval', roles: ['recipes', 'supervisor_batcher'] },
  },
  pending_approval: {
    approve: {
      to: 'approved',
      roles: ['recipe_approval'],
      guard: (user, doc) => notSubmitter(user, doc) ?? productApproved(user, doc),
    },
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

// The facts of this document its guards read (document-workflow.ts, WorkflowDoc).
declare module './document-workflow.ts' {
  interface WorkflowDoc {
    /** A recipe's bulk liquid: its status and SKU (approval waits for pending_approval). */
    readonly product_status?: string | null;
    readonly product_sku?: string | null;
  }
}
