// The reconciliation of a stamping order at finish (docs/domain/production.md §3.2, invariant 5),
// pure so the finish page shows the running difference with the very rule the server refuses with:
// per reel issued = applied + wasted (incl. damaged) + returned, and the machine's counter
// moved by about applied + wasted (within `production.counter_tolerance` stamps).

export type ReelCount = {
  readonly reel_no: string;
  readonly issued_qty: number;
  readonly applied: number;
  readonly wasted: number;
  readonly damaged: number;
  readonly returned: number;
};

/** issued − (applied + wasted + damaged + returned): 0 when the reel is accounted for. */
export function reelDifference(reel: ReelCount): number {
  return reel.issued_qty - (reel.applied + reel.wasted + reel.damaged + reel.returned);
}

export type ReconciliationInput = {
  readonly reels: readonly ReelCount[];
  readonly counterStart: number | null;
  readonly counterEnd: number | null;
  /** Stamps the counter may be off by (`production.counter_tolerance`). */
  readonly tolerance: number;
};

export type ReconciliationProblem = {
  /** Where the person fixes it: `reels.N.returned` or `counter_end`. */
  readonly field: string;
  readonly message: string;
};

/** Every count a person enters is a whole number ≥ 0. */
const COUNTS = ['applied', 'wasted', 'damaged', 'returned'] as const;

/** The first thing that does not add up, or null when the order may finish. */
export function reconciliationProblem(input: ReconciliationInput): ReconciliationProblem | null {
  if (input.reels.length === 0) {
    return { field: 'reels', message: 'The order has no issued reels to reconcile' };
  }
  for (const [index, reel] of input.reels.entries()) {
    for (const count of COUNTS) {
      if (!Number.isInteger(reel[count]) || reel[count] < 0) {
        return {
          field: `reels.${index}.${count}`,
          message: `Reel ${reel.reel_no}: ${count} must be a whole number ≥ 0`,
        };
      }
    }
    const difference = reelDifference(reel);
    if (difference !== 0) {
      return {
        field: `reels.${index}.returned`,
        message: `Reel ${reel.reel_no}: issued ${reel.issued_qty} ≠ applied ${reel.applied} + wasted ${reel.wasted} + damaged ${reel.damaged} + returned ${reel.returned} (${difference > 0 ? `${difference} unaccounted` : `${-difference} too many`})`,
      };
    }
  }
  const delta = counterDelta(input);
  if (delta === null) return { field: 'counter_end', message: 'Enter the counter at the end' };
  if (delta < 0) return { field: 'counter_end', message: 'The counter cannot go backwards' };
  const used = input.reels.reduce((sum, r) => sum + r.applied + r.wasted, 0);
  if (Math.abs(delta - used) > input.tolerance) {
    return {
      field: 'counter_end',
      message: `The counter moved ${delta} but ${used} stamps were applied or wasted (tolerance ${input.tolerance})`,
    };
  }
  return null;
}

/** counter_end − counter_start, or null while either is unknown. */
export function counterDelta(input: Pick<ReconciliationInput, 'counterStart' | 'counterEnd'>) {
  return input.counterStart === null || input.counterEnd === null
    ? null
    : input.counterEnd - input.counterStart;
}

/** The order's totals of its reels' counts. */
export function reelTotals(reels: readonly ReelCount[]) {
  return {
    applied: reels.reduce((s, r) => s + r.applied, 0),
    wasted: reels.reduce((s, r) => s + r.wasted, 0),
    damaged: reels.reduce((s, r) => s + r.damaged, 0),
    returned: reels.reduce((s, r) => s + r.returned, 0),
  };
}
