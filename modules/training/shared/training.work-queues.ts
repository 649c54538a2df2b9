import { ACCESS_TABLE } from '../../../src/domain/access.ts';
import { TRAININGS } from './entities/trainings.entity.ts';
import { allowedTrainingActions, TRAINING_TRANSITIONS } from './machines/training.machine.ts';
import type { WorkQueue } from '../../../src/machines/workflows/work-queue.ts';

// Training's work queues (work-queues.ts): QA's and the training supervisor's verifications,
// a decision of the approval inbox; each person's own trainings due on their home page, and
// apart from them those they signed that wait for the trainer; everyone's overdue trainings
// for the training supervisor who chases them; the trainers' signed trainings to score.

export const TRAINING_QUEUES: readonly WorkQueue[] = [
  {
    key: 'training_verifications',
    group: 'approvals',
    title: 'Trainings to verify',
    roles: TRAINING_TRANSITIONS.completed?.verify?.roles ?? [],
    admin: true,
    page: '/training/trainings',
    open: (id) => `/training/trainings?open=${id}`,
    live: { channel: TRAININGS.channel, event: TRAININGS.event },
    decision: {
      module: 'training',
      kind: 'Training',
      entity: TRAININGS,
      events: ['verify'],
      actions: allowedTrainingActions,
    },
  },
  {
    key: 'trainings_due',
    group: 'trainings',
    title: 'My trainings due',
    roles: ACCESS_TABLE.training_self.roles,
    admin: false,
    page: '/training/trainings',
    open: (id) => `/training/trainings?open=${id}`,
    live: { channel: 'private-users.{me}', event: TRAININGS.event },
  },
  {
    key: 'trainings_signed',
    group: 'trainings',
    title: 'Signed, waiting for the trainer',
    roles: ACCESS_TABLE.training_self.roles,
    admin: false,
    page: '/training/trainings',
    open: (id) => `/training/trainings?open=${id}`,
    live: { channel: 'private-users.{me}', event: TRAININGS.event },
  },
  {
    key: 'trainings_overdue',
    group: 'follow_up',
    title: 'Overdue trainings',
    roles: ACCESS_TABLE.training_admin.roles,
    admin: false,
    page: '/training/trainings',
    open: (id) => `/training/trainings?open=${id}`,
    live: { channel: TRAININGS.channel, event: TRAININGS.event },
  },
  {
    key: 'trainings_to_score',
    group: 'scoring',
    title: 'Signed trainings to score',
    roles: TRAINING_TRANSITIONS.in_progress?.complete?.roles ?? [],
    admin: false,
    page: '/training/trainings',
    open: (id) => `/training/trainings?open=${id}`,
    live: { channel: TRAININGS.channel, event: TRAININGS.event },
  },
];
