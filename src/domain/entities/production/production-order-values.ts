// Closed lists of production orders and their HPLC tests (docs/domain/production.md §3.2), shared
// by the declarations, the order machine, the dashboards and the database CHECKs.

export const ORDER_STATUSES = [
  'draft',
  'pending_approval',
  'approved',
  'released',
  'in_progress',
  'on_hold',
  'completed',
  'closed',
  'cancelled',
  'scrapped',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where an order in progress stands; phases absent from its flow are skipped. */
export const ORDER_STAGES = [
  'batching',
  'hplc_pending',
  'hplc_passed',
  'hplc_failed',
  'bottling',
  'labeling',
  'stamping',
  'transfer_pending',
  'transferred',
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

export const HPLC_STATUSES = ['none', 'pending', 'passed', 'failed', 'overridden'] as const;
export type HplcStatus = (typeof HPLC_STATUSES)[number];

export const OPERATION_STATUSES = [
  'pending',
  'ready',
  'in_progress',
  'paused',
  'done',
  'skipped',
] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

export const ORDER_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

export const HPLC_REQUEST_REASONS = ['initial', 'retest', 'rework', 'recovery', 'rd'] as const;

export const HPLC_REQUEST_STATUSES = [
  'requested',
  'sampled',
  'in_analysis',
  'result_entered',
  'passed',
  'failed',
  'retest_requested',
] as const;

export const LABEL_CHECK_RESULTS = ['pass', 'fail'] as const;

/** The statuses an order is open in: on the floor or about to be. */
export const OPEN_ORDER_STATUSES = ['released', 'in_progress', 'on_hold'] as const;

/** Which flow phase an order's stage belongs to (the dashboard's columns). */
export const STAGE_PHASE: Readonly<Record<OrderStage, string>> = {
  batching: 'batching',
  hplc_pending: 'hplc',
  hplc_passed: 'hplc',
  hplc_failed: 'hplc',
  bottling: 'bottling',
  labeling: 'labeling',
  stamping: 'stamping',
  transfer_pending: 'transfer',
  transferred: 'transfer',
};
