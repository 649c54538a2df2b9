import type { OrderCounter } from './correction-values.ts';

// Unit conservation of a production order (docs/domain/production.md §3.2,
// docs/domain/README.md §13 invariant 6): each stage holds at most what the stage before passed on,
// what left on transfers was made, and the bulk used by bottling fits in the batch within the bulk
// tolerance. The server checks it before a correction writes new counts; phases absent from the
// order's flow are passed over.

export type OrderCounts = Readonly<Record<OrderCounter, number>>;

export type ConservationInput = {
  counts: OrderCounts;
  /** The order's flow phases ('batching', 'bottling', 'labeling', 'stamping', …). */
  phases: readonly string[];
  /** Bottle size of the finished good. */
  volumeMl: number;
  /** `production.bulk_tolerance_pct`: how far bottling may draw past the batch. */
  bulkTolerancePct: number;
};

const EPSILON = 1e-6;

/** The counter of the last phase that counts units: the finished units it made. */
export function producingCounter(phases: readonly string[]): OrderCounter {
  if (phases.includes('stamping')) return 'stamped_units';
  if (phases.includes('labeling')) return 'labeled_units';
  return 'bottled_units';
}

/** Why the counts break conservation, or null when they add up. */
export function conservationProblem(input: ConservationInput): string | null {
  const c = input.counts;
  const labeledOut = c.labeled_units + c.label_waste_units;
  if (c.bottled_units < labeledOut) {
    return `Labeled and label waste (${labeledOut}) exceed the bottled units (${c.bottled_units})`;
  }
  // Stamping takes what labeling passed on, or bottling's units when the flow has no labeling.
  const beforeStamping = input.phases.includes('labeling') ? 'labeled' : 'bottled';
  const available = beforeStamping === 'labeled' ? c.labeled_units : c.bottled_units;
  const stampedOut = c.stamped_units + c.stamping_waste_units;
  if (available < stampedOut) {
    return `Stamped and stamping waste (${stampedOut}) exceed the ${beforeStamping} units (${available})`;
  }
  const made = c[producingCounter(input.phases)];
  if (c.transferred_units > made) {
    return `Transferred units (${c.transferred_units}) exceed the units made (${made})`;
  }
  const bulkUsed = (c.bottled_units + c.bottling_waste_units) * input.volumeMl;
  const limit = c.actual_batch_ml * (1 + input.bulkTolerancePct / 100);
  if (bulkUsed > limit + EPSILON) {
    const round = (n: number) => Math.round(n * 100) / 100;
    return `Bottling used ${round(bulkUsed)} ml of bulk, more than the batch of ${round(c.actual_batch_ml)} ml allows (tolerance ${input.bulkTolerancePct} %)`;
  }
  return null;
}
