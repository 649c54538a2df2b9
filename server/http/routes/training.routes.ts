import type { FastifyInstance } from 'fastify';
import { TRAINING_SETTINGS } from '../../../src/domain/entities/training/training-settings.entity.ts';
import type { AppDeps } from '../../app-deps.ts';
import { registerEntityRoutes } from '../entity/entity-routes.ts';
import { registerSettingsRoutes } from './general/settings.binding.ts';
import { registerDocumentEventRoutes } from './training/document-events.routes.ts';
import { registerDocumentRevisionRoutes } from './training/document-revision.routes.ts';
import { registerMyTrainingRoutes } from './training/my-trainings.routes.ts';
import { startNightlyTraining } from './training/nightly-scheduler.ts';
import { registerTrainingAssignRoutes } from './training/training-assign.routes.ts';
import {
  categoriesBinding,
  documentsBinding,
  logsBinding,
  projectDocumentsBinding,
  projectsBinding,
} from './training/training-bindings.ts';
import { registerTrainingEventRoutes } from './training/training-events.routes.ts';
import { trainingsBinding } from './training/trainings.binding.ts';

// Training (docs/domain/training.md §8): categories, document revisions and their workflow,
// curricula and their assignment, trainings (everyone's for trainers and QA, one's own for
// everyone) with their workflow, the log, the `training.*` settings, and the nightly overdue and
// retraining pass. Live on private-training (training.assigned, training.updated,
// document.effective).

export function registerTrainingRoutes(app: FastifyInstance, deps: AppDeps): void {
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
