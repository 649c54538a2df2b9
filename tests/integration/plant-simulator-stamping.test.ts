import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/query-rows.ts';
import { startPlantSimulator, type PlantSimulator } from '../../server/simulate/plant-simulator.ts';
import { startStampingPlant, type StampingPlant } from '../support/stamping-plant.ts';
import { backends } from '../support/test-server.ts';

// The plant simulator's stamper (server/simulate/stamping-crew.ts): an order people brought to
// the stamping stage is stamped through the real API, by the stamper and stamp_inventory, with
// its reels reconciled, and moves on to transfer_pending.

describe.each(backends())("the plant simulator's stamper on %s", (backend) => {
  let p: StampingPlant;
  let sim: PlantSimulator;

  beforeAll(async () => {
    p = await startStampingPlant(backend);
    sim = startPlantSimulator({
      baseUrl: p.t.url,
      paceMs: 0,
      seed: 11,
      autoTick: false,
      openOrders: 0,
    });
  }, 120_000);
  afterAll(async () => {
    await sim?.stop();
    await p?.t.close();
  });

  it('stamps an order waiting in the stamping stage and sends it on to its transfer', async () => {
    const [stamped] = await queryRows<{ id: number; upc: string }>(
      p.db(),
      sql`select id::int as id, upc from products where sku = 'FG-MANGO-06-30-ON'`,
    );
    const mo = await p.labeled(stamped);
    for (let i = 0; i < 8 && (await p.order(mo.id)).stage === 'stamping'; i += 1) await sim.tick();
    const after = await p.order(mo.id);
    expect(after).toMatchObject({ status: 'in_progress', stage: 'transfer_pending' });
    expect(Number(after.stamped_units) + Number(after.stamping_waste_units)).toBe(52);
    const lines = await queryRows<{ ok: boolean }>(
      p.db(),
      sql`select l.issued_qty = l.applied + l.wasted + l.damaged + l.returned as ok
            from stamping_order_reels l join product_stamping_orders o on o.id = l.stamping_order_id
           where o.production_order_id = ${mo.id}`,
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.ok)).toBe(true);
    expect(await p.ledgerDrift()).toBe(0);
  });
});
