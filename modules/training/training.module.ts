import type { ModuleManifest } from '../../src/domain/module-manifest.ts';
import { TRAINING_ROUTES } from './shared/training.route-tree.ts';

/** Training (docs/domain/training.md): documents and their revisions, curricula, trainings. */
export const TRAINING_MODULE = {
  name: 'training',
  dependsOn: ['general', 'my-work'],
  routes: TRAINING_ROUTES,
} as const satisfies ModuleManifest;
