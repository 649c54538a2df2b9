import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS } from '../../modules/general/shared/entities/customers.entity.ts';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { SUPPLIERS } from '../../src/domain/entities/purchase/suppliers.entity.ts';
import { SALES_ORDERS } from '../../modules/sales/shared/entities/sales-orders.entity.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import type { Row } from '../support/entity-crud.ts';
import { startSalesWorld, type SalesWorld } from '../support/sales-fixtures.ts';
import { startPurchaseWorld, type PurchaseWorld } from '../support/purchase-fixtures.ts';

// The sales and purchase orders keep copies of their labels on the row (schema/sales.ts,
// schema/purchase.ts) so their lists sort and search by an index. The database fills them on
// insert and rewrites them when what they name is renamed, whoever renames it, and that
// rewrite leaves the order's version alone: nobody edited the order.

describe('sales orders keep their labels', () => {
  let w: SalesWorld;
  beforeAll(async () => {
    w = await startSalesWorld('pglite');
  }, 120_000);
  afterAll(async () => w.t.close());

  const order = async (id: number) =>
    (await (await w.api('sale')).get<Row>(`${SALES_ORDERS.api}/${id}`)).data;

  it('fills them on insert, as the names they copy', async () => {
    const product = await w.newPricedProduct();
    const customer = await w.newCustomer('ON');
    const reply = await (
      await w.api('sale')
    ).send<Row>('POST', SALES_ORDERS.api, w.orderOf(customer, [{ product_id: product, qty: 2 }]));
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    const [names] = await queryRows<Record<string, string>>(
      w.db,
      sql`select c.name as customer_name, a.address || ' ' || a.postal_code as ship_to,
            x.name as ship_from_location_name, t.name as price_tier_name, u.name as created_by_name
          from customers c join customer_addresses a on a.customer_id = c.id
          cross join locations x cross join price_tiers t cross join users u
          where c.id = ${customer} and x.id = ${w.ids.main} and t.id = ${w.tier}
            and u.username = 'sale'`,
    );
    expect(await order(reply.data.id)).toMatchObject({
      ...names,
      ship_to_province: 'ON',
      updated_by_name: names!.created_by_name,
    });
  });

  it("follows a rename of the customer, its address and the author, keeping the order's version", async () => {
    const product = await w.newPricedProduct();
    const customer = await w.newCustomer('QC');
    const created = await (
      await w.api('sale')
    ).create(SALES_ORDERS, w.orderOf(customer, [{ product_id: product, qty: 1 }]));
    const before = await order(created.id);

    const admin = await w.api('admin');
    const current = (await admin.get<Row>(`${CUSTOMERS.api}/${customer}`)).data;
    const renamed = await admin.send<Row>('PUT', `${CUSTOMERS.api}/${customer}`, {
      name: 'Renamed Vapes Inc.',
      version: current.version,
    });
    expect(renamed.httpStatus, JSON.stringify(renamed.data)).toBe(200);
    await w.db.execute(
      sql`update customer_addresses set address = '9 Rue Nouvelle', postal_code = 'H3B 1A7'
          where customer_id = ${customer}`,
    );
    await w.db.execute(sql`update users set name = 'Sally Sale' where username = 'sale'`);

    const after = await order(created.id);
    expect(after).toMatchObject({
      customer_name: 'Renamed Vapes Inc.',
      ship_to: '9 Rue Nouvelle H3B 1A7',
      ship_to_province: 'QC',
      created_by_name: 'Sally Sale',
      updated_by_name: 'Sally Sale',
      version: before.version,
    });
    // Found by its new name through the list's own filter.
    const found = await (
      await w.api('sale')
    ).get<{ rows: Row[] }>(SALES_ORDERS.api, {
      filter: [
        {
          field: 'customer_name',
          field_type: 'text',
          filters: [{ operator: 'contains', value: 'renamed vapes' }],
        },
      ],
    });
    expect(found.data.rows.map((r) => r.id)).toEqual([created.id]);
  });
});

describe('purchase orders keep their labels', () => {
  let w: PurchaseWorld;
  beforeAll(async () => {
    w = await startPurchaseWorld('pglite');
  }, 120_000);
  afterAll(async () => w.t.close());

  const order = async (id: number) =>
    (await (await w.api('purchase')).get<Row>(`${PURCHASE_ORDERS.api}/${id}`)).data;

  it("fills the supplier's name, address and e-mail, and follows their change and the province's", async () => {
    const [on] = await queryRows<{ id: number }>(
      w.db,
      sql`select id::int from provinces where code = 'ON'`,
    );
    const supplier = await w.newSupplier({
      name: 'Maple Glass Co.',
      email: 'orders@maple.example',
      street: '12 King St',
      city: 'Toronto',
      province_id: on!.id,
      postal_code: 'M5V 2T6',
    });
    const created = await (await w.api('purchase')).create(PURCHASE_ORDERS, w.orderOf(supplier.id));
    const [author] = await queryRows<{ name: string }>(
      w.db,
      sql`select name from users where username = 'purchase'`,
    );
    const fresh = await order(created.id);
    expect(fresh).toMatchObject({
      supplier_name: 'Maple Glass Co.',
      supplier_email: 'orders@maple.example',
      supplier_address: '12 King St, Toronto, ON M5V 2T6',
      currency_code: 'CAD',
      created_by_name: author!.name,
    });
    const version = fresh.version;

    const changed = await (
      await w.api('purchase')
    ).send<Row>('PUT', `${SUPPLIERS.api}/${supplier.id}`, {
      name: 'Maple Glassworks',
      city: 'Oakville',
      version: supplier.version,
    });
    expect(changed.httpStatus, JSON.stringify(changed.data)).toBe(200);
    // A province's code is reference data, but a copy must follow it too.
    await w.db
      .transaction(async (tx) => {
        await tx.execute(sql`update provinces set code = 'OX' where id = ${on!.id}`);
        const [during] = await queryRows<{ supplier_address: string }>(
          tx,
          sql`select supplier_address from purchase_orders where id = ${created.id}`,
        );
        expect(during!.supplier_address).toBe('12 King St, Oakville, OX M5V 2T6');
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!String(error).includes('Rollback')) throw error;
      });
    expect(await order(created.id)).toMatchObject({
      supplier_name: 'Maple Glassworks',
      supplier_address: '12 King St, Oakville, ON M5V 2T6',
      version,
    });
  });
});
