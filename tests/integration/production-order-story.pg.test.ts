import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductionOrderStory } from '../../src/domain/entities/production/production-order-story.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { startPlant, type Plant } from '../support/production-plant.ts';
import { backends } from '../support/test-server.ts';

// GET production-orders/:id/story: what an order's detail page shows
// beyond the order's row, for whoever may read production orders and nobody else.

describe.each(backends())("a production order's story on %s", (backend) => {
  let plant: Plant;
  const storyOf = (who: string, id: number) =>
    plant.as[who]!.get<ProductionOrderStory>(`${PRODUCTION_ORDERS.api}/${id}/story`);

  beforeAll(async () => {
    plant = await startPlant(backend, ['requester']);
  }, 120_000);
  afterAll(async () => {
    await plant?.t.close();
  });

  it('names the HPLC sample with its result and the label check of a completed order', async () => {
    const mo = await plant.completed();
    const reply = await storyOf('planning', mo.id);
    expect(reply.httpStatus).toBe(200);
    const { hplc, label_checks, stamping, skids } = reply.data;
    expect(hplc).toHaveLength(1);
    expect(hplc[0]).toMatchObject({
      sample_no: 1,
      reason: 'initial',
      measured_mg: 6,
      nominal_mg: 6,
      passed: 1,
    });
    expect(hplc[0]!.number).toMatch(/^[A-Z]+-\d{5}$/);
    expect(hplc[0]!.analyst_name).toBeTruthy();
    expect(label_checks).toHaveLength(1);
    expect(label_checks[0]).toMatchObject({ result: 'pass', scanned_code: plant.product.upc });
    // This flow neither stamps nor transfers.
    expect(stamping).toEqual([]);
    expect(skids).toEqual([]);
  });

  it('is empty for a draft, and refused to a role that may not read production orders', async () => {
    const draft = await plant.planned(10, false);
    const reply = await storyOf('planning', draft.id);
    expect(reply.data).toEqual({ hplc: [], label_checks: [], stamping: [], skids: [] });
    const refused = await storyOf('requester', draft.id);
    expect(refused.httpStatus).toBe(403);
    expect(refused.message).toBe('no_privileges');
    expect((await storyOf('planning', 99_999_999)).httpStatus).toBe(404);
  });
});
