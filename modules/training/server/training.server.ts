import type { FastifyInstance } from 'fastify';
import { TRAINING_SETTINGS } from '../shared/entities/training-settings.entity.ts';
import type { AppDeps } from '../../../server/app-deps.ts';
import type { ServerModule } from '../../../server/server-modules.ts';
import { registerEntityRoutes } from '../../../server/http/entity/entity-routes.ts';
import { registerSettingsRoutes } from '../../general/server/routes/settings.binding.ts';
import { registerDocumentEventRoutes } from './routes/document-events.routes.ts';
import { registerDocumentRevisionRoutes } from './routes/document-revision.routes.ts';
import { registerMyTrainingRoutes } from './routes/my-trainings.routes.ts';
import { startNightlyTraining } from './routes/nightly-scheduler.ts';
import { registerTrainingAssignRoutes } from './routes/training-assign.routes.ts';
import {
  categoriesBinding,
  documentsBinding,
  logsBinding,
  projectDocumentsBinding,
  projectsBinding,
} from './routes/training-bindings.ts';
import { registerTrainingEventRoutes } from './routes/training-events.routes.ts';
import { trainingsBinding } from './routes/trainings.binding.ts';
import { seedDemoTraining } from './demo-training.ts';
import { trainingDocumentHolder } from './training-attachments.ts';
import { trainingCrew } from './training-crew.ts';
import { TRAINING_QUEUE_QUERIES } from './training.queue-queries.ts';
import { TRAINING_QUEUES } from '../shared/training.work-queues.ts';

// Training (docs/domain/training.md §8): categories, document revisions and their workflow,
// curricula and their assignment, trainings (everyone's for trainers and QA, one's own for
// everyone) with their workflow, the log, the `training.*` settings, and the nightly overdue and
// retraining pass. Live on private-training (training.assigned, training.updated,
// document.effective).

function registerTrainingRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEntityRoutes(app, deps, categoriesBinding);
  const documents = registerEntityRoutes(app, deps, documentsBinding);
  const projects = registerEntityRoutes(app, deps, projectsBinding);
  registerEntityRoutes(app, deps, projectDocumentsBinding);
  const trainings = registerEntityRoutes(app, deps, trainingsBinding);
  registerEntityRoutes(app, deps, logsBinding);
  registerSettingsRoutes(app, deps, TRAINING_SETTINGS, 'training');
  registerDocumentEventRoutes(app, deps, documents, trainings);
  registerDocumentRevisionRoutes(app, deps, documents);
  registerTrainingAssignRoutes(app, deps, trainings, projects);
  registerTrainingEventRoutes(app, deps, trainings);
  registerMyTrainingRoutes(app, deps, trainings);
  if (deps.config.PLANTLINE_NIGHTLY) startNightlyTraining(app, deps, trainings);
}

/**
 * Training on the server: its routes and nightly pass, its "My work" queues' rows, who reads a
 * revision's file, its demo documents and trainings, and its trainers in the plant simulator.
 */
export const serverModule: ServerModule = {
  register: registerTrainingRoutes,
  seedDemo: (tx) => seedDemoTraining(tx),
  workQueues: TRAINING_QUEUES,
  queueQueries: TRAINING_QUEUE_QUERIES,
  attachmentHolders: [trainingDocumentHolder],
  crew: trainingCrew,
};
