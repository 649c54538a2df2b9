import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { STAMPING_CORRECTIONS as STC } from '../../src/domain/entities/production/stamping-corrections.entity.ts';
import { STAMPING_ORDERS } from '../../src/domain/entities/production/stamping-orders.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import type { Row } from '../support/entity-crud.ts';
import { startRestampPlant, type StampingPlant } from '../support/stamping-plant.ts';
import { backends } from '../support/test-server.ts';

// Stamping order corrections (docs/domain/production.md §3.2) through HTTP: requested by the
// correction roles with a reason, approved by a manager who did not request them, applied with
// compensating reel and stock movements; refused by role (403), guard (422) and stale version (409)
// with nothing written; after every correction each reel line still reconciles, remaining = Σ
// movements ≥ 0 and stock_balances = Σ ledger.

type Correction = Row & { number: string; status: string; old_value: number; new_value: number };

describe.each(backends())('stamping order corrections on %s', (backend) => {
  let p: StampingPlant;
  let floor: number;
  let stampedSku: number;

  beforeAll(async () => {
    ({ p, stampedSku, floor } = await startRestampPlant(backend));
  }, 120_000);
  afterAll(async () => p.t.close());

  /** A finished restamp: 100 stamps issued, 38 applied, 3 wasted, 1 damaged, 58 returned. */
  async function finished() {
    const reel = await p.reel(100);
    const created = await p.as.stamper!.send<Row>('POST', STAMPING_ORDERS.api, {
      source_product_id: p.product.id,
      product_id: stampedSku,
      location_id: floor,
      stamp_jurisdiction_id: p.ids.on,
      machine_id: p.ids.stm1,
      planned_units: 40,
    });
    const id = created.data.id;
    await p.moved('stamper', id, 'save');
    await p.moved('stamper', id, 'start', { reel_ids: [reel.id] });
    const issued = await p.moved('stamp_inventory', id, 'issue', {}, 'pending');
    await p.moved('stamper', id, 'finish', {
      counter_end: Number(issued.counter_start) + 41,
      wasted_bottles: 2,
      reels: [{ reel_id: reel.id, applied: 38, wasted: 3, damaged: 1, returned: 58 }],
    });
    return { id, reel };
  }
  const correction = async (id: number) =>
    (await p.as.admin!.get<Correction>(`${STC.api}/${id}`)).data;
  const request = (who: string, body: Record<string, unknown>) =>
    p.as[who]!.send<Correction>('POST', STC.api, { reason: 'Recount at shift end', ...body });
  const send = async (who: string, id: number, event: string, extra: object = {}) =>
    p.as[who]!.send<Correction>('POST', `${STC.api}/${id}/events/${event}`, {
      version: (await correction(id)).version,
      ...extra,
    });
  const ok = async (reply: Awaited<ReturnType<typeof send>>, status = 200) => {
    expect(reply.httpStatus, `${reply.message} ${JSON.stringify(reply.data)}`).toBe(status);
    return reply.data;
  };
  const lineOf = async (orderId: number) =>
    (await p.stamping(orderId)).reels[0] as unknown as Record<string, number>;
  const reconciled = (l: Record<string, number>) =>
    l.issued_qty === l.applied! + l.wasted! + l.damaged! + l.returned!;

  it('requests, approves and applies a stamp counter with a compensating reel movement', async () => {
    const { id, reel } = await finished();
    const asked = await ok(
      await request('supervisor', {
        stamping_order_id: id,
        field: 'applied',
        reel_id: reel.id,
        new_value: 43,
      }),
      201,
    );
    expect(asked).toMatchObject({ status: 'requested', old_value: 38, new_value: 43 });
    expect(asked.number).toMatch(/^STC-\d{5}$/);
    await ok(await send('manager', asked.id, 'approve'));
    const applied = await ok(await send('supervisor', asked.id, 'apply'));
    expect(applied.status).toBe('applied');
    const line = await lineOf(id);
    expect(line).toMatchObject({ applied: 43, returned: 53 });
    expect(reconciled(line)).toBe(true);
    expect(await p.reelLedger(Number(reel.id))).toEqual({
      sum: 53,
      remaining: 53,
      status: 'available',
    });
    expect(await p.stamping(id)).toMatchObject({ applied_stamps: 43, returned_stamps: 53 });

    // Fewer applied than recorded: the stamps go back onto the reel with an adjust.
    const fewer = await ok(
      await request('stamp_inventory', {
        stamping_order_id: id,
        field: 'applied',
        reel_id: reel.id,
        new_value: 33,
      }),
      201,
    );
    await ok(await send('manager', fewer.id, 'approve'));
    await ok(await send('stamp_inventory', fewer.id, 'apply'));
    expect(await p.reelLedger(Number(reel.id))).toEqual({
      sum: 63,
      remaining: 63,
      status: 'available',
    });
    expect(reconciled(await lineOf(id))).toBe(true);
  });

  it('moves the stock for stamped units and wasted bottles of a restamp', async () => {
    const { id } = await finished();
    const more = await ok(
      await request('manager', { stamping_order_id: id, field: 'stamped_units', new_value: 40 }),
      201,
    );
    // Maker-checker: the manager who asked does not approve.
    const own = await send('manager', more.id, 'approve');
    expect(own.httpStatus).toBe(422);
    expect((await correction(more.id)).status).toBe('requested');
    await ok(await send('admin', more.id, 'approve'));
    await ok(await send('manager', more.id, 'apply'));
    const waste = await ok(
      await request('supervisor', { stamping_order_id: id, field: 'wasted_bottles', new_value: 3 }),
      201,
    );
    await ok(await send('manager', waste.id, 'approve'));
    await ok(await send('supervisor', waste.id, 'apply'));
    const moves = await queryRows<{ product_id: number; qty: number }>(
      p.db(),
      sql`select product_id::int as product_id, qty::float8 as qty from stock_movements
           where source_type = 'product_stamping_order_corrections' and source_id in (${more.id}, ${waste.id})
             and movement_type = 'correction' order by id`,
    );
    expect(moves).toEqual([
      { product_id: p.product.id, qty: -2 },
      { product_id: stampedSku, qty: 2 },
      { product_id: p.product.id, qty: -1 },
    ]);
    expect(await p.stamping(id)).toMatchObject({ stamped_units: 40, wasted_bottles: 3 });
    expect(await p.ledgerDrift()).toBe(0);
  });

  it('refuses by role, by guard and a stale version, writing nothing', async () => {
    const { id, reel } = await finished();
    const body = { stamping_order_id: id, field: 'applied', reel_id: reel.id, new_value: 50 };
    expect((await request('stamper', body)).httpStatus).toBe(403);
    expect((await request('supervisor', { ...body, reason: ' ' })).data).toEqual({
      reason: 'required',
    });
    expect((await request('supervisor', { ...body, reel_id: undefined })).data).toEqual({
      reel_id: 'required',
    });
    expect((await request('supervisor', { ...body, new_value: 38 })).httpStatus).toBe(422);
    const open = await p.as.stamper!.send<Row>('POST', STAMPING_ORDERS.api, {
      source_product_id: p.product.id,
      product_id: stampedSku,
      location_id: floor,
      stamp_jurisdiction_id: p.ids.on,
      machine_id: p.ids.stm1,
      planned_units: 5,
    });
    const draft = await request('supervisor', {
      stamping_order_id: open.data.id,
      field: 'wasted_bottles',
      new_value: 1,
    });
    expect(draft.httpStatus).toBe(422);

    // 100 applied needs 62 more stamps off the reel: only the 58 returned ones exist.
    const tooMany = await ok(await request('supervisor', { ...body, new_value: 100 }), 201);
    expect((await send('supervisor', tooMany.id, 'approve')).httpStatus).toBe(403);
    await ok(await send('manager', tooMany.id, 'approve'));
    const refused = await send('supervisor', tooMany.id, 'apply');
    expect(refused.httpStatus).toBe(422);
    expect(String((refused.data as Record<string, string>).status)).toContain('58 stamps returned');
    expect(await p.reelLedger(Number(reel.id))).toEqual({
      sum: 58,
      remaining: 58,
      status: 'available',
    });

    const asked = await ok(await request('supervisor', body), 201);
    const stale = await p.as.manager!.send('POST', `${STC.api}/${asked.id}/events/approve`, {
      version: asked.version + 5,
    });
    expect(stale.httpStatus).toBe(409);
    const rejected = await send('manager', asked.id, 'reject');
    expect(rejected.data).toEqual({ reason: 'required' });
    await ok(await send('manager', asked.id, 'reject', { reason: 'Count was right' }));
    expect((await correction(asked.id)).status).toBe('rejected');
    expect(await lineOf(id)).toMatchObject({ applied: 38, returned: 58 });
  });
});
