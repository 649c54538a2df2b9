import {
  actionsFor,
  workflowMachine,
  type ActionState,
  type TransitionRule,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from '../../../../src/machines/workflows/document-workflow.ts';
import { RD_OPEN_SAMPLE_STATUSES } from '../entities/rd-values.ts';

// R&D sample (docs/domain/rd.md §7 table), shared by the server and the browser. The supervisor
// requests it; the flavorist develops it (its project approved) and marks it prepared (the
// ingredients a valid formula); quality control sends it once its specifications are
// complete; the supervisor or quality control evaluate it and close the evaluation once one
// is saved; the supervisor decides: approve, reject, or ask for a revision (the server then
// requests the child sample, iteration + 1). An open sample is cancelled with a reason.

const FLAVORIST = ['rd_flavorist'];
const QC = ['rd_quality_control'];
const SUPERVISOR = ['rd_supervisor'];
const EVALUATORS = ['rd_supervisor', 'rd_quality_control'];

/** The facts the server computes beside the sample (rd-samples.entity.ts). */
export type RdSampleFacts = {
  readonly project_status?: string | null;
  /** Why the ingredients are not a formula yet (`more100%` or a message), or null. */
  readonly formula_problem?: string | null;
  /** Which specifications are still missing, or null when complete. */
  readonly specs_missing?: string | null;
  readonly evaluation_count?: number | null;
};

const facts = (doc: WorkflowDoc) => doc as WorkflowDoc & RdSampleFacts;

const projectApproved = (_user: WorkflowUser, doc: WorkflowDoc) => {
  const status = facts(doc).project_status;
  return status === undefined || status === 'approved' || status === 'in_development'
    ? null
    : `The project is ${String(status).replaceAll('_', ' ')}: it must be approved first`;
};

const formulaValid = (_user: WorkflowUser, doc: WorkflowDoc) => {
  const problem = facts(doc).formula_problem;
  if (!problem) return null;
  return problem === 'more100%' ? 'The ingredients add up to more than 100 %' : problem;
};

const specsComplete = (_user: WorkflowUser, doc: WorkflowDoc) => {
  const missing = facts(doc).specs_missing;
  return missing ? `Specifications missing: ${missing}` : null;
};

const evaluationSaved = (_user: WorkflowUser, doc: WorkflowDoc) =>
  facts(doc).evaluation_count === undefined || Number(facts(doc).evaluation_count) > 0
    ? null
    : 'Save an evaluation first';

const cancel: TransitionRule = { to: 'cancelled', roles: SUPERVISOR, needsReason: true };

const table: Record<string, Record<string, TransitionRule>> = {
  requested: {
    start_develop: { to: 'in_preparation', roles: FLAVORIST, guard: projectApproved },
  },
  in_preparation: {
    prepare: { to: 'prepared', roles: FLAVORIST, guard: formulaValid },
  },
  prepared: { send: { to: 'sent', roles: QC, guard: specsComplete, confirm: true } },
  sent: { start_evaluation: { to: 'in_evaluation', roles: EVALUATORS } },
  in_evaluation: {
    evaluate: { to: 'feedback_received', roles: EVALUATORS, guard: evaluationSaved },
  },
  feedback_received: {
    approve: { to: 'approved', roles: SUPERVISOR, confirm: true },
    reject: { to: 'rejected', roles: SUPERVISOR, needsReason: true },
    request_revision: {
      to: 'revision_requested',
      roles: SUPERVISOR,
      needsReason: true,
      confirm: true,
    },
  },
};
for (const status of RD_OPEN_SAMPLE_STATUSES) table[status] = { ...table[status], cancel };

export const RD_SAMPLE_TRANSITIONS: TransitionTable = table;

export const rdSampleMachine = workflowMachine('rdSample', 'requested', RD_SAMPLE_TRANSITIONS);

export function allowedRdSampleActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(RD_SAMPLE_TRANSITIONS, user, doc);
}
