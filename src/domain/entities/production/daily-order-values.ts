import type { OrderStage, OrderStatus } from './production-order-values.ts';

// A daily order's statuses (docs/domain/production.md §3.2) and how its lines follow the production
// orders accepting made of them. Shared by the machine (which event the server raises), the server
// (which line status to write) and the screens (tags).

export const DAILY_ORDER_STATUSES = [
  'draft',
  'submitted',
  'accepted',
  'in_production',
  'fulfilled',
  'cancelled',
] as const;
export type DailyOrderStatus = (typeof DAILY_ORDER_STATUSES)[number];

export const DAILY_LINE_STATUSES = ['open', 'planned', 'fulfilled', 'cancelled'] as const;
export type DailyLineStatus = (typeof DAILY_LINE_STATUSES)[number];

/** Production order statuses that mean the floor has started on it (released or later). */
const STARTED: readonly OrderStatus[] = [
  'released',
  'in_progress',
  'on_hold',
  'completed',
  'closed',
  'scrapped',
];

/** An order's floor position as a line needs it. */
export type LinkedOrder = { readonly status: OrderStatus; readonly stage: OrderStage | null };

export const hasStarted = (order: LinkedOrder) => STARTED.includes(order.status);

/**
 * The status of a line with a production order. **decision:** the line is fulfilled once its
 * order is completed or closed, or its units were transferred (docs/domain/production.md: "every
 * line's MO transferred/completed"); a cancelled or scrapped order leaves nothing to deliver.
 */
export function lineStatusOf(order: LinkedOrder | null): DailyLineStatus {
  if (!order) return 'open';
  if (order.status === 'cancelled' || order.status === 'scrapped') return 'cancelled';
  if (order.status === 'completed' || order.status === 'closed') return 'fulfilled';
  if (order.stage === 'transferred') return 'fulfilled';
  return 'planned';
}

/** What the machine's guards read of a daily order's lines. */
export type DailyLineCounts = {
  readonly total: number;
  readonly open: number;
  readonly planned: number;
  readonly fulfilled: number;
  readonly cancelled: number;
  /** One of its production orders was released (or went further). */
  readonly started: boolean;
};

export function countLines(
  lines: readonly { line_status: DailyLineStatus; order: LinkedOrder | null }[],
): DailyLineCounts {
  const of = (s: DailyLineStatus) => lines.filter((l) => l.line_status === s).length;
  return {
    total: lines.length,
    open: of('open'),
    planned: of('planned'),
    fulfilled: of('fulfilled'),
    cancelled: of('cancelled'),
    started: lines.some((l) => l.order !== null && hasStarted(l.order)),
  };
}
