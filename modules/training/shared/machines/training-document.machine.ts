import { ACCESS_TABLE } from '../../../../src/domain/access.ts';
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

// A training document revision (docs/domain/training.md §8), shared by the server (decides) and the
// browser (buttons): a draft is approved, then made effective, which supersedes the code's
// previous effective revision (the server does that, and re-assigns the people who completed
// it); an effective or approved revision may be made obsolete, with a reason. Superseded is
// never sent: only a newer revision becoming effective leads there.

const CHANGERS = ACCESS_TABLE.training_change.roles;

export const TRAINING_DOCUMENT_TRANSITIONS: TransitionTable = {
  draft: { approve: { to: 'approved', roles: CHANGERS } },
  approved: {
    make_effective: { to: 'effective', roles: CHANGERS, confirm: true },
    obsolete: { to: 'obsolete', roles: CHANGERS, needsReason: true },
  },
  effective: { obsolete: { to: 'obsolete', roles: CHANGERS, needsReason: true } },
};

export const trainingDocumentMachine = workflowMachine(
  'trainingDocument',
  'draft',
  TRAINING_DOCUMENT_TRANSITIONS,
);

export function decideTrainingDocument(
  event: string,
  user: WorkflowUser,
  doc: WorkflowDoc,
): Decision {
  return decide(trainingDocumentMachine, TRAINING_DOCUMENT_TRANSITIONS, event, user, doc);
}

/** The buttons of a revision: only those the person's roles may press (trainers read). */
export function allowedTrainingDocumentActions(
  doc: WorkflowDoc,
  user: WorkflowUser,
): ActionState[] {
  return actionsFor(TRAINING_DOCUMENT_TRANSITIONS, user, doc).filter((a) => !a.forbidden);
}
