import { expect } from 'vitest';
import { HPLC_REQUESTS } from '../../src/domain/entities/production/hplc-requests.entity.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import type { Plant, PlantOrder } from './production-plant.ts';

// The stages before the lab, as planning and the batcher do them through the API, for the
// journeys that start at the HPLC bench or at QA's decision.

/** An order of the demo mango 6 mg released, picked and batched: its sample waits for the lab. */
export async function batchedOrder(plant: Plant): Promise<PlantOrder> {
  const mo = await plant.planned(60);
  await plant.as.batcher!.send('POST', `${PRODUCTION_ORDERS.api}/${mo.id}/picks`, {
    version: (await plant.order(mo.id)).version,
  });
  await plant.step('batcher', mo.id, 'start_batching');
  await plant.step('batcher', mo.id, 'finish_batching', { actual_batch_ml: 1800 });
  return plant.order(mo.id);
}

/** A batched order whose sample the lab measured at `mg` of its 6 mg/ml claim. */
export async function testedOrder(plant: Plant, mg: number): Promise<PlantOrder> {
  const mo = await batchedOrder(plant);
  const [sample] = await plant.labRequests('production_order_number', mo.number);
  const result = await plant.as.hplc_tech!.send(
    'POST',
    `${HPLC_REQUESTS.api}/${sample!.id}/result`,
    { measured_mg: mg },
  );
  expect(result.httpStatus).toBe(200);
  return plant.order(mo.id);
}

/** A batched order whose sample the lab found at 5.2 of 6 mg/ml (86.7 %): it waits for QA. */
export const failedOrder = (plant: Plant): Promise<PlantOrder> => testedOrder(plant, 5.2);

/**
 * Eleven passing batches of the mango 6 mg whose last two make its product chart flag a 2-2s
 * (100 and 101 % in turn, then 102, 102.5 and 102.67 %); the last one's order is returned.
 */
export async function driftingOrder(plant: Plant): Promise<PlantOrder> {
  for (let i = 0; i < 8; i += 1) await testedOrder(plant, i % 2 === 0 ? 6 : 6.06);
  await testedOrder(plant, 6.12);
  await testedOrder(plant, 6.15);
  return testedOrder(plant, 6.16);
}
