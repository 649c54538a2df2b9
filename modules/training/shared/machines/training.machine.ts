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

// One training of one trainee on one document revision (docs/domain/training.md §8), shared by the
// server (decides) and the browser (buttons). The trainee opens the revision's file from the
// training (recorded, the status unchanged), then signs it with their typed name (assigned →
// in_progress; an overdue one stays overdue): a revision with a file is never signed unread; a trainer records the score, which completes it
// at or above the pass mark and fails it below; QA verifies a completed one, never the trainer
// who scored it; a failed one is assigned again; the change roles cancel with a reason. The
// nightly job marks open trainings overdue and re-assigns verified ones due for retraining.

const TRAINERS = ACCESS_TABLE.training_trainer.roles;
const CHANGERS = ACCESS_TABLE.training_change.roles;
const VERIFIERS = ['qa_manager', 'training_supervisor'] as const;
/** Every role may sign: whether it is the signer's own training is the guard's. */
const TRAINEES = ACCESS_TABLE.training_self.roles;

/** What the guards read of a training beside its status (trainings.entity.ts). */
export type TrainingFacts = {
  readonly trainee_id?: number;
  readonly trainer_id?: number | null;
  readonly signed_at?: string | null;
  /** The revision's file (its download token), null when the revision has none. */
  readonly document_file_token?: string | null;
  /** When the trainee first opened that file from the training. */
  readonly document_opened_at?: string | null;
  /** The score the trainer sends with the event, and the pass mark it is held against. */
  readonly score?: number | null;
  readonly pass_mark?: number | null;
};

const facts = (doc: WorkflowDoc) => doc as WorkflowDoc & TrainingFacts;

const ownTraining = (user: WorkflowUser, doc: WorkflowDoc) =>
  facts(doc).trainee_id === user.id ? null : 'Only the trainee signs their own training';

/** A revision without a file has nothing to open: its trainee signs on what they were shown. */
const documentOpened = (doc: WorkflowDoc) =>
  facts(doc).document_file_token && !facts(doc).document_opened_at
    ? 'Open the document before you sign'
    : null;

const notSignedYet = (user: WorkflowUser, doc: WorkflowDoc) =>
  ownTraining(user, doc) ??
  (facts(doc).signed_at ? 'You have already signed this training' : null) ??
  documentOpened(doc);

const signedByTrainee = (doc: WorkflowDoc) =>
  facts(doc).signed_at ? null : 'The trainee has not signed this training yet';

/** Whether the score passes; undefined while no score is known (the button asks for one). */
export function scorePasses(doc: TrainingFacts): boolean | undefined {
  if (doc.score == null || doc.pass_mark == null) return undefined;
  return doc.score >= doc.pass_mark;
}

const notOwnScore = (user: WorkflowUser, doc: WorkflowDoc) =>
  facts(doc).trainee_id === user.id ? 'You cannot score your own training' : null;

const passes = (user: WorkflowUser, doc: WorkflowDoc) =>
  signedByTrainee(doc) ??
  notOwnScore(user, doc) ??
  (scorePasses(facts(doc)) === false ? 'The score is below the pass mark' : null);

const fails = (user: WorkflowUser, doc: WorkflowDoc) =>
  signedByTrainee(doc) ??
  notOwnScore(user, doc) ??
  (scorePasses(facts(doc)) === true ? 'The score reaches the pass mark' : null);

/** Maker-checker: the trainer who scored it, or the trainee, never verifies it. */
const notTrainer = (user: WorkflowUser, doc: WorkflowDoc) => {
  if (facts(doc).trainer_id === user.id)
    return 'You recorded this training: another person verifies it';
  if (facts(doc).trainee_id === user.id) return 'You cannot verify your own training';
  return null;
};

const SIGN = { roles: TRAINEES, guard: notSignedYet };
/** Opening keeps the status: only its moment is recorded, and the log says so. */
const open = (status: string) => ({ to: status, roles: TRAINEES, guard: ownTraining });
const COMPLETE = { to: 'completed', roles: TRAINERS, guard: passes };
const FAIL = { to: 'failed', roles: TRAINERS, guard: fails };
const CANCEL = { to: 'cancelled', roles: CHANGERS, needsReason: true };

export const TRAINING_TRANSITIONS: TransitionTable = {
  assigned: { open: open('assigned'), sign: { to: 'in_progress', ...SIGN }, cancel: CANCEL },
  in_progress: { open: open('in_progress'), complete: COMPLETE, fail: FAIL, cancel: CANCEL },
  overdue: {
    open: open('overdue'),
    sign: { to: 'overdue', ...SIGN },
    complete: COMPLETE,
    fail: FAIL,
    cancel: CANCEL,
  },
  completed: { verify: { to: 'verified', roles: VERIFIERS, guard: notTrainer } },
  failed: { reassign: { to: 'assigned', roles: TRAINERS }, cancel: CANCEL },
  verified: { retrain: { to: 'assigned', roles: CHANGERS } },
};

export const trainingMachine = workflowMachine('training', 'assigned', TRAINING_TRANSITIONS);

/**
 * The status a training event leads to, or why not. A trainer records a result as `complete`:
 * a score below the pass mark makes it `fail` (docs/domain/training.md §8: completed needs score ≥
 * pass mark, else failed), so the person sends one event and the machine decides which it is.
 */
export function decideTraining(
  event: string,
  user: WorkflowUser,
  doc: WorkflowDoc & TrainingFacts,
): Decision & { event: string } {
  const taken = event === 'complete' && scorePasses(doc) === false ? 'fail' : event;
  return { ...decide(trainingMachine, TRAINING_TRANSITIONS, taken, user, doc), event: taken };
}

/** Whether `user` may open the training's file from it now (the Open document button). */
export function mayOpenTrainingDocument(doc: WorkflowDoc, user: WorkflowUser): boolean {
  return (
    Boolean(facts(doc).document_file_token) &&
    actionsFor(TRAINING_TRANSITIONS, user, doc).some((a) => a.event === 'open' && a.allowed)
  );
}

/**
 * The buttons of a training; `fail` is `complete` with a low score, and `open` is the document's
 * own button (it downloads the file first), so neither has one. Only those the person's roles
 * may press are offered (a trainer neither verifies nor cancels).
 */
export function allowedTrainingActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(TRAINING_TRANSITIONS, user, doc).filter(
    (a) => a.event !== 'fail' && a.event !== 'open' && !a.forbidden,
  );
}
