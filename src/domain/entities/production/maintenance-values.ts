// Closed lists of machine maintenance (docs/domain/production.md §3.4), shared by the declarations,
// the workflow machine and the database CHECKs in server/db/schema/maintenance.ts.

export const WORK_ORDER_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];

export const WORK_ORDER_STATUSES = [
  'requested',
  'open',
  'in_progress',
  'on_hold',
  'completed',
  'rejected',
] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/**
 * The statuses of a work order still to be dealt with: a `machine_down` order in one of them
 * keeps its machine `down`.
 */
export const UNRESOLVED_WORK_ORDER_STATUSES: readonly WorkOrderStatus[] = [
  'requested',
  'open',
  'in_progress',
  'on_hold',
];
