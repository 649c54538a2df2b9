import { STAMP_REELS } from '../../domain/entities/production/stamp-reels.entity.ts';
import { TRANSFERS } from '../../domain/entities/stock/transfers.entity.ts';
import { orderEventRoles } from './production-order.rules.ts';
import { TRANSFER_TRANSITIONS } from './transfer.machine.ts';
import type { WorkQueue } from './work-queue.ts';
import { liveOf, openIn, ORDERS_LIVE, orderStory, stepRoles } from './work-queue-parts.ts';

// The production floor's queues in "My work" (work-queues.ts): production orders at the step
// each role takes, reels to issue, transfers between locations to prepare, ship and receive.
// Their rows are queried in server/http/routes/my-work/my-work.queries.ts under the same keys.

/**
 * Production orders at a floor step, by the stage the step is taken in; the list opens the
 * page where the step is taken (the production orders, unless the step has a page of its own).
 */
const floorQueue = (
  key: string,
  title: string,
  roles: readonly string[],
  page = '/production/production-orders',
): WorkQueue => ({
  key,
  group: 'floor',
  title,
  roles,
  admin: false,
  page,
  open: orderStory,
  live: ORDERS_LIVE,
});

export const FLOOR_QUEUES: readonly WorkQueue[] = [
  floorQueue('orders_to_batch', 'Orders to batch', orderEventRoles('start_batching')),
  // The analyst enters results on the lab's queue, not on the orders list.
  floorQueue(
    'orders_in_hplc',
    'Orders waiting for an HPLC result',
    orderEventRoles('hplc_pass'),
    '/production/hplc-requests',
  ),
  floorQueue('orders_to_bottle', 'Orders to bottle', orderEventRoles('start_bottling')),
  floorQueue('orders_to_label', 'Orders to label', orderEventRoles('finish_labeling')),
  floorQueue('orders_to_stamp', 'Orders to stamp', orderEventRoles('finish_stamping')),
  floorQueue('orders_to_transfer', 'Orders to transfer', orderEventRoles('transfer_received')),
  {
    key: 'reels_to_issue',
    group: 'floor',
    title: 'Reels requested by stamping orders',
    // Issuing is a stamping order's event (stamping-order.machine.ts), taken on this page.
    roles: ['stamp_inventory', 'manager'],
    admin: false,
    page: '/production/pending-reel-approvals',
    open: openIn('/production/pending-reel-approvals'),
    live: liveOf(STAMP_REELS),
  },
  ...(
    [
      ['transfers_to_prepare', 'Transfers to prepare', 'requested', 'prepare'],
      ['transfers_to_ship', 'Transfers to ship', 'ready', 'ship'],
      ['transfers_to_receive', 'Transfers to receive', 'in_transit', 'receive'],
    ] as const
  ).map(([key, title, status, event]): WorkQueue => ({
    key,
    group: 'floor',
    title,
    roles: stepRoles(TRANSFER_TRANSITIONS, status, event),
    admin: false,
    page: '/inventory/transfers',
    open: (id) => `/inventory/transfer/${id}`,
    live: liveOf(TRANSFERS),
  })),
];
