import type { CrewContext } from './crew-context.ts';
import { where, type ListData } from './plant-api.ts';

// The simulator's lab (docs/domain/production.md §3.2 HPLC): the technician takes the batch's open
// request and enters a measured nicotine level; the server judges it against the ranges copied at
// test time. About one batch in ten measures low (or, nicotine-free, shows nicotine) and fails,
// and the column ages: the last results of each of its lives read a little higher each time.

const HPLC = '/api/production/hplc-requests';

export type HplcLabContext = CrewContext & { stats: { hplcPassed: number; hplcFailed: number } };

/** Results in one life of the lab's column, and how many at its end read higher and higher. */
const DRIFT_CYCLE = 60;
const DRIFT_RUN = 12;

/**
 * How far above its claim the lab reads its `count`th result: nothing for most of a column's
 * life, then 0.3 % more each result (up to 3.6 %) until it is replaced, so the potency charts
 * flag a drift (2-2s, 4-1s) while every batch still passes (docs/domain/production.md).
 */
export function driftPct(count: number): number {
  const k = (count % DRIFT_CYCLE) - (DRIFT_CYCLE - DRIFT_RUN);
  return k < 0 ? 0 : 0.3 * (k + 1);
}

type Batch = { id: number; nicotine_mg: number | null };

/** false when the order has no open request: someone else entered it and the order moved on. */
export async function enterHplcResult(ctx: HplcLabContext, order: Batch): Promise<boolean> {
  const { as, rng, chance, settle, stats } = ctx;
  const lab = as('hplc_tech');
  const queue = await lab.get<ListData<{ id: number }>>(HPLC, {
    filter: [
      where('production_order_id', 'number', 'equals', order.id),
      where('status', 'enum', 'in', ['requested', 'sampled', 'in_analysis']),
    ],
    sort: { field: 'sample_no', direction: 'desc' },
    per_page: 1,
  });
  const request = queue.ok ? queue.data.rows[0] : undefined;
  if (!request) return false;
  const nominal = Number(order.nicotine_mg ?? 0);
  const fail = chance(0.1);
  const drift = driftPct(stats.hplcPassed + stats.hplcFailed) / 100;
  const measured =
    nominal > 0
      ? nominal * (fail ? 0.78 + 0.05 * rng() : 0.98 + 0.04 * rng() + drift)
      : fail
        ? 0.4
        : 0.02;
  const answer = await lab.send<{ passed: number | boolean }>(
    'POST',
    `${HPLC}/${request.id}/result`,
    { measured_mg: Math.round(measured * 1000) / 1000 },
  );
  if (settle(answer, 'hplc result')) {
    if (answer.data.passed) stats.hplcPassed += 1;
    else stats.hplcFailed += 1;
  }
  return true;
}
