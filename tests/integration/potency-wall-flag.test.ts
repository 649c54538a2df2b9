import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POTENCY_API,
  type DriftingOrder,
} from '../../src/domain/entities/production/potency-chart-values.ts';
import { driftingOrder, testedOrder } from '../support/batched-order.ts';
import { startPlant, type Plant, type PlantOrder } from '../support/production-plant.ts';

// The wall's potency flag (docs/domain/production.md "Potency control charts"): the production
// dashboard's roles read which orders make a chart drift, without reading the charts
// themselves; other roles are refused.

describe('the orders a potency drift flags on the production dashboard', () => {
  let plant: Plant;
  let drifting: PlantOrder;
  const flagged = async () => {
    const reply = await plant.as.supervisor!.get<DriftingOrder[]>(`${POTENCY_API}/drifting-orders`);
    expect(reply.httpStatus).toBe(200);
    return reply.data;
  };

  beforeAll(async () => {
    plant = await startPlant('pglite', ['supervisor', 'sale']);
    drifting = await driftingOrder(plant);
  }, 240_000);
  afterAll(async () => plant.t.close());

  it('names the drifting order, its rules and its chart to a supervisor', async () => {
    const orders = await flagged();
    const flag = orders.find((d) => d.production_order_id === drifting.id);
    expect(flag?.rules).toContain('2-2s');
    expect(flag?.charts).toContain('product FG-MANGO-06-30 Mango 6 mg 30 ml');
    // The demo's own drifting good is flagged too, on another order.
    expect(orders.some((d) => d.production_order_id !== drifting.id && d.rules.includes('2-2s')))
      .toBe(true);
  });

  it('drops the flag once a newer result of the same good is back near its centre', async () => {
    // 6.03 mg is 100.5 %: the drift was the newest result's; now it is not.
    await testedOrder(plant, 6.03);
    expect((await flagged()).map((d) => d.production_order_id)).not.toContain(drifting.id);
  });

  it('refuses a role without the dashboard', async () => {
    const reply = await plant.as.sale!.get(`${POTENCY_API}/drifting-orders`);
    expect(reply.httpStatus).toBe(403);
  });
});
