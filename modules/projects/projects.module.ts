import type { ModuleManifest } from '../../src/domain/module-manifest.ts';
import { PROJECTS_ROUTES } from './shared/projects.route-tree.ts';

/** Project Management (docs/domain/projects.md): projects, tasks, items and hours. */
export const PROJECTS_MODULE = {
  name: 'projects',
  dependsOn: [],
  routes: PROJECTS_ROUTES,
} as const satisfies ModuleManifest;
