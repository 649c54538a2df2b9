import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps.ts';
import type { ServerModule } from '../../../server/server-modules.ts';
import { seedDemoGeneral } from './demo-general.ts';
import { registerGeneralEntityRoutes } from './routes/general-entities.routes.ts';
import { registerGeneralRoutes } from './routes/general.routes.ts';

// Administration (docs/domain/general.md §1): its master data on the entity pattern, the
// company's settings, and the time zones, role catalogue and time punches the other screens ask
// for. Its tables stay in server/db/schema/ (general.ts, customers.ts, accounting.ts): the
// platform and every module read its settings, parameters and locations.

function registerAdministrationRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerGeneralRoutes(app, deps);
  registerGeneralEntityRoutes(app, deps);
}

/** Administration on the server: its routes, and its demo master data before anyone else's. */
export const serverModule: ServerModule = {
  register: registerAdministrationRoutes,
  seedDemo: (tx) => seedDemoGeneral(tx),
  demoStage: 'master',
};
