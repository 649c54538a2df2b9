import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import { TRAINING_CATEGORIES } from './training/training-categories.entity.ts';
import { TRAINING_DOCUMENTS } from './training/training-documents.entity.ts';
import { TRAINING_LOGS } from './training/training-logs.entity.ts';
import {
  TRAINING_PROJECT_DOCUMENTS,
  TRAINING_PROJECTS,
} from './training/training-projects.entity.ts';
import { TRAINING_SETTINGS } from './training/training-settings.entity.ts';
import { MY_TRAININGS, TRAININGS } from './training/trainings.entity.ts';

/** Training's declared entities (docs/domain/training.md §8). */
export const TRAINING_ENTITIES: readonly EntityDeclaration[] = [
  TRAINING_CATEGORIES,
  TRAINING_DOCUMENTS,
  TRAINING_PROJECTS,
  TRAINING_PROJECT_DOCUMENTS,
  TRAININGS,
  MY_TRAININGS,
  TRAINING_LOGS,
  TRAINING_SETTINGS,
];
