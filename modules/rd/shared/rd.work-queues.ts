import { ACCESS_TABLE } from '../../../src/domain/access.ts';
import { RD_PROJECTS } from './entities/rd-projects.entity.ts';
import { RD_SAMPLES } from './entities/rd-samples.entity.ts';
import { allowedRdProjectActions, RD_PROJECT_TRANSITIONS } from './machines/rd-project.machine.ts';
import { allowedRdSampleActions, RD_SAMPLE_TRANSITIONS } from './machines/rd-sample.machine.ts';
import type { WorkQueue } from '../../../src/machines/workflows/work-queue.ts';

// R&D's decisions in "My work" and the approval inbox (work-queues.ts): projects submitted for
// the supervisor's approval, and samples whose feedback is in, waiting for the supervisor's
// decision (approve, reject, ask for a revision). Then each sample at the step of the role
// that takes it: the flavorist develops, QC specifies and sends, the evaluators evaluate,
// recipes promotes what was approved. Their rows are queried in
// server/http/routes/my-work/my-work.queries.ts under the same keys.

/** The roles of the events that move a sample on from any of `statuses`. */
const sampleStepRoles = (...steps: [status: string, event: string][]) => [
  ...new Set(
    steps.flatMap(([status, event]) => RD_SAMPLE_TRANSITIONS[status]?.[event]?.roles ?? []),
  ),
];

const sampleStep = (
  key: string,
  title: string,
  roles: readonly string[],
  open: (id: number) => string,
): WorkQueue => ({
  key,
  group: 'samples',
  title,
  roles,
  admin: false,
  page: '/rd/samples',
  open,
  live: live(RD_SAMPLES),
});

const develop = (id: number) => `/rd/sample/develop/${id}`;

const live = (entity: { channel: string; event: string }) => ({
  channel: entity.channel,
  event: entity.event,
});

export const RD_QUEUES: readonly WorkQueue[] = [
  {
    key: 'rd_projects',
    group: 'approvals',
    title: 'R&D projects to approve',
    roles: RD_PROJECT_TRANSITIONS.submitted?.approve?.roles ?? [],
    admin: true,
    page: '/rd/projects',
    open: (id) => `/rd/project/${id}`,
    live: live(RD_PROJECTS),
    decision: {
      module: 'rd',
      kind: 'R&D project',
      entity: RD_PROJECTS,
      events: ['approve', 'reject'],
      actions: allowedRdProjectActions,
    },
  },
  {
    key: 'rd_samples',
    group: 'approvals',
    title: 'Samples to decide',
    roles: RD_SAMPLE_TRANSITIONS.feedback_received?.approve?.roles ?? [],
    admin: true,
    page: '/rd/samples',
    open: (id) => `/rd/sample/develop/${id}`,
    live: live(RD_SAMPLES),
    decision: {
      module: 'rd',
      kind: 'Sample',
      entity: RD_SAMPLES,
      events: ['approve', 'reject', 'request_revision'],
      actions: allowedRdSampleActions,
    },
  },
  sampleStep(
    'samples_to_develop',
    'Samples to develop',
    sampleStepRoles(['requested', 'start_develop'], ['in_preparation', 'prepare']),
    develop,
  ),
  sampleStep(
    'samples_to_specify',
    'Prepared samples to specify and send',
    sampleStepRoles(['prepared', 'send']),
    (id) => `/rd/sample/specifications/${id}`,
  ),
  sampleStep(
    'samples_to_evaluate',
    'Samples to evaluate',
    sampleStepRoles(['sent', 'start_evaluation'], ['in_evaluation', 'evaluate']),
    develop,
  ),
  {
    ...sampleStep(
      'samples_to_promote',
      'Approved samples to promote',
      ACCESS_TABLE.rd_recipe_change.roles,
      () => '/rd/recipes',
    ),
    page: '/rd/recipes',
  },
];
