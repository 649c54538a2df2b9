import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSEMBLY_FLOWS } from '../../shared/entities/assembly-config.entities.ts';
import {
  ASSEMBLY_DASHBOARD_ORDERS,
  ASSEMBLY_ORDERS,
} from '../../shared/entities/assembly-orders.entity.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import type { List, Row } from '../../../../tests/support/entity-crud.ts';
import { startSalesWorld, type SalesWorld } from '../../../../tests/support/sales-fixtures.ts';
import { backends } from '../../../../tests/support/test-server.ts';

// Assembly orders sealing at the same moment from the same component stock. PGlite runs one
// transaction at a time, so only the PostgreSQL run can show a race; both must hold the rule:
// each order consumes stock that is still there when it seals (first to expire first), so
// every order the stock covers seals, and the rest are refused with nothing written. Release
// counts the components free, so the orders are released while every lot is there; then some
// lots are held back (a failed test) and the line is left short of what it was promised.

const FLOOR = ASSEMBLY_DASHBOARD_ORDERS.api;
const LOTS = 4;
const AT_ONCE = 6;

describe.each(backends())('assembly orders sealing at once on %s', (backend) => {
  let w: SalesWorld;
  beforeAll(async () => {
    w = await startSalesWorld(backend);
  }, 240_000);
  afterAll(async () => w.t.close());

  async function moved(who: string, api: string, order: Row, event: string, extra = {}) {
    const reply = await (
      await w.api(who)
    ).send<Row>('POST', `${api}/${order.id}/events/${event}`, {
      version: order.version,
      ...extra,
    });
    expect(reply.httpStatus, `${event}: ${JSON.stringify(reply.data)}`).toBe(200);
    return reply.data;
  }

  /** A kit of its own whose bill is one unit of `component`. */
  async function kitOf(component: number): Promise<number> {
    const [kit] = await queryRows<{ id: number }>(
      w.db,
      sql`insert into products (sku, name, type, measure_id, requires_stamp, stamp_jurisdiction_id)
          select 'KIT-RACE-' || ${component}, 'Race kit', 'kit', k.measure_id, true,
                 k.stamp_jurisdiction_id
            from products k where k.sku = 'KIT-MANGO-DUO'
          returning id::int as id`,
    );
    await w.db
      .execute(sql`insert into product_components (product_id, component_product_id, qty_per_unit)
      values (${kit!.id}, ${component}, 1)`);
    return kit!.id;
  }

  /** An order of `kit` for 10 units, released and started sealing. */
  async function sealing(kit: number): Promise<Row> {
    const admin = await w.api('admin');
    const flow = (await admin.get<List>(ASSEMBLY_FLOWS.api)).data.rows[0]!;
    const [on] = await queryRows<{ id: number }>(
      w.db,
      sql`select p.id::int as id from parameters p join parameter_types pt on pt.id = p.parameter_type_id
           where pt.code = 'stamp_jurisdiction' and p.code = 'ON'`,
    );
    const planned = await admin.create(ASSEMBLY_ORDERS, {
      product_id: kit,
      flow_id: flow.id,
      planned_units: 10,
      due_date: '2026-12-15',
      stamp_jurisdiction_id: on!.id,
    });
    const released = await moved('admin', ASSEMBLY_ORDERS.api, planned, 'release');
    return moved('sealer', FLOOR, released, 'start_sealing');
  }

  it('seals every order the stock covers, each from a lot still there, and refuses the rest', async () => {
    const component = await w.newPricedProduct();
    // One lot per order, each expiring after the one before; the last ones are held back
    // once every order is released, so only LOTS orders are covered at the sealer.
    const lots: number[] = [];
    for (let i = 0; i < AT_ONCE; i++) {
      lots.push(await w.stockLot(component, 10, `2027-0${i + 1}-01`));
    }
    const kit = await kitOf(component);
    const orders: Row[] = [];
    for (let i = 0; i < AT_ONCE; i++) orders.push(await sealing(kit));
    const held = lots.splice(LOTS);
    await w.db.execute(
      sql`update stock_lots set status = 'quarantine'
           where id = any(string_to_array(${held.join(',')}, ',')::bigint[])`,
    );

    const sealer = await w.api('sealer');
    const replies = await Promise.all(
      orders.map((o) =>
        sealer.send<Row>('POST', `${FLOOR}/${o.id}/events/finish_sealing`, {
          version: o.version,
          sealed_units: 10,
        }),
      ),
    );

    const sealed = replies.filter((r) => r.httpStatus === 200);
    expect(sealed, JSON.stringify(replies.map((r) => [r.httpStatus, r.data]))).toHaveLength(LOTS);
    for (const r of replies.filter((reply) => reply.httpStatus !== 200)) {
      expect(r.httpStatus).toBe(422);
      expect(Object.keys(r.data)).toEqual(['sealed_units']);
      expect(String(r.data.sealed_units)).toMatch(/^Insufficient stock for .+: 10 short$/);
    }
    // Every released lot went whole to one order; none of it is left, nothing below zero.
    const consumed = await queryRows<{ lot_id: number; qty: number; orders: number }>(
      w.db,
      sql`select lot_id::int as lot_id, sum(qty)::float8 as qty,
                 count(distinct source_id)::int as orders
            from stock_movements where product_id = ${component} and movement_type = 'consume'
           group by lot_id order by lot_id`,
    );
    expect(consumed).toEqual(lots.map((lot) => ({ lot_id: lot, qty: -10, orders: 1 })));
    const [left] = await queryRows<{ qty: number }>(
      w.db,
      sql`select coalesce(sum(b.qty_on_hand), 0)::float8 as qty from stock_balances b
            join stock_lots l on l.id = b.lot_id and l.status = 'released'
           where b.product_id = ${component}`,
    );
    expect(left!.qty).toBe(0);
    // The refused orders still wait at sealing, untouched.
    const refused = orders.filter((_, i) => replies[i]!.httpStatus !== 200);
    for (const o of refused) {
      const now = (await (await w.api('admin')).get<Row>(`${ASSEMBLY_ORDERS.api}/${o.id}`)).data;
      expect([now.stage, now.sealed_units, now.version]).toEqual(['sealing', 0, o.version]);
    }
  });
});
