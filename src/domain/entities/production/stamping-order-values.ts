// Closed lists of product stamping orders ST- and their corrections
// (docs/domain/production.md §3.2), shared by the declarations, the machines, the server's effects
// and the database CHECKs.

/** draft → ready → reel_pending → in_progress → finished; draft…reel_pending → cancelled. */
export const STAMPING_ORDER_STATUSES = [
  'draft',
  'ready',
  'reel_pending',
  'in_progress',
  'finished',
  'cancelled',
] as const;
export type StampingOrderStatus = (typeof STAMPING_ORDER_STATUSES)[number];

/** Statuses in which the order's own fields (product, machine, planned units) may be edited. */
export const EDITABLE_STAMPING_STATUSES: readonly StampingOrderStatus[] = ['draft', 'ready'];

/** Statuses in which an order holds (or has asked for) reels: its reels are not free. */
export const OPEN_STAMPING_STATUSES: readonly StampingOrderStatus[] = [
  'draft',
  'ready',
  'reel_pending',
  'in_progress',
];

/**
 * What a stamping order correction may change. The stamp counters are per reel (the reel's
 * identity issued = applied + wasted + damaged + returned is kept by moving the difference
 * to or from `returned`); wasted bottles and stamped units are the order's.
 */
export const STAMPING_CORRECTION_FIELDS = [
  'applied',
  'wasted',
  'damaged',
  'wasted_bottles',
  'stamped_units',
] as const;
export type StampingCorrectionField = (typeof STAMPING_CORRECTION_FIELDS)[number];

/** The correction fields that name a reel of the order. */
export const REEL_CORRECTION_FIELDS: readonly StampingCorrectionField[] = [
  'applied',
  'wasted',
  'damaged',
];
