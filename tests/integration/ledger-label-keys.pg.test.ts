import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { documentNumber } from '../../server/db/stock/movement-documents.ts';
import { postMovements } from '../../server/db/stock/post-movements.ts';
import { LOCATIONS } from '../../modules/general/shared/entities/locations.entity.ts';
import { BINS } from '../../src/domain/entities/inventory/bins.entity.ts';
import { PRODUCT_CHANGES } from '../../src/domain/entities/inventory/product-changes.entity.ts';
import { PRODUCTS } from '../../src/domain/entities/inventory/products.entity.ts';
import { INVENTORY_MOVEMENTS } from '../../src/domain/entities/stock/inventory-movements.entity.ts';
import type { List, Row } from '../support/entity-crud.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';
import { backends } from '../support/test-server.ts';

// The ledger keeps the report's other labels on each movement too (schema/stock.ts): its lot's
// number, location's name, bin's code, document's number and author's name, so the movements
// report sorts and searches by them through indexes. As with the product's (ledger-product-
// keys.pg.test.ts) the copies must never be wrong: a movement gets the real values whatever its
// writer sent, a rename of any of those rows rewrites its movements in the rename's own
// transaction, and a refused rename changes nothing. The product's category, brand and family
// (ids and names) likewise, also when the product moves to another group.

/** Movements whose copies differ from the rows they copy (none, ever). */
const WRONG_COPIES = sql`select count(*)::int as n from stock_movements m
  where m.lot_no is distinct from (select l.lot_no from stock_lots l where l.id = m.lot_id)
     or m.location_name is distinct from (select x.name from locations x where x.id = m.location_id)
     or m.bin_code is distinct from (select b.code from bins b where b.id = m.bin_id)
     or m.created_by_name is distinct from (select u.name from users u where u.id = m.created_by)
     or m.document_number is distinct from ${documentNumber(sql`m.source_type`, sql`m.source_id`)}
     or exists (select 1 from products p
                 where p.id = m.product_id
                   and (m.product_category_id is distinct from p.category_id
                     or m.product_brand_id is distinct from p.brand_id
                     or m.product_family_id is distinct from p.family_id
                     or m.product_category_name is distinct from (select c.name from categories c where c.id = p.category_id)
                     or m.product_brand_name is distinct from (select b.name from brands b where b.id = p.brand_id)
                     or m.product_family_name is distinct from (select f.name from product_families f where f.id = p.family_id)))`;

/** A category, brand and family of their own, named after `tag`. */
const GROUPS = (tag: string) => sql`
  with c as (insert into categories (code, name) values (${`C-${tag}`}, ${`Category ${tag}`}) returning id),
       b as (insert into brands (code, name) values (${`B-${tag}`}, ${`Brand ${tag}`}) returning id),
       f as (insert into product_families (code, name) values (${`F-${tag}`}, ${`Family ${tag}`}) returning id)
  select c.id::int as category, b.id::int as brand, f.id::int as family from c, b, f`;
type Groups = { category: number; brand: number; family: number };

