import { ACCESS_TABLE } from '../../../../src/domain/access.ts';
import {
  actionsFor,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from '../../../../src/machines/workflows/document-workflow.ts';

// R&D project (docs/domain/rd.md §7), shared by the server (decides) and the browser (buttons). The
// requester drafts and submits; the supervisor approves or rejects it. The first sample the
// supervisor requests moves an approved project to in_development (the server does it, no
// event); it completes once a sample is approved. The supervisor may hold, resume (back to
// approved, and on to in_development when it has samples) and cancel it with a reason.

const REQUESTER = ['rd_requester'];
const SUPERVISOR = ['rd_supervisor'];

/** Every R&D projects role: the requester and the supervisor. */
export const RD_PROJECT_ROLES = ACCESS_TABLE.rd_projects.roles;

/** The facts the server computes beside the project (rd-projects.entity.ts). */
export type RdProjectFacts = { readonly approved_samples?: number | null };

const hasApprovedSample = (_user: WorkflowUser, doc: WorkflowDoc) =>
  Number((doc as WorkflowDoc & RdProjectFacts).approved_samples ?? 0) > 0
    ? null
    : 'No sample of this project is approved yet';

const cancel = { to: 'cancelled', roles: SUPERVISOR, needsReason: true } as const;
const hold = { to: 'on_hold', roles: SUPERVISOR, needsReason: true } as const;

export const RD_PROJECT_TRANSITIONS: TransitionTable = {
  draft: { submit: { to: 'submitted', roles: REQUESTER }, cancel },
  submitted: {
    approve: { to: 'approved', roles: SUPERVISOR },
    reject: { to: 'rejected', roles: SUPERVISOR, needsReason: true },
    cancel,
  },
  approved: { hold, cancel },
  in_development: {
    complete: { to: 'completed', roles: SUPERVISOR, guard: hasApprovedSample, confirm: true },
    hold,
    cancel,
  },
  on_hold: { resume: { to: 'approved', roles: SUPERVISOR }, cancel },
};

/** Statuses a project takes samples in (the supervisor requests them). */
export const RD_PROJECT_SAMPLING = ['approved', 'in_development'] as const;

export const rdProjectMachine = workflowMachine('rdProject', 'draft', RD_PROJECT_TRANSITIONS);

export function allowedRdProjectActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(RD_PROJECT_TRANSITIONS, user, doc);
}
