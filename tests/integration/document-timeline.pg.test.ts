import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_ORDERS } from '../../src/domain/entities/production/daily-orders.entity.ts';
import type { TimelineEntry } from '../../src/domain/entity/timeline-entry.ts';
import {
  DAILY_ORDER_USERS,
  dailyOrderDesk,
  destinationOf,
  type DailyOrderDesk,
} from '../support/daily-order-desk.ts';
import { startPlant, type Plant } from '../support/production-plant.ts';
import { backends } from '../support/test-server.ts';

// GET /api/timeline/:entity/:id: a document's transitions and audited
// writes, oldest first, with who did each; refused to whoever may not read the entity.

const timelineOf = (plant: Plant, who: string, entity: string, id: number) =>
  plant.as[who]!.get<TimelineEntry[]>(`/api/timeline/${entity}/${id}`);

describe.each(backends())('document timeline on %s', (backend) => {
  let plant: Plant;
  let desk: DailyOrderDesk;

  beforeAll(async () => {
    plant = await startPlant(backend, [...DAILY_ORDER_USERS, 'supervisor', 'recipes']);
    desk = dailyOrderDesk(plant, await destinationOf(plant));
  }, 120_000);
  afterAll(async () => {
    await plant?.t.close();
  });

  it("tells a production order's story: created, each transition with who, when and why", async () => {
    const before = Date.now();
    const mo = await plant.planned(24);
    await plant.step('manager', mo.id, 'hold', { reason: 'Mixer 2 is down' });

    const reply = await timelineOf(plant, 'planning', 'production_orders', mo.id);
    expect(reply.httpStatus).toBe(200);
    const story = reply.data;
    expect(story.map((e) => [e.kind, e.event])).toEqual([
      ['audit', 'create'],
      ['transition', 'submit'],
      ['transition', 'approve'],
      ['transition', 'release'],
      ['transition', 'hold'],
    ]);
    const [created, submit, approve, release, hold] = story;
    expect(created).toMatchObject({ by_name: expect.any(String) as string });
    expect(created!.changes).toHaveProperty('planned_units');
    expect(submit).toMatchObject({ from_status: 'draft', to_status: 'pending_approval' });
    expect(approve!.by_name).not.toBe(submit!.by_name);
    expect(release).toMatchObject({ from_status: 'approved', to_status: 'released' });
    expect(hold).toMatchObject({ to_status: 'on_hold', reason: 'Mixer 2 is down' });
    for (const entry of story) {
      expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1000);
      expect(entry.by_name).toBeTruthy();
    }
    const times = story.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('names the rows its changes reference, read in one query per referenced entity', async () => {
    const mo = await plant.planned(30, false);
    const [created] = (await timelineOf(plant, 'planning', 'production_orders', mo.id)).data;
    const { product } = plant;
    expect(created!.changes).toMatchObject({ product_id: [null, product.id] });
    // A SKU alone says little: the product reads by its SKU and its name.
    expect(created!.labels[`products:${product.id}`]).toBe(
      `${product.sku} · ${String(product.name)}`,
    );
    expect(created!.labels[`flows:${String((created!.changes.flow_id as number[])[1])}`]).toBe(
      'Test flow to labeling',
    );
    // Fields that are not references carry no label.
    expect(Object.keys(created!.labels).sort()).toEqual(
      [
        `flows:${String((created!.changes.flow_id as number[])[1])}`,
        `products:${product.id}`,
      ].sort(),
    );
  });

  it("tells a daily order's story too, the same route for every document", async () => {
    const d = await desk.accepted(18);
    const reply = await timelineOf(plant, 'requester', DAILY_ORDERS.name, d.id);
    expect(reply.httpStatus).toBe(200);
    const transitions = reply.data.filter((e) => e.kind === 'transition');
    expect(transitions.map((e) => [e.event, e.to_status])).toEqual([
      ['submit', 'submitted'],
      ['accept', 'accepted'],
    ]);
    // The production order the acceptance drafted starts its own story naming the daily order.
    const moId = d.lines[0]!.production_order_id!;
    const mo = await timelineOf(plant, 'planning', 'production_orders', moId);
    expect(mo.data[0]).toMatchObject({ kind: 'audit', event: 'create' });
    expect(mo.data[0]!.changes).toMatchObject({ daily_order: [null, d.number] });
  });

  it('refuses a role that may not read the entity, and an entity that does not exist', async () => {
    const mo = await plant.planned(12, false);
    // requester reads daily orders, never production orders; batcher the other way round.
    const refused = await timelineOf(plant, 'requester', 'production_orders', mo.id);
    expect(refused.httpStatus).toBe(403);
    expect(refused.message).toBe('no_privileges');
    expect(refused.data).toBeNull();
    const d = await desk.draft(5);
    expect((await timelineOf(plant, 'batcher', DAILY_ORDERS.name, d.id)).httpStatus).toBe(403);
    expect((await timelineOf(plant, 'requester', DAILY_ORDERS.name, d.id)).httpStatus).toBe(200);

    const unknown = await timelineOf(plant, 'admin', 'no_such_things', 1);
    expect(unknown.httpStatus).toBe(404);
    const bad = await timelineOf(plant, 'admin', 'production_orders', -3);
    expect(bad.httpStatus).toBe(422);
  });
});
