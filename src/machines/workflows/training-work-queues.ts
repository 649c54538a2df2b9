import { ACCESS_TABLE } from '../../domain/access.ts';
import { TRAININGS } from '../../domain/entities/training/trainings.entity.ts';
import { allowedTrainingActions, TRAINING_TRANSITIONS } from './training.machine.ts';
import type { WorkQueue } from './work-queues.ts';

// Training's work queues (work-queues.ts): QA's and the training supervisor's verifications,
// a decision of the approval inbox, and each person's own trainings due on their home page.

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
];
