import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import { RECEIVING_CONTAINERS } from '../../modules/lab/shared/entities/receiving-containers.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import {
  connectEcho,
  disconnectEchoes,
  subscribed,
  waitFor,
} from '../support/echo-client.ts';
import type { Row } from '../support/entity-crud.ts';
import { plantOn, type Plant } from '../support/production-plant.ts';
import { locationIdOf, receivedLot } from '../support/received-lot.ts';
import {
  backends,
  startTestServer,
  type TestServer,
} from '../support/test-server.ts';

// Lab receiving containers after release (docs/domain/lab-receiving.md §10): released → in_use at
// the first batching pick of their lot (the server's doing), then the supervisor's "Mark empty" and
// "Dispose" through receiving-container.machine.ts: by role, by guard (the last open container
// of a lot the books still hold stock of), by version, logged and broadcast.

const API = RECEIVING_CONTAINERS.api;
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

describe.each(backends())('lab receiving containers after release on %s', (backend) => {
  let t: TestServer;
  let plant: Plant;
  let lab = 0;
  let supplierId = 0;

  beforeAll(async () => {
    t = await startTestServer({ backend });
    plant = await plantOn(t, ['supervisor', 'warehouse']);
    lab = await locationIdOf(t.server.database.db, 'LAB');
    const [supplier] = await queryRows<{ id: number }>(
      t.server.database.db,
      sql`select id::int as id from suppliers order by id limit 1`,
    );
    supplierId = supplier!.id;
    // The first suite of a run builds the demo template: slow on a shared machine.
  }, 240_000);
  afterEach(() => disconnectEchoes());
  afterAll(async () => t.close());

  /**
   * Containers of `lotId` in these statuses, with the released receiving and item they came
   * from, written as the lab receiving's events leave them.
   */
  async function containersOf(lotId: number, statuses: string[]): Promise<number[]> {
    const db = t.server.database.db;
    const [lot] = await queryRows<{ product_id: number; lot_no: string }>(
      db,
      sql`select product_id::int as product_id, lot_no from stock_lots where id = ${lotId}`,
    );
    const [receiving] = await queryRows<{ id: number }>(
      db,
      sql`insert into lab_receivings (number, supplier_id, location_id, received_at, status)
          values (${unique('LR-T')}, ${supplierId}, ${lab}, '2026-11-20', 'released')
          returning id::int as id`,
    );
    const [item] = await queryRows<{ id: number }>(
      db,
      sql`insert into lab_receiving_items
            (lab_receiving_id, product_id, supplier_lot_no, lot_id, qty, container_count)
          values (${receiving!.id}, ${lot!.product_id}, ${lot!.lot_no}, ${lotId},
                  ${statuses.length * 100}, ${statuses.length})
          returning id::int as id`,
    );
    const ids: number[] = [];
    for (const status of statuses) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`insert into receiving_containers (code, lab_receiving_item_id, net_qty, location_id, status)
            values (${unique('CT-T')}, ${item!.id}, 100, ${lab}, ${status})
            returning id::int as id`,
      );
      ids.push(row!.id);
    }
    return ids;
  }

  /** A lot of a lab product with `qty` on hand at the lab (0: a lot the books hold none of). */
  async function labLot(qty: number): Promise<number> {
    const db = t.server.database.db;
    const [product] = await queryRows<{ id: number }>(
      db,
      sql`select id::int as id from products where sku = 'RM-PG-USP'`,
    );
    if (qty > 0) {
      return receivedLot(db, { productId: product!.id, locationId: lab, lotNo: unique('L'), qty });
    }
    const [lot] = await queryRows<{ id: number }>(
      db,
      sql`insert into stock_lots (product_id, lot_no, source)
          values (${product!.id}, ${unique('L')}, 'receipt') returning id::int as id`,
    );
    return lot!.id;
  }

  const container = async (id: number) =>
    (await plant.as.supervisor!.get<Row>(`${API}/${id}`)).data;
  const send = async (user: string, id: number, event: string, version?: number) =>
    plant.as[user]!.send<Row>('POST', `${API}/${id}/events/${event}`, {
      version: version ?? (await container(id)).version,
    });
  const transitions = (id: number) =>
    queryRows<{ from_status: string; to_status: string; event: string; created_by: number }>(
      t.server.database.db,
      sql`select from_status, to_status, event, created_by::int as created_by
            from status_transitions
           where entity_type = 'receiving_containers' and entity_id = ${id} order by id`,
    );

  it('puts the released containers of a lot in use at its first batching pick, logged and broadcast', async () => {
    const order = await plant.planned(60);
    const [picked] = await queryRows<{ lot_id: number }>(
      t.server.database.db,
      sql`select lot_id::int as lot_id from batching_picks
           where production_order_id = ${order.id} and lot_id is not null order by id limit 1`,
    );
    const opened = await containersOf(picked!.lot_id, ['released', 'released']);
    const [untouched] = await containersOf(await labLot(500), ['released']);
    const echo = await connectEcho(t.url, plant.as.supervisor!.token);
    const channel = echo.private('lab.receiving');
    await subscribed(channel);
    const heard: number[] = [];
    const bothHeard = waitFor(
      new Promise<void>((resolve) =>
        channel.listen('.container.updated', (row: { id: number }) => {
          heard.push(row.id);
          if (opened.every((id) => heard.includes(id))) resolve();
        }),
      ),
      'container.updated of both opened containers',
    );

    const picks = await plant.as.batcher!.send(
      'POST',
      `${PRODUCTION_ORDERS.api}/${order.id}/picks`,
      {
        version: (await plant.order(order.id)).version,
      },
    );
    expect(picks.httpStatus, JSON.stringify(picks.data)).toBe(200);

    const [batcher] = await queryRows<{ id: number }>(
      t.server.database.db,
      sql`select id::int as id from users where username = 'batcher'`,
    );
    for (const id of opened) {
      expect((await container(id)).status).toBe('in_use');
      expect(await transitions(id)).toEqual([
        {
          from_status: 'released',
          to_status: 'in_use',
          event: 'first_pick',
          created_by: batcher!.id,
        },
      ]);
    }
    expect((await container(untouched!)).status).toBe('released');
    await bothHeard;
  });

  it('lets the supervisor mark an in-use container empty; refuses other roles and a stale version', async () => {
    const [first, second] = await containersOf(await labLot(500), ['in_use', 'in_use']);
    const before = await container(first!);
    expect((await send('warehouse', first!, 'mark_empty')).httpStatus).toBe(403);
    expect((await send('batcher', first!, 'mark_empty')).httpStatus).toBe(403);
    const stale = await send('supervisor', first!, 'mark_empty', before.version + 1);
    expect(stale.httpStatus).toBe(409);
    expect((await container(first!)).status).toBe('in_use');

    const empty = await send('supervisor', first!, 'mark_empty', before.version);
    expect(empty.httpStatus, JSON.stringify(empty.data)).toBe(200);
    expect(empty.data).toMatchObject({ status: 'empty' });
    expect(empty.data.version).toBeGreaterThan(before.version);
    expect((await transitions(first!)).map((r) => r.event)).toEqual(['mark_empty']);
    expect((await container(second!)).status).toBe('in_use');
  });

  it('refuses to empty the last open container of a lot the books still hold stock of, and says why', async () => {
    const [last] = await containersOf(await labLot(250), ['in_use']);
    const row = await container(last!);
    expect(row.empty_blocker).toMatch(/still has 250 .*last open container/);
    const refused = await send('supervisor', last!, 'mark_empty');
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toEqual({ status: row.empty_blocker });
    expect((await container(last!)).status).toBe('in_use');
    expect(await transitions(last!)).toEqual([]);

    // A lot used up (nothing on the books) lets its last container go empty.
    const [usedUp] = await containersOf(await labLot(0), ['in_use']);
    expect((await container(usedUp!)).empty_blocker).toBeNull();
    expect((await send('supervisor', usedUp!, 'mark_empty')).httpStatus).toBe(200);
  });

  it('empties every open container of a lot with stock but one when all are sent at once', async () => {
    // PGlite runs one transaction at a time: only the PostgreSQL run can show the race, where
    // each container read the others still open and the lot was left with none.
    const ids = await containersOf(await labLot(250), Array<string>(10).fill('in_use'));
    const versions = await Promise.all(ids.map(async (id) => (await container(id)).version));
    const replies = await Promise.all(
      ids.map((id, i) => send('supervisor', id, 'mark_empty', versions[i])),
    );
    expect(replies.filter((r) => r.httpStatus === 200)).toHaveLength(ids.length - 1);
    const refused = replies.filter((r) => r.httpStatus !== 200);
    expect(refused.map((r) => r.httpStatus)).toEqual([422]);
    expect(JSON.stringify(refused[0]!.data)).toMatch(/last open container/);
    const open = await Promise.all(ids.map(async (id) => (await container(id)).status));
    expect(open.filter((status) => status === 'in_use')).toHaveLength(1);
  });

  it('disposes of an empty container after confirmation; refuses one still in use, twice, by role and stale', async () => {
    const [inUse, empty] = await containersOf(await labLot(0), ['in_use', 'empty']);
    const notEmpty = await send('supervisor', inUse!, 'dispose');
    expect(notEmpty.httpStatus).toBe(422);
    expect(notEmpty.data).toEqual({ status: 'Transition in_use→dispose not allowed' });
    expect((await send('warehouse', empty!, 'dispose')).httpStatus).toBe(403);
    const before = await container(empty!);
    expect((await send('supervisor', empty!, 'dispose', before.version + 1)).httpStatus).toBe(409);

    const disposed = await send('supervisor', empty!, 'dispose', before.version);
    expect(disposed.httpStatus, JSON.stringify(disposed.data)).toBe(200);
    expect(disposed.data.status).toBe('disposed');
    expect((await transitions(empty!)).map((r) => [r.from_status, r.to_status])).toEqual([
      ['empty', 'disposed'],
    ]);
    expect((await send('supervisor', empty!, 'dispose')).httpStatus).toBe(422);
    const edit = await plant.as.supervisor!.send('PUT', `${API}/${empty!}`, {
      version: disposed.data.version,
      tare_qty: 3,
    });
    expect(edit.httpStatus).toBe(422);
  });
});
