import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { postMovements } from '../../server/db/stock/post-movements.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { tokenFor } from '../support/api-client.ts';
import { entityClient, type Row } from '../support/entity-crud.ts';
import { startPickDesk, type PickDesk } from '../support/pick-desk.ts';
import { backends, type TestServer } from '../support/test-server.ts';

// Picks: the batcher sees the lot and bin each pick takes and confirms it
// or scans another. The server takes another lot or bin only when it is a released lot of the
// pick's ingredient in a bin of the pick's location with enough of it on hand; anything else
// is refused on that line and nothing is picked. Batching then consumes what was picked.

type Pick = Row & {
  product_id: number;
  lot_id: number | null;
  bin_id: number | null;
  lot_no: string | null;
  bin_code: string | null;
  required_qty: number;
  picked_qty: number;
};
type Order = Row & { status: string; stage: string | null; picks_complete: number; picks: Pick[] };

describe.each(backends())('picks scanned to another lot or bin on %s', (backend) => {
  let desk: PickDesk;
  let t: TestServer;
  let as: PickDesk['as'];
  let mo: Order;
  let first: Pick;
  let locationId: number;
  const lots: Record<string, number> = {};
  let otherBin: { id: number; code: string };

  const db = () => t.server.database.db;
  const order = (id: number) => desk.order<Order>(id);
  const send = (who: string, path: string, body: Record<string, unknown> = {}) =>
    desk.send<Order>(who, mo.id, path, body);
  /** Every pick as suggested, the first one changed by `change`. */
  const picks = (change: Record<string, unknown>) =>
    mo.picks.map((p, i) => ({
      id: p.id,
      picked_qty: p.required_qty,
      lot_no: p.lot_no ?? '',
      bin_code: p.bin_code ?? '',
      ...(i === 0 ? change : {}),
    }));
  const nothingPicked = async () =>
    expect((await order(mo.id)).picks.every((p) => Number(p.picked_qty) === 0)).toBe(true);

  async function lotWithStock(lotNo: string, status: string, qty: number, binId: number | null) {
    const [lot] = await queryRows<{ id: number }>(
      db(),
      sql`insert into stock_lots (product_id, lot_no, source, expiry_date, status)
          values (${first.product_id}, ${lotNo}, 'receipt', '2030-01-01', 'released')
          returning id::int as id`,
    );
    await db().transaction((tx) =>
      postMovements(
        tx,
        [
          {
            productId: first.product_id,
            lotId: lot!.id,
            locationId,
            binId,
            qty,
            movementType: 'receipt',
          },
        ],
        { actorId: null },
      ),
    );
    await db().execute(sql`update stock_lots set status = ${status} where id = ${lot!.id}`);
    lots[lotNo] = lot!.id;
  }

  beforeAll(async () => {
    desk = await startPickDesk(backend);
    ({ t, as } = desk);
    mo = await desk.released<Order>(50);
    first = mo.picks[0]!;
    const [kept] = await queryRows<{ location_id: number }>(
      db(),
      sql`select location_id::int as location_id from batching_picks where id = ${first.id}`,
    );
    locationId = kept!.location_id;
    const [bin] = await queryRows<{ id: number; code: string }>(
      db(),
      sql`insert into bins (location_id, code) values (${locationId}, 'T-SCAN-BIN')
          returning id::int as id, code`,
    );
    otherBin = bin!;
    const [elsewhere] = await queryRows<{ id: number }>(
      db(),
      sql`select id::int as id from locations where id <> ${locationId} limit 1`,
    );
    await db().execute(
      sql`insert into bins (location_id, code) values (${elsewhere!.id}, 'T-ELSEWHERE')`,
    );
    const need = Number(first.required_qty);
    await lotWithStock('T-SCANNED', 'released', need * 2, otherBin.id);
    await lotWithStock('T-SMALL', 'released', need / 2, otherBin.id);
    await lotWithStock('T-HELD', 'quarantine', need * 2, otherBin.id);
  }, 120_000);
  afterAll(async () => t?.close());

  it('shows each pick with the lot and bin it takes', () => {
    expect(mo.picks.length).toBeGreaterThan(0);
    for (const pick of mo.picks) {
      expect(pick.lot_id === null || typeof pick.lot_no === 'string').toBe(true);
      expect(pick.bin_id === null || typeof pick.bin_code === 'string').toBe(true);
    }
  });

  it('offers the released lots in the bins of the location of the pick, not quarantined ones', async () => {
    const reply = await as.batcher.get<{
      rows: { pick_id: number; lot_no: string; bin_code: string; available: number }[];
    }>(`${PRODUCTION_ORDERS.api}/${mo.id}/pick-options`);
    expect(reply.httpStatus).toBe(200);
    const forFirst = reply.data.rows.filter((r) => r.pick_id === first.id);
    const need = Number(first.required_qty);
    const offered = (lot: string) =>
      forFirst.find((r) => r.lot_no === lot && r.bin_code === 'T-SCAN-BIN')?.available ?? 0;
    expect(offered('T-SCANNED')).toBeCloseTo(need * 2, 2);
    expect(offered('T-SMALL')).toBeCloseTo(need / 2, 2);
    // The suggestion is held by this very order, so it is offered in full.
    expect(forFirst.map((r) => r.lot_no)).toContain(first.lot_no);
    expect(forFirst.map((r) => r.lot_no)).not.toContain('T-HELD');
    const outsider = entityClient(t.url, await tokenFor(t.url, 'inventory'));
    expect((await outsider.get(`${PRODUCTION_ORDERS.api}/${mo.id}/pick-options`)).httpStatus).toBe(
      403,
    );
  });

  it('refuses a lot that is unknown, quarantined, of another ingredient, or short', async () => {
    const other = mo.picks.find((p) => p.product_id !== first.product_id && p.lot_no);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ lot_no: 'NO-SUCH-LOT' }, 'lot_no', /not a lot of this ingredient/],
      [{ lot_no: 'T-HELD', bin_code: otherBin.code }, 'lot_no', /quarantine, not released/],
      [{ lot_no: 'T-SCANNED', bin_code: 'T-ELSEWHERE' }, 'bin_code', /not a bin of this/],
      // The scanned lot is not in the suggested bin.
      ...(first.bin_code
        ? [
            [{ lot_no: 'T-SCANNED' }, 'lot_no', /has no stock in bin/] as [
              Record<string, unknown>,
              string,
              RegExp,
            ],
          ]
        : []),
      ...(other
        ? [
            [{ lot_no: other.lot_no }, 'lot_no', /not a lot of this ingredient/] as [
              Record<string, unknown>,
              string,
              RegExp,
            ],
          ]
        : []),
    ];
    for (const [change, field, message] of cases) {
      const reply = await send('batcher', 'picks', { picks: picks(change) });
      expect(reply.httpStatus, JSON.stringify(change)).toBe(422);
      expect(reply.data, JSON.stringify(change)).toEqual({
        [`picks.0.${field}`]: expect.stringMatching(message) as unknown,
      });
      await nothingPicked();
    }
    const short = await send('batcher', 'picks', {
      picks: picks({ lot_no: 'T-SMALL', bin_code: otherBin.code }),
    });
    expect(short.httpStatus).toBe(422);
    expect(JSON.stringify(short.data)).toMatch(/on hand/);
    await nothingPicked();
    const planner = await send('planning', 'picks', { picks: picks({}) });
    expect(planner.httpStatus).toBe(403);
  });

  it('takes a scanned lot and bin, and batching consumes them', async () => {
    const reply = await send('batcher', 'picks', {
      picks: picks({ lot_no: 'T-SCANNED', bin_code: otherBin.code }),
    });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
    const picked = await order(mo.id);
    expect(picked.picks_complete).toBe(1);
    expect(picked.picks[0]).toMatchObject({
      id: first.id,
      lot_no: 'T-SCANNED',
      bin_code: 'T-SCAN-BIN',
      lot_id: lots['T-SCANNED'],
      bin_id: otherBin.id,
    });
    expect(Number(picked.picks[0]!.picked_qty)).toBeCloseTo(Number(first.required_qty), 3);
    expect((await send('batcher', 'events/start_batching')).httpStatus).toBe(200);
    const finished = await send('batcher', 'events/finish_batching', { actual_batch_ml: 1500 });
    expect(finished.httpStatus, JSON.stringify(finished.data)).toBe(200);
    const [consumed] = await queryRows<{ qty: number }>(
      db(),
      sql`select sum(qty)::float8 as qty from stock_movements
           where lot_id = ${lots['T-SCANNED']!} and movement_type = 'consume'
             and bin_id = ${otherBin.id}`,
    );
    expect(consumed!.qty).toBeCloseTo(-Number(first.required_qty), 3);
  });
});
