import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerRdProjectRoutes } from './rd/rd-projects.routes.ts';
import { registerRdPromoteRoutes } from './rd/rd-promote.routes.ts';
import { registerRdReportRoutes } from './rd/rd-reports.routes.ts';
import { registerRdSampleWorkRoutes } from './rd/rd-sample-work.routes.ts';
import { registerRdSampleRoutes } from './rd/rd-samples.routes.ts';

// R&D (docs/domain/rd.md §7): projects and their workflow, samples (request, develop, specify,
// evaluate, decide), the promotion of approved samples to draft recipes, and the reports. Live on
// private-rd.projects (project.*) and private-rd.samples (sample.*, sample.status_changed).

export function registerRdRoutes(app: FastifyInstance, deps: AppDeps): void {
  const projects = registerRdProjectRoutes(app, deps);
  const samples = registerRdSampleRoutes(app, deps, projects);
  registerRdSampleWorkRoutes(app, deps, samples);
  registerRdPromoteRoutes(app, deps, samples);
  registerRdReportRoutes(app, deps);
}
