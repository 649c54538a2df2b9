import type { WorkQueue } from '../../../src/machines/workflows/work-queue.ts';
import { ASSEMBLY_ORDERS } from './entities/assembly-orders.entity.ts';
import { ASSEMBLY_RULES, type AssemblyEventName } from './machines/assembly-order.machine.ts';

// Assembly's work in "My work": kit orders at each crew's stage, for the crew whose event moves
// them on (the workflow's roles). Their rows are server/assembly.queue-queries.ts's.

const BOARD = '/assembly/assembly-dashboard';

/** Kit orders at the assembly stage `event` moves them out of, on the crews' board. */
const assemblyQueue = (key: string, title: string, event: AssemblyEventName): WorkQueue => ({
  key,
  group: 'floor',
  title,
  roles: ASSEMBLY_RULES[event].roles,
  admin: false,
  page: BOARD,
  // The crews work an order from its card on their board; it has no page of its own for them.
  open: () => BOARD,
  live: { channel: ASSEMBLY_ORDERS.channel, event: ASSEMBLY_ORDERS.event },
});

export const ASSEMBLY_QUEUES: readonly WorkQueue[] = [
  assemblyQueue('kits_to_seal', 'Kit orders to seal', 'finish_sealing'),
  assemblyQueue('kits_to_stamp', 'Kit orders to stamp', 'finish_stamping'),
  assemblyQueue('kits_to_carton', 'Kit orders to carton', 'finish_cartoning'),
];
