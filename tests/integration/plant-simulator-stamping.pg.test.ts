import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { STAMP_REELS } from '../../src/domain/entities/production/stamp-reels.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { SIM_MARK } from '../../server/simulate/plant-api.ts';
import { startPlantSimulator, type PlantSimulator } from '../../server/simulate/plant-simulator.ts';
import { startStampingPlant, type StampingPlant } from '../support/stamping-plant.ts';
import { backends } from '../support/test-server.ts';

// The plant simulator's stamper (server/simulate/stamping-crew.ts): an order people brought to
// the stamping stage is stamped through the real API, by the stamper and stamp_inventory, with
// its reels reconciled, and moves on to transfer_pending; when the jurisdiction has no free
// reel, stamp inventory receives one and a manager approves its receipt first.

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

  it('receives and approves a reel when the jurisdiction has none free, then stamps', async () => {
    // Every free Quebec reel is declared lost: the stamper finds nothing to ask for.
    const free = await queryRows<{ id: number; version: number }>(
      p.db(),
      sql`select id::int as id, version from stamp_reels
           where status = 'available' and stamp_jurisdiction_id = ${p.ids.qc}`,
    );
    for (const reel of free) {
      const lost = await p.as.stamp_inventory!.send(
        'POST',
        `${STAMP_REELS.api}/${reel.id}/events/mark_lost`,
        { version: reel.version, reason: 'Not found at the count' },
      );
      expect(lost.httpStatus, lost.message).toBe(200);
    }
    const [quebec] = await queryRows<{ id: number; upc: string }>(
      p.db(),
      sql`select id, upc from products where sku = 'FG-MANGO-06-30-QC'`,
    );
    const mo = await p.labeled(quebec);
    for (let i = 0; i < 10 && (await p.order(mo.id)).stage === 'stamping'; i += 1) await sim.tick();
    expect(await p.order(mo.id)).toMatchObject({ stage: 'transfer_pending' });
    expect(sim.stats().reelsReceived).toBe(1);

    // Maker-checker: stamp_inventory received the new reel, a manager approved it.
    const [reel] = await queryRows<{
      id: number;
      reel_no: string;
      receiver: string;
      approver: string;
      qty: number;
    }>(
      p.db(),
      sql`select r.id::int as id, r.reel_no, c.username as receiver, a.username as approver,
                 r.stamps_qty as qty
            from stamp_reels r join users c on c.id = r.created_by join users a on a.id = r.approved_by
           where r.stamp_jurisdiction_id = ${p.ids.qc} and r.note like ${`%${SIM_MARK}`}`,
    );
    expect(reel).toMatchObject({ receiver: 'stamp_inventory', approver: 'manager', qty: 5000 });
    // Numbered in the jurisdiction's series, as the supplier labels its reels.
    expect(reel!.reel_no).toMatch(/^RL-QC-\d{5}$/);
    // Its stamps went on the reel ledger, and the stamping used some of them.
    const ledger = await p.reelLedger(reel!.id);
    expect(ledger.sum).toBe(ledger.remaining);
    expect(ledger.remaining).toBeLessThan(5000);
    expect(await p.ledgerDrift()).toBe(0);
    expect(sim.stats().refused.forbidden + sim.stats().refused.other).toBe(0);
  });
});
