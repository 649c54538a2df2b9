import { DISCOUNTS } from './entities/discounts.entity.ts';
import { allowedDiscountActions, DISCOUNT_TRANSITIONS } from './machines/discount.machine.ts';
import type { WorkQueue } from '../../../src/machines/workflows/work-queue.ts';

// Sales' decisions in "My work" and the approval inbox (work-queues.ts): discounts over the
// approval limit, waiting for a manager. Their rows are queried in
// server/http/routes/my-work/my-work.queries.ts under the same key.

export const SALES_QUEUES: readonly WorkQueue[] = [
  {
    key: 'discounts',
    group: 'approvals',
    title: 'Discounts to approve',
    roles: DISCOUNT_TRANSITIONS.pending_approval?.approve?.roles ?? [],
    admin: true,
    page: '/discounts',
    open: (id) => `/discount/${id}`,
    live: { channel: DISCOUNTS.channel, event: DISCOUNTS.event },
    decision: {
      module: 'sale',
      kind: 'Discount',
      entity: DISCOUNTS,
      events: ['approve', 'reject'],
      actions: allowedDiscountActions,
    },
  },
];
