import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, productFamilies } from '../../../../server/db/schema/inventory.ts';
import { DISCOUNTS } from '../../shared/entities/discounts.entity.ts';
import { SALES_ORDERS } from '../../shared/entities/sales-orders.entity.ts';
import type { List, Row } from '../../../../tests/support/entity-crud.ts';
import { startSalesWorld, type SalesWorld } from '../../../../tests/support/sales-fixtures.ts';
import { backends } from '../../../../tests/support/test-server.ts';

// A discount's scope names its row (docs/domain/sales.md §6): every scope but "every line" requires
// one (`requiredif`), which must exist in the table of that scope (`exists`); "every line" names
// none. Refused writes leave the discounts as they were; the list reads the row's label.

// Inactive, so the order at the end gets only the discount it is about.
const base = { kind: 'percent', value: 5, valid_from: '2026-01-01', active: 0 };

describe.each(backends())('discount scopes on %s', (backend) => {
  let w: SalesWorld;
  const ids: Record<string, number> = {};
  let n = 0;
  const code = () => `SCOPE-${++n}-${Date.now() % 100000}`;
  beforeAll(async () => {
    w = await startSalesWorld(backend);
    const suffix = Date.now() % 100000;
    const [brand] = await w.db
      .insert(brands)
      .values({ code: `BR-${suffix}`, name: 'Scope brand' })
      .returning();
    const [category] = await w.db
      .insert(categories)
      .values({ code: `CA-${suffix}`, name: 'Scope category' })
      .returning();
    const [family] = await w.db
      .insert(productFamilies)
      .values({ code: `FA-${suffix}`, name: 'Scope family' })
      .returning();
    ids.customer = await w.newCustomer('ON');
    ids.product = await w.newPricedProduct();
    ids.family = family!.id;
    ids.brand = brand!.id;
    ids.category = category!.id;
  }, 240_000);
  afterAll(async () => w.t.close());

  const count = async () =>
    (await (await w.api('sale')).get<List>(DISCOUNTS.api, { limit: 1 })).data.total;

  it('names a row of each scope, read back with its label', async () => {
    const api = await w.api('sale');
    for (const scope of ['customer', 'product', 'family', 'brand', 'category']) {
      const row = await api.create(DISCOUNTS, {
        ...base,
        code: code(),
        name: scope,
        scope,
        scope_id: ids[scope],
      });
      expect(row).toMatchObject({ scope, scope_id: ids[scope] });
      expect(row.scope_name, scope).toBeTruthy();
    }
    const all = await api.create(DISCOUNTS, { ...base, code: code(), name: 'All', scope: 'all' });
    expect(all).toMatchObject({ scope_id: null, scope_name: 'Every line' });
  });

  it('refuses a scope without its row with requiredif, and writes nothing', async () => {
    const api = await w.api('sale');
    const before = await count();
    for (const scope of ['customer', 'product', 'family', 'brand', 'category']) {
      const reply = await api.send('POST', DISCOUNTS.api, {
        ...base,
        code: code(),
        name: 'No row',
        scope,
      });
      expect(reply.httpStatus, scope).toBe(422);
      expect(reply.data).toEqual({ scope_id: 'requiredif' });
    }
    expect(await count()).toBe(before);
  });

  it('refuses a row that does not exist in the scope with exists', async () => {
    const api = await w.api('sale');
    const before = await count();
    const reply = await api.send('POST', DISCOUNTS.api, {
      ...base,
      code: code(),
      name: 'Missing brand',
      scope: 'brand',
      scope_id: 987_654,
    });
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toEqual({ scope_id: 'exists' });
    expect(await count()).toBe(before);
  });

  it('refuses a row for "every line", and a scope changed without its row on update', async () => {
    const api = await w.api('sale');
    const everyLine = await api.send('POST', DISCOUNTS.api, {
      ...base,
      code: code(),
      name: 'All with a row',
      scope: 'all',
      scope_id: ids.product,
    });
    expect(everyLine.httpStatus).toBe(422);
    expect(Object.keys(everyLine.data as object)).toEqual(['scope_id']);

    const row = await api.create(DISCOUNTS, { ...base, code: code(), name: 'All', scope: 'all' });
    const changed = await api.send('PUT', `${DISCOUNTS.api}/${row.id}`, {
      version: row.version,
      scope: 'product',
    });
    expect(changed.httpStatus).toBe(422);
    expect(changed.data).toEqual({ scope_id: 'requiredif' });
    const read = await api.get<Row>(`${DISCOUNTS.api}/${row.id}`);
    expect(read.data).toMatchObject({ scope: 'all', version: row.version });

    const scoped = await api.send<Row>('PUT', `${DISCOUNTS.api}/${row.id}`, {
      version: row.version,
      scope: 'product',
      scope_id: ids.product,
    });
    expect(scoped.httpStatus, JSON.stringify(scoped.data)).toBe(200);
    expect(scoped.data).toMatchObject({ scope: 'product', scope_id: ids.product });
  });

  it('applies a product-scoped discount to that product only', async () => {
    const api = await w.api('sale');
    const other = await w.newPricedProduct();
    const discount = await api.create(DISCOUNTS, {
      ...base,
      code: code(),
      name: 'Ten off the product',
      value: 10,
      active: 1,
      scope: 'product',
      scope_id: ids.product,
    });
    const reply = await api.send<Row>(
      'POST',
      SALES_ORDERS.api,
      w.orderOf(ids.customer!, [
        { product_id: ids.product!, qty: 2 },
        { product_id: other, qty: 2 },
      ]),
    );
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    const lines = reply.data.lines as Row[];
    expect(lines[0]).toMatchObject({ discount_code: discount.code, line_total: 18 });
    expect(lines[1]).toMatchObject({ discount_amount: 0, line_total: 20 });
  });
});