describe.each(backends())('the ledger copy of its labels on %s', (backend) => {
  let w: StockWorld;
  let actor: { id: number; name: string };
  let order: { id: number; number: string };
  beforeAll(async () => {
    w = await startStockWorld(backend);
    [actor] = (await queryRows<{ id: number; name: string }>(
      w.db,
      sql`select id::int as id, name from users where username = 'inventory'`,
    )) as [{ id: number; name: string }];
    [order] = (await queryRows<{ id: number; number: string }>(
      w.db,
      sql`insert into production_orders (number, product_id, flow_id, planned_units, due_date)
          values ('MO-LABELS', ${w.ids.tracked}, (select min(id) from flows), 10, current_date)
          returning id::int as id, number`,
    )) as [{ id: number; number: string }];
  }, 180_000);
  afterAll(async () => w.t.close());

  /** One movement of `productId` in a new lot, in bin A of the main site, from the order. */
  const post = async (productId: number) => {
    const lotId = await w.newLot(productId);
    await w.db.transaction((tx) =>
      postMovements(
        tx,
        [
          {
            productId,
            locationId: w.ids.main,
            lotId,
            binId: w.ids.binA,
            qty: 4,
            movementType: 'produce',
            sourceType: 'production_orders',
            sourceId: order.id,
          },
        ],
        { actorId: actor.id },
      ),
    );
    return lotId;
  };

  const movementsOf = async (field: string, value: string) => {
    const api = await w.api('inventory');
    const list = await api.get<List>(INVENTORY_MOVEMENTS.api, {
      filter: [{ field, field_type: 'text', filters: [{ operator: 'contains', value }] }],
    });
    expect(list.httpStatus, JSON.stringify(list.data)).toBe(200);
    return list.data.rows;
  };

  const wrongCopies = async () => (await queryRows<{ n: number }>(w.db, WRONG_COPIES))[0]?.n;

  it('gives a new movement its lot, location, bin, document and author, whatever its writer sent', async () => {
    const productId = await w.newProduct(true);
    const lotId = await post(productId);
    await w.db.execute(sql`
      insert into stock_movements (product_id, location_id, lot_id, bin_id, qty, balance_after,
        movement_type, source_type, source_id, created_by, lot_no, location_name, bin_code,
        document_number, created_by_name)
      values (${productId}, ${w.ids.main}, ${lotId}, ${w.ids.binA}, 1, 5, 'produce',
        'production_orders', ${order.id}, ${actor.id}, 'WRONG', 'Wrong site', 'WRONG',
        'WRONG-1', 'Wrong person')`);
    const rows = await movementsOf('document_number', order.number);
    const mine = rows.filter((r) => r.product_id === productId);
    expect(mine).toHaveLength(2);
    for (const row of mine)
      expect([row.location_name, row.bin_code, row.document_number, row.created_by_name]).toEqual([
        'T-MAIN site',
        'A-01',
        order.number,
        actor.name,
      ]);
    expect(await wrongCopies()).toBe(0);
  });

  it('rewrites the movements of a renamed location, bin, lot, author and document', async () => {
    const productId = await w.newProduct(true);
    const lotId = await post(productId);
    const admin = await w.api('admin');
    for (const [api, id, body] of [
      [LOCATIONS.api, w.ids.main, { name: 'Renamed main site' }],
      [BINS.api, w.ids.binA, { code: 'RN-01' }],
    ] as const) {
      const before = await admin.get<Row>(`${api}/${id}`);
      const saved = await admin.send<Row>('PUT', `${api}/${id}`, {
        ...body,
        version: before.data.version,
      });
      expect(saved.httpStatus, JSON.stringify(saved.data)).toBe(200);
    }
    await w.db.execute(sql`update stock_lots set lot_no = 'RENAMED-LOT' where id = ${lotId}`);
    await w.db.execute(sql`update users set name = 'Renamed clerk' where id = ${actor.id}`);
    await w.db.execute(
      sql`update production_orders set number = 'MO-RENUMBERED' where id = ${order.id}`,
    );
    for (const [field, value] of [
      ['location_name', 'Renamed main site'],
      ['bin_code', 'RN-01'],
      ['lot_no', 'RENAMED-LOT'],
      ['created_by_name', 'Renamed clerk'],
      ['document_number', 'MO-RENUMBERED'],
    ] as const) {
      const rows = (await movementsOf(field, value)).filter((r) => r.product_id === productId);
      expect(
        rows.map((r) => r[field]),
        field,
      ).toEqual([value]);
    }
    expect(await movementsOf('document_number', order.number)).toEqual([]);
    expect(await wrongCopies()).toBe(0);
  });

  it('leaves the movements as they were when a rename is refused', async () => {
    const productId = await w.newProduct();
    const admin = await w.api('admin');
    const before = await admin.get<Row>(`${LOCATIONS.api}/${w.ids.second}`);
    await w.db.transaction((tx) =>
      postMovements(
        tx,
        [
          {
            productId,
            locationId: w.ids.second,
            lotId: null,
            binId: null,
            qty: 2,
            movementType: 'opening',
          },
        ],
        { actorId: actor.id },
      ),
    );
    const stale = await admin.send<Row>('PUT', `${LOCATIONS.api}/${w.ids.second}`, {
      name: 'Never applied',
      version: Number(before.data.version) + 1,
    });
    expect(stale.httpStatus).toBe(409);
    const rows = (await movementsOf('location_name', String(before.data.name))).filter(
      (r) => r.product_id === productId,
    );
    expect(rows.map((r) => r.location_name)).toEqual([before.data.name]);
    expect(await movementsOf('location_name', 'Never applied')).toEqual([]);
    expect(await wrongCopies()).toBe(0);
  });
  const groupsOf = async (tag: string) =>
    (await queryRows<Groups>(w.db, GROUPS(`${tag}-${Math.random().toString(36).slice(2, 6)}`)))[0]!;

  /** The group copies of the product's movements, as the report lists them. */
  const groupCopies = async (productId: number) => {
    const api = await w.api('inventory');
    const list = await api.get<List>(INVENTORY_MOVEMENTS.api, {
      filter: [
        {
          field: 'product_id',
          field_type: 'number',
          filters: [{ operator: 'equals', value: productId }],
        },
      ],
    });
    expect(list.httpStatus, JSON.stringify(list.data)).toBe(200);
    return list.data.rows.map((r) => [
      r.category_id,
      r.category_name,
      r.brand_id,
      r.brand_name,
      r.family_id,
      r.family_name,
    ]);
  };

  it("gives a new movement its product's category, brand and family, whatever its writer sent", async () => {
    const g = await groupsOf('new');
    const productId = await w.newProduct();
    await w.db.execute(sql`update products set category_id = ${g.category}, brand_id = ${g.brand},
      family_id = ${g.family} where id = ${productId}`);
    await w.db.execute(sql`
      insert into stock_movements (product_id, location_id, qty, balance_after, movement_type,
        product_category_id, product_category_name, product_brand_id, product_brand_name,
        product_family_id, product_family_name)
      values (${productId}, ${w.ids.main}, 1, 1, 'opening', ${g.category + 1000}, 'Wrong',
        ${g.brand + 1000}, 'Wrong', ${g.family + 1000}, 'Wrong')`);
    const [names] = await queryRows<{ c: string; b: string; f: string }>(
      w.db,
      sql`select (select name from categories where id = ${g.category}) as c,
                 (select name from brands where id = ${g.brand}) as b,
                 (select name from product_families where id = ${g.family}) as f`,
    );
    expect(await groupCopies(productId)).toEqual([
      [g.category, names!.c, g.brand, names!.b, g.family, names!.f],
    ]);
    expect(await wrongCopies()).toBe(0);
  });

  it('follows a product into another category, brand and family, and a renamed group', async () => {
    const [from, to] = [await groupsOf('from'), await groupsOf('to')];
    const productId = await w.newProduct();
    await w.db.execute(sql`update products set category_id = ${from.category},
      brand_id = ${from.brand}, family_id = ${from.family} where id = ${productId}`);
    await post(productId);
    const checker = await w.api('product_approval_admin');
    const before = (await (await w.api('admin')).get<Row>(`${PRODUCTS.api}/${productId}`)).data;
    const moved = await checker.send<Row>('PUT', `${PRODUCT_CHANGES.api}/products/${productId}`, {
      category_id: to.category,
      brand_id: to.brand,
      family_id: to.family,
      version: before.version,
    });
    expect(moved.httpStatus, JSON.stringify(moved.data)).toBe(200);
    const [names] = await queryRows<{ c: string; b: string; f: string }>(
      w.db,
      sql`select (select name from categories where id = ${to.category}) as c,
                 (select name from brands where id = ${to.brand}) as b,
                 (select name from product_families where id = ${to.family}) as f`,
    );
    expect(await groupCopies(productId)).toEqual([
      [to.category, names!.c, to.brand, names!.b, to.family, names!.f],
    ]);
    await w.db.execute(
      sql`update categories set name = 'Renamed category' where id = ${to.category}`,
    );
    await w.db.execute(sql`update brands set name = 'Renamed brand' where id = ${to.brand}`);
    await w.db.execute(
      sql`update product_families set name = 'Renamed family' where id = ${to.family}`,
    );
    expect(await groupCopies(productId)).toEqual([
      [to.category, 'Renamed category', to.brand, 'Renamed brand', to.family, 'Renamed family'],
    ]);
    expect(await wrongCopies()).toBe(0);
  });

  it("rewrites the group copies in the change's own transaction, and not at all when it rolls back", async () => {
    const [from, to] = [await groupsOf('tx-from'), await groupsOf('tx-to')];
    const productId = await w.newProduct();
    await w.db.execute(sql`update products set category_id = ${from.category},
      brand_id = ${from.brand}, family_id = ${from.family} where id = ${productId}`);
    await post(productId);
    const copiesOf = sql`select product_category_id::int as c, product_brand_name as b,
      product_family_id::int as f from stock_movements where product_id = ${productId}`;
    const seen: unknown[] = [];
    await expect(
      w.db.transaction(async (tx) => {
        await tx.execute(sql`update products set category_id = ${to.category},
          family_id = ${to.family} where id = ${productId}`);
        await tx.execute(sql`update brands set name = 'Renamed in tx' where id = ${from.brand}`);
        seen.push(...(await queryRows(tx, copiesOf)));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual([{ c: to.category, b: 'Renamed in tx', f: to.family }]);
    const [brand] = await queryRows<{ name: string }>(
      w.db,
      sql`select name from brands where id = ${from.brand}`,
    );
    expect(await queryRows(w.db, copiesOf)).toEqual([
      { c: from.category, b: brand!.name, f: from.family },
    ]);
    expect(await wrongCopies()).toBe(0);
  });
});
