import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/query-rows.ts';
import { postMovements } from '../../server/db/stock/post-movements.ts';
import { PRODUCT_CHANGES } from '../../src/domain/entities/inventory/product-changes.entity.ts';
import { PRODUCTS } from '../../src/domain/entities/inventory/products.entity.ts';
import { INVENTORY_MOVEMENTS } from '../../src/domain/entities/stock/inventory-movements.entity.ts';
import type { List, Row } from '../support/entity-crud.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';
import { backends } from '../support/test-server.ts';

// The ledger keeps its product's SKU and name on each movement (schema/stock.ts), so the
// movements report sorts and filters by them through indexes. The copy must never be wrong:
// a movement gets its product's values whatever its writer sent, a rename rewrites the
// product's movements in the rename's own transaction, and a refused rename changes nothing.

describe.each(backends())('the ledger copy of product keys on %s', (backend) => {
  let w: StockWorld;
  beforeAll(async () => {
    w = await startStockWorld(backend);
  }, 180_000);
  afterAll(async () => w.t.close());

  const receive = (productId: number, qty: number) =>
    w.db.transaction((tx) =>
      postMovements(
        tx,
        [
          {
            productId,
            locationId: w.ids.main,
            lotId: null,
            binId: null,
            qty,
            movementType: 'opening',
          },
        ],
        { actorId: null },
      ),
    );

  const movementsOf = async (filter: {
    field: string;
    field_type: string;
    value: string | number;
  }) => {
    const api = await w.api('inventory');
    const list = await api.get<List>(INVENTORY_MOVEMENTS.api, {
      filter: [
        {
          field: filter.field,
          field_type: filter.field_type,
          filters: [
            {
              operator: filter.field_type === 'text' ? 'contains' : 'equals',
              value: filter.value,
            },
          ],
        },
      ],
    });
    expect(list.httpStatus, JSON.stringify(list.data)).toBe(200);
    return list.data.rows;
  };

  const product = async (id: number) =>
    (await (await w.api('admin')).get<Row>(`${PRODUCTS.api}/${id}`)).data;

  it('gives a new movement its product SKU and name, whatever its writer sent', async () => {
    const id = await w.newProduct();
    await receive(id, 5);
    const p = await product(id);
    const rows = await movementsOf({ field: 'product_id', field_type: 'number', value: id });
    expect(rows.map((r) => [r.product_sku, r.product_name])).toEqual([[p.sku, p.name]]);
    await w.db.execute(sql`
      insert into stock_movements (product_id, location_id, qty, balance_after, movement_type,
        product_sku, product_name)
      values (${id}, ${w.ids.main}, 1, 6, 'opening', 'WRONG-SKU', 'Wrong name')`);
    const [stored] = await queryRows<{ skus: string[] }>(
      w.db,
      sql`select array_agg(distinct product_sku) as skus from stock_movements where product_id = ${id}`,
    );
    expect(stored?.skus).toEqual([p.sku]);
  });

  it('rewrites the movements of a renamed product, and the report filters by the new SKU', async () => {
    const id = await w.newProduct();
    await receive(id, 5);
    await receive(id, -2);
    const before = await product(id);
    const checker = await w.api('product_approval_admin');
    const newSku = `RENAMED-${id}`;
    const renamed = await checker.send<Row>('PUT', `${PRODUCT_CHANGES.api}/products/${id}`, {
      sku: newSku,
      name: 'Renamed product',
      version: before.version,
    });
    expect(renamed.httpStatus, JSON.stringify(renamed.data)).toBe(200);
    const rows = await movementsOf({ field: 'product_sku', field_type: 'text', value: newSku });
    expect(rows.map((r) => [r.product_id, r.product_sku, r.product_name])).toEqual([
      [id, newSku, 'Renamed product'],
      [id, newSku, 'Renamed product'],
    ]);
    expect(
      await movementsOf({ field: 'product_sku', field_type: 'text', value: String(before.sku) }),
    ).toEqual([]);
  });

  it('leaves the movements as they were when a rename is refused', async () => {
    const id = await w.newProduct();
    await receive(id, 3);
    const before = await product(id);
    const checker = await w.api('product_approval_admin');
    const stale = await checker.send<Row>('PUT', `${PRODUCT_CHANGES.api}/products/${id}`, {
      sku: `REFUSED-${id}`,
      name: 'Never applied',
      version: Number(before.version) + 1,
    });
    expect(stale.httpStatus).toBe(409);
    const rows = await movementsOf({ field: 'product_id', field_type: 'number', value: id });
    expect(rows.map((r) => [r.product_sku, r.product_name])).toEqual([[before.sku, before.name]]);
  });
});
