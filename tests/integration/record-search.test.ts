import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEntities } from '../../src/domain/entities/entity-registry.ts';
import type { EntityDeclaration } from '../../src/domain/entity/entity-declaration.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { startPlant } from '../support/production-plant.ts';
import type { TestServer } from '../support/test-server.ts';

// GET /api/search (Ctrl+K's records group) on the demo data: each searchable kind found by
// its exact number or code, names found in part, nothing of an entity the caller may not
// read, bad queries refused in the envelope.

type Hit = {
  entity: string;
  title: string;
  id: number;
  label: string;
  detail: string;
  path: string;
  match: 'exact' | 'prefix' | 'partial';
};
type Answer = { q: string; hits: Hit[] };
type Row = Record<string, unknown> & { id: number };

const SEARCHABLE = allEntities().filter(
  (e): e is EntityDeclaration & { searchable: NonNullable<EntityDeclaration['searchable']> } =>
    e.searchable !== undefined,
);

describe('GET /api/search', () => {
  let t: TestServer;
  let admin: string;
  const search = (token: string, q: string) =>
    call<Answer>(t.url, 'GET', `/api/search?q=${encodeURIComponent(q)}`, { token });
  const firstRow = async (entity: EntityDeclaration, token = admin): Promise<Row | undefined> => {
    const page = await call<{ rows: Row[] }>(t.url, 'GET', `${entity.api}?per_page=1`, { token });
    return page.data.rows[0];
  };

  beforeAll(async () => {
    // The demo data plans no production order until the simulator runs: plan one.
    const plant = await startPlant('pglite', []);
    await plant.planned(10, false);
    t = plant.t;
    admin = await tokenFor(t.url, 'admin');
  });
  afterAll(async () => t.close());

  it('finds a row of every searchable kind by its exact number, code or name', async () => {
    const found: string[] = [];
    for (const entity of SEARCHABLE) {
      const row = await firstRow(entity);
      const first = entity.searchable.fields[0] ?? '';
      const value = row?.[first];
      if (!row || typeof value !== 'string' || value === '') continue;
      const reply = await search(admin, value);
      expect(reply.httpStatus, entity.name).toBe(200);
      const hit = reply.data.hits.find((h) => h.entity === entity.name && h.id === row.id);
      expect(hit, `${entity.name} ${value}`).toMatchObject({
        title: entity.label,
        label: value,
        match: 'exact',
      });
      // Exact matches come first, whatever the entity.
      expect(reply.data.hits[0]?.match).toBe('exact');
      found.push(entity.name);
    }
    // The demo data has rows of the main documents and master records.
    expect(found).toEqual(
      expect.arrayContaining([
        'production_orders',
        'daily_orders',
        'products',
        'stock_lots',
        'customers',
        'locations',
        'machines',
        'receivings',
      ]),
    );
  });

  it('answers each hit with the page that opens it', async () => {
    const orders = SEARCHABLE.find((e) => e.name === 'production_orders');
    const lots = SEARCHABLE.find((e) => e.name === 'stock_lots');
    if (!orders || !lots) throw new Error('orders and lots are searchable');
    const order = await firstRow(orders);
    const reply = await search(admin, String(order?.number));
    expect(reply.data.hits[0]).toMatchObject({
      entity: 'production_orders',
      path: `/production/production-orders/${order?.id}`,
    });
    // A lot opens stock on hand filtered to it: the filter travels in the URL.
    const lot = await firstRow(lots);
    const lotHit = (await search(admin, String(lot?.lot_no))).data.hits.find(
      (h) => h.entity === 'stock_lots',
    );
    const url = new URL(lotHit?.path ?? '', 'http://x');
    expect(url.pathname).toBe('/inventory/stock-on-hand');
    expect(JSON.parse(url.searchParams.get('f') ?? '')).toEqual([
      ['lot_no', 'text', [['equals', lot?.lot_no]]],
    ]);
  });

  it('finds a product by part of its name, ignoring case', async () => {
    const products = SEARCHABLE.find((e) => e.name === 'products');
    if (!products) throw new Error('products are searchable');
    const product = await firstRow(products);
    const name = String(product?.name);
    const middle = name.slice(1, Math.min(name.length, 8)).toUpperCase();
    const reply = await search(admin, middle);
    const hit = reply.data.hits.find((h) => h.entity === 'products' && h.id === product?.id);
    expect(hit).toMatchObject({ label: product?.sku, title: 'Product' });
    expect(hit?.detail).toContain(name);
    expect(hit?.match).not.toBe('exact');
  });

  it('searches no entity the caller may not read', async () => {
    const products = SEARCHABLE.find((e) => e.name === 'products');
    const orders = SEARCHABLE.find((e) => e.name === 'production_orders');
    if (!products || !orders) throw new Error('searchable');
    const sku = String((await firstRow(products))?.sku);
    const number = String((await firstRow(orders))?.number);

    const planning = await tokenFor(t.url, 'planning');
    const inventory = await tokenFor(t.url, 'inventory');
    // planning reads production orders but not the inventory section.
    expect((await search(planning, sku)).data.hits.map((h) => h.entity)).not.toContain('products');
    expect((await search(planning, number)).data.hits[0]?.entity).toBe('production_orders');
    // inventory reads products but no production order.
    expect((await search(inventory, sku)).data.hits[0]?.entity).toBe('products');
    const forInventory = (await search(inventory, number)).data.hits;
    expect(forInventory.filter((h) => h.entity === 'production_orders')).toEqual([]);
    // The list route agrees: the same role may not read the orders at all.
    expect((await call(t.url, 'GET', orders.api, { token: inventory })).httpStatus).toBe(403);
  });

  it('searches no entity whose module the caller has switched off', async () => {
    const created = await call<{ id: number }>(t.url, 'POST', '/api/general/users', {
      token: admin,
      body: {
        username: 'no.inventory',
        password: 'search-2026',
        name: 'No Inventory',
        roles: ['inventory'],
        modules: ['general'],
      },
    });
    expect(created.httpStatus).toBe(201);
    const products = SEARCHABLE.find((e) => e.name === 'products');
    if (!products) throw new Error('searchable');
    const sku = String((await firstRow(products))?.sku);
    const token = await tokenFor(t.url, 'no.inventory', 'search-2026');
    expect((await search(token, sku)).data.hits).toEqual([]);
  });

  it('bounds the answer: five per entity, thirty in all', async () => {
    // Every document number holds a dash.
    const reply = await search(admin, '-');
    expect(reply.httpStatus).toBe(200);
    expect(reply.data.hits.length).toBeGreaterThan(5);
    expect(reply.data.hits.length).toBeLessThanOrEqual(30);
    const perEntity = new Map<string, number>();
    for (const hit of reply.data.hits)
      perEntity.set(hit.entity, (perEntity.get(hit.entity) ?? 0) + 1);
    expect(Math.max(...perEntity.values())).toBeLessThanOrEqual(5);
  });

  it('takes % and _ as plain characters', async () => {
    // As a pattern '%' would match every record; as a character only the demo discount that
    // reads "5 % on everything".
    const reply = await search(admin, '%');
    expect(reply.httpStatus).toBe(200);
    expect(reply.data.hits.map((h) => [h.entity, h.label])).toEqual([['discounts', 'LOYAL-5']]);
    expect((await search(admin, '_')).data.hits).toEqual([]);
  });

  it('refuses an empty, blank, missing or over-long query with 422 in the envelope', async () => {
    for (const q of ['', '   ', 'x'.repeat(500)]) {
      const reply = await search(admin, q);
      expect(reply.httpStatus, JSON.stringify(q.slice(0, 5))).toBe(422);
      expect(reply).toMatchObject({ status: false, message: 'validation_error' });
      expect(reply.data).toEqual({ 'query.q': q.length > 100 ? 'max' : 'required' });
    }
    const missing = await call(t.url, 'GET', '/api/search', { token: admin });
    expect(missing.httpStatus).toBe(422);
    expect(missing.data).toEqual({ 'query.q': 'required' });
  });

  it('refuses a caller who is not signed in', async () => {
    const reply = await call(t.url, 'GET', '/api/search?q=MO');
    expect(reply.httpStatus).toBe(401);
  });
});
