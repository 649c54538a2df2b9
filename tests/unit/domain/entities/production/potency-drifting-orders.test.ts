import { describe, expect, it } from 'vitest';
import {
  driftingOrders,
  type PotencyDrift,
} from '../../../../../src/domain/entities/production/potency-chart-values.ts';

const drift = (over: Partial<PotencyDrift>): PotencyDrift => ({
  by: 'product',
  id: 1,
  label: 'FG-A',
  rules: ['2-2s'],
  production_order_id: 10,
  order_number: 'MO-10',
  percent_of_claim: 103,
  ...over,
});

describe('the orders the wall flags for a potency drift', () => {
  it('groups the charts an order drifts, each rule once', () => {
    const orders = driftingOrders([
      drift({}),
      drift({ by: 'batcher', id: 7, label: 'Batcher One', rules: ['2-2s', '4-1s'] }),
      drift({ by: 'recipe', id: 3, label: 'R-3', production_order_id: 11, rules: ['1-3s'] }),
    ]);
    expect(orders).toEqual([
      {
        production_order_id: 10,
        rules: ['2-2s', '4-1s'],
        charts: ['product FG-A', 'batcher Batcher One'],
      },
      { production_order_id: 11, rules: ['1-3s'], charts: ['recipe R-3'] },
    ]);
  });

  it('flags nothing when no chart drifts', () => {
    expect(driftingOrders([])).toEqual([]);
  });
});
