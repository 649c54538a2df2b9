// How far a sales order's goods have gone (docs/domain/sales.md §6, docs/domain/README.md §13
// invariant 11): allocation and shipping statuses come from the lines' quantities only, never set
// by hand. What was cancelled on close is no longer expected.

export const SALES_ORDER_STATUSES = ['draft', 'confirmed', 'closed', 'cancelled'] as const;
export type SalesOrderStatus = (typeof SALES_ORDER_STATUSES)[number];

export const ALLOCATION_STATUSES = ['not_allocated', 'partially_allocated', 'allocated'] as const;
export const SHIPPING_STATUSES = ['not_shipped', 'partially_shipped', 'shipped'] as const;

export type SalesLineQuantities = {
  readonly qty: number;
  readonly qty_allocated: number;
  readonly qty_shipped: number;
  readonly qty_cancelled: number;
};

const open = (l: SalesLineQuantities) => Math.max(0, l.qty - l.qty_cancelled);
const EPS = 1e-9;

/** not_allocated → partially_allocated → allocated; shipped goods stay counted as allocated. */
export function allocationStatusOf(lines: readonly SalesLineQuantities[]) {
  if (lines.every((l) => l.qty_allocated <= EPS)) return 'not_allocated' as const;
  return lines.every((l) => l.qty_allocated >= open(l) - EPS)
    ? ('allocated' as const)
    : ('partially_allocated' as const);
}

/** not_shipped → partially_shipped → shipped, against what each line still expects. */
export function shippingStatusOf(lines: readonly SalesLineQuantities[]) {
  if (lines.every((l) => l.qty_shipped <= EPS)) return 'not_shipped' as const;
  return lines.every((l) => l.qty_shipped >= open(l) - EPS)
    ? ('shipped' as const)
    : ('partially_shipped' as const);
}

/** What is still to allocate on a line: ordered, less cancelled, less allocated already. */
export function toAllocate(line: SalesLineQuantities): number {
  return Math.max(0, Math.round((open(line) - line.qty_allocated) * 1000) / 1000);
}

/** Whether shipping every allocated quantity completes the order. */
export function shipsInFull(lines: readonly SalesLineQuantities[]): boolean {
  return lines.every((l) => l.qty_allocated >= open(l) - EPS);
}
