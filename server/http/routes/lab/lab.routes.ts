import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { registerEntityRoutes } from '../../entity/entity-routes.ts';
import { containerAnnouncer } from './announce-containers.ts';
import { flashpointClassesBinding } from './flashpoint-classes.binding.ts';
import { registerLabReceivingRoutes } from './lab-receivings.routes.ts';
import { registerContainerEventRoutes } from './receiving-container-events.routes.ts';
import { containersBinding } from './receiving-containers.binding.ts';

// Lab Receiving (docs/domain/lab-receiving.md §10): flashpoint classes, lab receivings with their
// items, and their containers with their events. Live on `private-lab.receiving` (lab_receiving.*,
// container.*).

export function registerLabRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEntityRoutes(app, deps, flashpointClassesBinding);
  registerEntityRoutes(app, deps, containersBinding);
  registerContainerEventRoutes(app, deps);
  registerLabReceivingRoutes(app, deps, containerAnnouncer(deps));
}
