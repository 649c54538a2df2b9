import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { postMovements } from '../../server/db/stock/post-movements.ts';
import type { Row } from '../support/entity-crud.ts';
import { startPickDesk, type PickDesk } from '../support/pick-desk.ts';
import { backends, type TestServer } from '../support/test-server.ts';

// Picks hold stock until batching consumes it: a second order is not offered what the first
// one counts on, and nobody may record more than is on hand with everyone's holds counted.
// Before, two orders could count on the same drum and the second was stuck at finish batching.

type Pick = Row & {
  product_id: number;
  lot_id: number | null;
  bin_id: number | null;
  required_qty: number;
  picked_qty: number;
};
type Order = Row & {
  status: string;
  picks: Pick[];
  ingredients: (Row & { product_id: number; required_qty: number })[];
};

describe.each(backends())('picks hold their stock on %s', (backend) => {
  let desk: PickDesk;
  let t: TestServer;

  const order = (id: number) => desk.order<Order>(id);
  const send = (who: string, id: number, path: string, body: Record<string, unknown> = {}) =>
    desk.send<Order>(who, id, path, body);
  const released = (units: number) => desk.released<Order>(units);

  beforeAll(async () => {
    desk = await startPickDesk(backend);
    ({ t } = desk);
    // The server's start, on a machine other suites share.
  }, 120_000);
  afterAll(async () => desk?.t.close());

  it('offers a second order only what the first does not hold, and refuses picking more', async () => {
    // What one order of 100 units needs of its first ingredient, and where it is kept.
    const probe = await released(100);
    const need = probe.ingredients[0]!;
    const where = probe.picks.find((p) => p.product_id === need.product_id)!;
    expect(
      (await send('planning', probe.id, 'events/cancel', { reason: 'probe' })).httpStatus,
    ).toBe(200);

    // A lot that expires before any other holds one and a half orders' worth: first in line.
    const lotQty = Math.round(Number(need.required_qty) * 1.5);
    const db = t.server.database.db;
    const [kept] = await queryRows<{ location_id: number }>(
      db,
      sql`select location_id::int as location_id from batching_picks where id = ${where.id}`,
    );
    const [lot] = await queryRows<{ id: number }>(
      db,
      sql`insert into stock_lots (product_id, lot_no, source, expiry_date, status)
          values (${need.product_id}, 'T-FIRST-OUT', 'receipt', '2000-01-01', 'released')
          returning id::int as id`,
    );
    await db.transaction((tx) =>
      postMovements(
        tx,
        [
          {
            productId: need.product_id,
            lotId: lot!.id,
            locationId: kept!.location_id,
            binId: where.bin_id,
            qty: lotQty,
            movementType: 'receipt',
          },
        ],
        { actorId: null },
      ),
    );
    const onLot = (o: Order) => o.picks.filter((p) => p.lot_id === lot!.id);

    const first = await released(100);
    const second = await released(100);
    const firstHolds = onLot(first).reduce((sum, p) => sum + Number(p.required_qty), 0);
    const secondOffered = onLot(second).reduce((sum, p) => sum + Number(p.required_qty), 0);
    expect(firstHolds).toBeCloseTo(Number(need.required_qty), 3);
    expect(firstHolds + secondOffered).toBeCloseTo(lotQty, 3);

    // The second order takes the whole lot: the first one's hold makes that too much.
    const grab = await send('batcher', second.id, 'picks', {
      picks: [{ id: onLot(second)[0]!.id, picked_qty: lotQty }],
    });
    expect(grab.httpStatus).toBe(422);
    expect(JSON.stringify(grab.data)).toMatch(/other orders already hold/);
    expect((await order(second.id)).picks.every((p) => Number(p.picked_qty) === 0)).toBe(true);

    // As suggested, both fit; once the first order is cancelled its hold is gone.
    const asSuggested = await send('batcher', first.id, 'picks');
    expect(asSuggested.httpStatus, JSON.stringify(asSuggested.data)).toBe(200);
    expect((await send('batcher', second.id, 'picks')).httpStatus).toBe(200);
    expect((await send('planning', first.id, 'events/cancel', { reason: 'x' })).httpStatus).toBe(
      200,
    );
    const whole = await send('batcher', second.id, 'picks', {
      picks: [{ id: onLot(second)[0]!.id, picked_qty: lotQty }],
    });
    expect(whole.httpStatus, JSON.stringify(whole.data)).toBe(200);
  });
});
