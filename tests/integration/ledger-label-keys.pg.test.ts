import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { documentNumber } from '../../server/db/stock/movement-documents.ts';
import { postMovements } from '../../server/db/stock/post-movements.ts';
import { LOCATIONS } from '../../src/domain/entities/general/locations.entity.ts';
import { BINS } from '../../src/domain/entities/inventory/bins.entity.ts';
import { INVENTORY_MOVEMENTS } from '../../src/domain/entities/stock/inventory-movements.entity.ts';
import type { List, Row } from '../support/entity-crud.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';
import { backends } from '../support/test-server.ts';

// The ledger keeps the report's other labels on each movement too (schema/stock.ts): its lot's
// number, location's name, bin's code, document's number and author's name, so the movements
// report sorts and searches by them through indexes. As with the product's (ledger-product-
// keys.pg.test.ts) the copies must never be wrong: a movement gets the real values whatever its
// writer sent, a rename of any of those rows rewrites its movements in the rename's own
// transaction, and a refused rename changes nothing.

/** Movements whose copies differ from the rows they copy (none, ever). */
const WRONG_COPIES = sql`select count(*)::int as n from stock_movements m
  where m.lot_no is distinct from (select l.lot_no from stock_lots l where l.id = m.lot_id)
     or m.location_name is distinct from (select x.name from locations x where x.id = m.location_id)
     or m.bin_code is distinct from (select b.code from bins b where b.id = m.bin_id)
     or m.created_by_name is distinct from (select u.name from users u where u.id = m.created_by)
     or m.document_number is distinct from ${documentNumber(sql`m.source_type`, sql`m.source_id`)}`;

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
});
