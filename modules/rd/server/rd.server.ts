import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps.ts';
import type { ServerModule } from '../../../server/server-modules.ts';
import { RD_QUEUES } from '../shared/rd.work-queues.ts';
import { seedDemoRd } from './demo-rd.ts';
import { rdCrew } from './rd-crew.ts';
import { RD_QUEUE_QUERIES } from './rd.queue-queries.ts';
import { registerRdProjectRoutes } from './routes/rd-projects.routes.ts';
import { registerRdPromoteRoutes } from './routes/rd-promote.routes.ts';
import { registerRdReportRoutes } from './routes/rd-reports.routes.ts';
import { registerRdSampleWorkRoutes } from './routes/rd-sample-work.routes.ts';
import { registerRdSampleRoutes } from './routes/rd-samples.routes.ts';

// R&D (docs/domain/rd.md §7): projects and their workflow, samples (request, develop, specify,
// evaluate, decide), the promotion of approved samples to draft recipes, and the reports. Live on
// private-rd.projects (project.*) and private-rd.samples (sample.*, sample.status_changed).

function registerRdRoutes(app: FastifyInstance, deps: AppDeps): void {
  const projects = registerRdProjectRoutes(app, deps);
  const samples = registerRdSampleRoutes(app, deps, projects);
  registerRdSampleWorkRoutes(app, deps, samples);
  registerRdPromoteRoutes(app, deps, samples);
  registerRdReportRoutes(app, deps);
}

/**
 * R&D on the server: its routes, its projects' and samples' numbers, its decisions and steps in
 * "My work", its demo projects and samples, and its people in the plant simulator.
 */
export const serverModule: ServerModule = {
  register: registerRdRoutes,
  documentNumbers: { rd_project: 'RD', rd_sample: 'SM' },
  seedDemo: (tx) => seedDemoRd(tx),
  workQueues: RD_QUEUES,
  queueQueries: RD_QUEUE_QUERIES,
  crew: rdCrew,
};
