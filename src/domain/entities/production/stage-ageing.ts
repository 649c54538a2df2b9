// How long an open order may sit in a dashboard column before a supervisor should look at it.
// Decision: fixed minutes per column, from a plant day of two 8-hour
// shifts: a batch and its HPLC test fit in half a shift, a bottling or labeling run in a few
// hours, and an order waits at most half a shift to start or to leave for transfer. An order
// turns amber at three quarters of its column's time and red past it.

export type Ageing = 'fresh' | 'ageing' | 'late';

export const EXPECTED_STAGE_MINUTES: Readonly<Record<string, number>> = {
  released: 240,
  batching: 120,
  hplc: 240,
  bottling: 180,
  labeling: 120,
  stamping: 120,
  transfer: 240,
};

/** The share of the expected time from which an order shows amber. */
export const AGEING_FROM = 0.75;

/** How late an order is in `column`, `since` being when it entered its stage. */
export function ageingOf(column: string, since: string | Date | null, now: number): Ageing {
  const expected = EXPECTED_STAGE_MINUTES[column];
  if (expected === undefined || since === null) return 'fresh';
  const minutes = (now - new Date(since).getTime()) / 60_000;
  if (!(minutes >= AGEING_FROM * expected)) return 'fresh';
  return minutes > expected ? 'late' : 'ageing';
}
