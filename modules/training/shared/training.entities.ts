import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import { TRAINING_CATEGORIES } from './entities/training-categories.entity.ts';
import { TRAINING_DOCUMENTS } from './entities/training-documents.entity.ts';
import { TRAINING_LOGS } from './entities/training-logs.entity.ts';
import {
  TRAINING_PROJECT_DOCUMENTS,
  TRAINING_PROJECTS,
} from './entities/training-projects.entity.ts';
import { TRAINING_SETTINGS } from './entities/training-settings.entity.ts';
import { MY_TRAININGS, TRAININGS } from './entities/trainings.entity.ts';

/** Training's declared entities (docs/domain/training.md §8). */
export const entities: readonly EntityDeclaration[] = [
  TRAINING_CATEGORIES,
  TRAINING_DOCUMENTS,
  TRAINING_PROJECTS,
  TRAINING_PROJECT_DOCUMENTS,
  TRAININGS,
  MY_TRAININGS,
  TRAINING_LOGS,
  TRAINING_SETTINGS,
];
