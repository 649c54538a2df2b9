import type { ServerModule } from '../../../server/server-modules.ts';
import { seedDemoSales } from './demo-sales.ts';
import { registerSalesRoutes } from './routes/sales.routes.ts';

/**
 * Sales on the server: its routes, its orders' numbers, and its demo customers' orders. Its
 * demo comes with the plant's supply, before the lot trace, which follows a lot to a customer.
 * (Its desk in the plant simulator stays with the simulator, which shares its dice and counters
 * with the floor: server/simulate/sales-desk.ts. Its "My work" queues are still declared with
 * the supply queues they sit beside: src/machines/workflows/work-queues.ts.)
 */
export const serverModule: ServerModule = {
  register: registerSalesRoutes,
  documentNumbers: { sales_order: 'SO' },
  seedDemo: (tx) => seedDemoSales(tx),
  demoStage: 'supply',
};
