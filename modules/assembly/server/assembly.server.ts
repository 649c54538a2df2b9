import type { ServerModule } from '../../../server/server-modules.ts';
import { ASSEMBLY_QUEUES } from '../shared/assembly.work-queues.ts';
import { assemblyCrew } from './assembly-crew.ts';
import { ASSEMBLY_QUEUE_QUERIES } from './assembly.queue-queries.ts';
import { seedDemoAssembly } from './demo-assembly.ts';
import { registerAssemblyRoutes } from './routes/assembly.routes.ts';

/**
 * Assembly on the server: its routes, its orders' numbers, the crews' queues in "My work", its
 * demo kits and orders, and the crews that work them in the plant simulator.
 */
export const serverModule: ServerModule = {
  register: registerAssemblyRoutes,
  documentNumbers: { assembly_order: 'AO' },
  seedDemo: (tx) => seedDemoAssembly(tx),
  workQueues: ASSEMBLY_QUEUES,
  queueQueries: ASSEMBLY_QUEUE_QUERIES,
  crew: assemblyCrew,
};
