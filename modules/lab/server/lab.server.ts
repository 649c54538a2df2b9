import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps.ts';
import { heldBy } from '../../../server/attachments/attachment-holder.ts';
import { registerEntityRoutes } from '../../../server/http/entity/entity-routes.ts';
import type { ServerModule } from '../../../server/server-modules.ts';
import { LAB_RECEIVINGS } from '../shared/entities/lab-receivings.entity.ts';
import { LAB_QUEUES } from '../shared/lab.work-queues.ts';
import { seedDemoLab } from './demo-lab.ts';
import { LAB_QUEUE_QUERIES } from './lab.queue-queries.ts';
import { containerAnnouncer } from './routes/announce-containers.ts';
import { flashpointClassesBinding } from './routes/flashpoint-classes.binding.ts';
import { registerLabReceivingRoutes } from './routes/lab-receivings.routes.ts';
import { registerContainerEventRoutes } from './routes/receiving-container-events.routes.ts';
import { containersBinding } from './routes/receiving-containers.binding.ts';

// Lab Receiving (docs/domain/lab-receiving.md §10): flashpoint classes, lab receivings with their
// items, and their containers with their events. Live on `private-lab.receiving` (lab_receiving.*,
// container.*).

function registerLabRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEntityRoutes(app, deps, flashpointClassesBinding);
  registerEntityRoutes(app, deps, containersBinding);
  registerContainerEventRoutes(app, deps);
  registerLabReceivingRoutes(app, deps, containerAnnouncer(deps));
}

/**
 * Lab Receiving on the server: its routes, its receivings' and containers' numbers, its steps in
 * "My work", the suppliers' certificates of analysis its receivings hold, and its demo
 * receivings. Its demo data comes with the plant's supply: the demo's lot trace follows the
 * nicotine lot the lab released. (Its people in the plant simulator stay with the simulator's
 * floor, which waits on their deliveries: server/simulate/lab-receipts.ts.)
 */
export const serverModule: ServerModule = {
  register: registerLabRoutes,
  documentNumbers: { lab_receiving: 'LR', receiving_container: 'CT' },
  seedDemo: (tx, { attachments }) => seedDemoLab(tx, attachments),
  demoStage: 'supply',
  workQueues: LAB_QUEUES,
  queueQueries: LAB_QUEUE_QUERIES,
  attachmentHolders: [
    heldBy(
      'lab_receiving_coa',
      LAB_RECEIVINGS.area,
      (id) => sql`exists (select 1 from lab_receiving_items i where i.coa_attachment_id = ${id})`,
    ),
  ],
};
