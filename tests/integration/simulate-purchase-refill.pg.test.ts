import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/query-rows.ts';
import type { Answer } from '../../server/simulate/plant-api.ts';
import { refillStock, type RefillContext } from '../../server/simulate/stock-refill.ts';
import { testCrew } from '../support/test-crew.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// The simulator's refill goes through purchasing: a material that runs low
// is bought (the purchase clerk raises, submits and sends a PO over HTTP) and received by the
// warehouse against it, so the stock grows by a receipt, never by an adjustment, and nothing
// the simulator asks for is refused for its role.

describe.each(backends())('simulator refill through purchase orders on %s', (backend) => {
  let t: TestServer;
  let refused: Answer[] = [];
  let refill: RefillContext;
  beforeAll(async () => {
    t = await startTestServer({ backend });
    const test = testCrew(t.url, 7);
    refused = test.refused;
    const { crew } = test;
    refill = { crew, stats: { restocks: 0, purchaseOrders: 0 }, sources: { known: null } };
  }, 300_000);
  afterAll(async () => t.close());

  const productId = async (sku: string) =>
    (
      await queryRows<{ id: number }>(
        t.server.database.db,
        sql`select id::int as id from products where sku = ${sku}`,
      )
    )[0]!.id;
  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(t.server.database.db, query))[0]!.n;

  it('buys and receives a material the floor is short of, as the buyer and the warehouse', async () => {
    const id = await productId('RM-NIC-SALT-100');
    const receiptsBefore = await count(
      sql`select count(*)::int as n from stock_movements
           where product_id = ${id} and movement_type = 'receipt'`,
    );
    const adjustmentsBefore = await count(
      sql`select count(*)::int as n from stock_movements
           where product_id = ${id} and movement_type = 'adjustment'`,
    );
    await refillStock(refill, [{ product_id: id, required_qty: 2000 }], true);
    expect(refused.map((r) => `${r.httpStatus} ${JSON.stringify(r.data)}`)).toEqual([]);
    expect(refill.stats.purchaseOrders).toBe(1);
    expect(refill.stats.restocks).toBe(1);
    const orders = await queryRows<{ status: string; created_by: string; note: string }>(
      t.server.database.db,
      sql`select po.status, u.username as created_by, po.note from purchase_orders po
            join users u on u.id = po.created_by
            join purchase_order_lines pl on pl.purchase_order_id = po.id
           where pl.product_id = ${id} and po.note like '%(plant simulator)%'`,
    );
    expect(orders).toEqual([
      { status: 'received', created_by: 'purchase', note: 'Floor running low (plant simulator)' },
    ]);
    expect(
      await count(
        sql`select count(*)::int as n from stock_movements
             where product_id = ${id} and movement_type = 'receipt'`,
      ),
    ).toBe(receiptsBefore + 1);
    expect(
      await count(
        sql`select count(*)::int as n from stock_movements
             where product_id = ${id} and movement_type = 'adjustment'`,
      ),
    ).toBe(adjustmentsBefore);
  });
});
