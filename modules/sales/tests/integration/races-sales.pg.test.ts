import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS } from '../../../general/shared/entities/customers.entity.ts';
import { SALES_ORDERS } from '../../shared/entities/sales-orders.entity.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import type { Row } from '../../../../tests/support/entity-crud.ts';
import {
  shippedFrom,
  startSalesWorld,
  type SalesWorld,
} from '../../../../tests/support/sales-fixtures.ts';
import { onHandAndHeld } from '../../../../tests/support/stock-fixtures.ts';
import { backends } from '../../../../tests/support/test-server.ts';

// Events that read shared state, sent by many people at the same moment. PGlite runs one
// transaction at a time, so only the PostgreSQL run can show a race; both must hold the rule:
// exactly the allowed number succeed, and stock, totals and the ledger stay true.

const API = SALES_ORDERS.api;
const AT_ONCE = 20;

describe.each(backends())('sales events sent at once on %s', (backend) => {
  let w: SalesWorld;
  beforeAll(async () => {
    w = await startSalesWorld(backend);
  }, 240_000);
  afterAll(async () => w.t.close());

  async function draft(customer: number, lines: { product_id: number; qty: number }[]) {
    const reply = await (await w.api('sale')).send<Row>('POST', API, w.orderOf(customer, lines));
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return reply.data;
  }
  async function event(doc: Row, name: string) {
    return (await w.api('sale')).send<Row>('POST', `${API}/${doc.id}/events/${name}`, {
      version: doc.version,
    });
  }
  async function ok(doc: Row, name: string) {
    const reply = await event(doc, name);
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
    return reply.data;
  }
  it('allocates the free stock to exactly one of many orders that each want all of it', async () => {
    const product = await w.newPricedProduct();
    await w.stockLot(product, 384, '2027-01-01');
    const customer = await w.newCustomer('ON', 10_000_000);
    const orders: Row[] = [];
    for (let i = 0; i < AT_ONCE; i++) {
      orders.push(await ok(await draft(customer, [{ product_id: product, qty: 384 }]), 'confirm'));
    }
    const replies = await Promise.all(orders.map((o) => event(o, 'allocate')));
    const won = replies.filter((r) => r.httpStatus === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.data.allocation_status).toBe('allocated');
    const refused = replies.filter((r) => r.httpStatus !== 200);
    for (const r of refused) {
      expect(r.httpStatus).toBe(422);
      expect(JSON.stringify(r.data)).toMatch(/Insufficient stock for .+/);
    }
    expect(await onHandAndHeld(w.db, product)).toEqual({ on_hand: 384, held: 384 });
  });

  it('never allocates more than is free when many orders each want part of it', async () => {
    const product = await w.newPricedProduct();
    await w.stockLot(product, 100, '2027-01-01');
    const customer = await w.newCustomer('ON', 10_000_000);
    const orders: Row[] = [];
    for (let i = 0; i < AT_ONCE; i++) {
      orders.push(await ok(await draft(customer, [{ product_id: product, qty: 7 }]), 'confirm'));
    }
    const replies = await Promise.all(orders.map((o) => event(o, 'allocate')));
    const won = replies.filter((r) => r.httpStatus === 200).map((r) => r.data);
    // 14 orders get their 7, the 15th the 2 left; the other five find nothing free.
    expect(won.filter((o) => o.allocation_status === 'allocated')).toHaveLength(14);
    expect(won.filter((o) => o.allocation_status === 'partially_allocated')).toHaveLength(1);
    expect(replies.filter((r) => r.httpStatus === 422)).toHaveLength(5);
    expect(await onHandAndHeld(w.db, product)).toEqual({ on_hand: 100, held: 100 });
  });

  it('confirms orders of one customer at once only up to its credit limit', async () => {
    const product = await w.newPricedProduct();
    // Ten orders of 500 (a few thousand dollars each with HST) against a 10,000 limit.
    const customer = await w.newCustomer('ON', 10_000);
    const drafts: Row[] = [];
    for (let i = 0; i < 10; i++)
      drafts.push(await draft(customer, [{ product_id: product, qty: 500 }]));
    const each = Number(drafts[0]!.total);
    expect(each).toBeGreaterThan(2_000);
    const replies = await Promise.all(drafts.map((d) => event(d, 'confirm')));
    expect(replies.filter((r) => r.httpStatus === 200)).toHaveLength(Math.floor(10_000 / each));
    for (const r of replies.filter((x) => x.httpStatus !== 200)) {
      expect(r.httpStatus).toBe(422);
      expect(JSON.stringify(r.data)).toContain('credit limit');
    }
    const [open] = await queryRows<{ total: number }>(
      w.db,
      sql`select coalesce(sum(total), 0)::float8 as total from sales_orders
           where customer_id = ${customer} and status = 'confirmed'`,
    );
    expect(open!.total).toBeLessThanOrEqual(10_000);
  });

  it("keeps a customer's confirmed total equal to its confirmed orders as they change at once", async () => {
    const product = await w.newPricedProduct();
    const customer = await w.newCustomer('ON', 10_000_000);
    const customerVersion = async () =>
      (
        await queryRows<{ version: number }>(
          w.db,
          sql`select version from customers where id = ${customer}`,
        )
      )[0]!.version;
    const versionBefore = await customerVersion();
    const drafts: Row[] = [];
    for (let i = 0; i < 12; i++)
      drafts.push(await draft(customer, [{ product_id: product, qty: 1 + i }]));
    const confirmed = await Promise.all(drafts.map((d) => event(d, 'confirm')));
    expect(confirmed.map((r) => r.httpStatus)).toEqual(drafts.map(() => 200));
    // Half of them cancelled at once, while two more are confirmed.
    const more = [
      await draft(customer, [{ product_id: product, qty: 20 }]),
      await draft(customer, [{ product_id: product, qty: 30 }]),
    ];
    const changes = await Promise.all([
      ...confirmed.slice(0, 6).map(async ({ data }) =>
        (await w.api('sale')).send('POST', `${API}/${data.id}/events/cancel`, {
          version: data.version,
          reason: 'not wanted',
        }),
      ),
      ...more.map((d) => event(d, 'confirm')),
    ]);
    expect(changes.map((r) => r.httpStatus)).toEqual(changes.map(() => 200));
    const [kept] = await queryRows<{ kept: number; summed: number }>(
      w.db,
      sql`select (select t.confirmed_total from customer_order_totals t
                   where t.customer_id = c.id)::float8 as kept,
                 (select coalesce(sum(o.total), 0)::float8 from sales_orders o
                   where o.customer_id = c.id and o.status = 'confirmed') as summed
            from customers c where c.id = ${customer}`,
    );
    expect(kept!.kept).toBe(kept!.summed);
    expect(kept!.summed).toBeGreaterThan(0);
    // The database kept the total; nobody edited the customer, so an edit begun before stands.
    expect(await customerVersion()).toBe(versionBefore);
    // An order's open total is the others', whichever it is.
    const next = await draft(customer, [{ product_id: product, qty: 1 }]);
    expect(next.open_orders_total).toBeCloseTo(kept!.summed, 2);
    const oneOfThem = await (await w.api('sale')).get<Row>(`${API}/${more[0]!.id}`);
    expect(oneOfThem.data.open_orders_total).toBeCloseTo(
      kept!.summed - Number(oneOfThem.data.total),
      2,
    );
  });

  it("renames a customer while its orders are confirmed and cancelled, and neither waits on the other's lock", async () => {
    // The rename rewrites the customer's name on its orders (0068_order_labels_sql) while each
    // order's change updates the customer's confirmed total: were that total on the customer's
    // row, the two would take the same two locks in opposite orders and PostgreSQL would abort
    // one of them as a deadlock.
    const product = await w.newPricedProduct();
    const customer = await w.newCustomer('ON', 10_000_000);
    const admin = await w.api('admin');
    for (let round = 1; round <= 6; round++) {
      const confirmed: Row[] = [];
      for (let i = 0; i < 3; i++)
        confirmed.push(
          await ok(await draft(customer, [{ product_id: product, qty: 1 }]), 'confirm'),
        );
      const drafts = [
        await draft(customer, [{ product_id: product, qty: 2 }]),
        await draft(customer, [{ product_id: product, qty: 3 }]),
      ];
      const current = (await admin.get<Row>(`${CUSTOMERS.api}/${customer}`)).data;
      const replies = await Promise.all([
        ...confirmed.map(async (o) =>
          (await w.api('sale')).send('POST', `${API}/${o.id}/events/cancel`, {
            version: o.version,
            reason: 'not wanted',
          }),
        ),
        admin.send('PUT', `${CUSTOMERS.api}/${customer}`, {
          name: `Renamed ${round}`,
          version: current.version,
        }),
        ...drafts.map((d) => event(d, 'confirm')),
      ]);
      expect(
        replies.map((r) => r.httpStatus),
        JSON.stringify(replies.filter((r) => r.httpStatus !== 200)),
      ).toEqual(replies.map(() => 200));
    }
    const [after] = await queryRows<{ names: string[] }>(
      w.db,
      sql`select array_agg(distinct customer_name) as names from sales_orders where customer_id = ${customer}`,
    );
    expect(after!.names).toEqual(['Renamed 6']);
  });

  it('ships orders allocated from one lot at once and keeps the ledger equal to the balances', async () => {
    const product = await w.newPricedProduct();
    const lot = await w.stockLot(product, 60, '2027-01-01');
    const customer = await w.newCustomer('ON', 10_000_000);
    const allocated: Row[] = [];
    for (let i = 0; i < 10; i++) {
      const confirmed = await ok(
        await draft(customer, [{ product_id: product, qty: 6 }]),
        'confirm',
      );
      allocated.push(await ok(confirmed, 'allocate'));
    }
    const replies = await Promise.all(allocated.map((o) => event(o, 'ship')));
    expect(replies.map((r) => r.httpStatus)).toEqual(allocated.map(() => 200));
    expect(await shippedFrom(w, lot)).toBe(-60);
    expect(await onHandAndHeld(w.db, product)).toEqual({ on_hand: 0, held: 0 });
    const { ledger, balances } = await w.ledgerAndBalances();
    expect(balances).toEqual(ledger);
  });
});
