import type { FastifyInstance } from 'fastify';
import { RECEIVING_CONTAINERS } from '../../../../src/domain/entities/lab/receiving-containers.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { resolveBinding } from '../../entity/entity-binding.ts';
import { registerEntityRoutes } from '../../entity/entity-routes.ts';
import { findRow } from '../../entity/entity-queries.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { flashpointClassesBinding } from './flashpoint-classes.binding.ts';
import { registerLabReceivingRoutes } from './lab-receivings.routes.ts';
import { containersBinding } from './receiving-containers.binding.ts';

// Lab Receiving (domain.md §10): flashpoint classes, lab receivings with their items, and
// their containers. Live on `private-lab.receiving` (lab_receiving.*, container.*).

export function registerLabRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEntityRoutes(app, deps, flashpointClassesBinding);
  registerEntityRoutes(app, deps, containersBinding);
  const containers = resolveBinding(containersBinding);
  registerLabReceivingRoutes(app, deps, async (ids) => {
    for (const id of ids) {
      const row = await findRow(deps.database.db, containers, id);
      if (row) await publishChange(deps, RECEIVING_CONTAINERS, 'updated', row);
    }
  });
}
