import {
  CHART_SUBJECTS,
  type PotencyDrift,
} from '../../../src/domain/entities/production/potency-chart-values.ts';
import type { Db } from '../client.ts';
import { judgedPoints, potencyRowsOfAll, potencySubjects } from './potency-points.ts';

// The charts that drift now (docs/domain/production.md "Potency control charts"): every
// product, recipe and batcher whose newest result a Westgard rule flags, with that result's
// order. The QA screens list them; the wall flags the orders' cards.

export async function currentDrifts(db: Db): Promise<PotencyDrift[]> {
  const drifts: PotencyDrift[] = [];
  for (const by of CHART_SUBJECTS) {
    const labels = new Map((await potencySubjects(db, by)).map((s) => [s.id, s.label]));
    for (const [id, rows] of await potencyRowsOfAll(db, by, [...labels.keys()])) {
      const newest = judgedPoints(rows).at(-1);
      if (!newest || newest.rules.length === 0) continue;
      drifts.push({
        by,
        id,
        label: labels.get(id) ?? String(id),
        rules: newest.rules,
        production_order_id: newest.production_order_id,
        order_number: newest.order_number,
        percent_of_claim: newest.percent_of_claim,
      });
    }
  }
  return drifts;
}
