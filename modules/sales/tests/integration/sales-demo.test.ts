import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNTS } from '../../shared/entities/discounts.entity.ts';
import { SALES_ORDERS } from '../../shared/entities/sales-orders.entity.ts';
import type { List, Row } from '../../../../tests/support/entity-crud.ts';
import { startStockWorld, type StockWorld } from '../../../../tests/support/stock-fixtures.ts';

// The sales demo (seeded on first start): one order in each state, moved through the same
// stock code as the routes, customers taxed by five provinces, two discounts.

describe('demo sales', () => {
  let w: StockWorld;
  let orders: Row[];
  beforeAll(async () => {
    w = await startStockWorld('pglite');
    // The forecast demo's two years of imported history are not the sales demo's orders.
    orders = (
      await (
        await w.api('manager')
      ).get<List>(SALES_ORDERS.api, {
        per_page: 100,
        filter: [
          {
            field: 'source',
            field_type: 'enum',
            filters: [{ operator: 'equals', value: 'manual' }],
          },
        ],
      })
    ).data.rows;
  }, 240_000);
  afterAll(async () => w.t.close());

  it('has orders draft, confirmed, allocated, shipped, closed short and cancelled', () => {
    const states = orders.map((o) =>
      [o.status, o.allocation_status, o.shipping_status].map(String).join('/'),
    );
    expect(states).toEqual(
      expect.arrayContaining([
        'draft/not_allocated/not_shipped',
        'confirmed/not_allocated/not_shipped',
        'confirmed/allocated/not_shipped',
        'closed/allocated/shipped',
        'cancelled/not_allocated/not_shipped',
      ]),
    );
    // One shipped in full; one shipped short and closed, the rest cancelled.
    expect(orders.filter((o) => o.status === 'closed')).toHaveLength(2);
    expect(new Set(orders.map((o) => o.ship_to_province))).toEqual(
      new Set(['ON', 'QC', 'BC', 'AB', 'NS']),
    );
    expect(orders.every((o) => Number(o.total) > 0)).toBe(true);
  });

  it('keeps balances equal to Σ movements after the shipments', async () => {
    const { ledger, balances } = await w.ledgerAndBalances();
    for (const [key, qty] of ledger) expect(balances.get(key) ?? 0).toBeCloseTo(qty, 3);
  });

  it('seeds a stackable percent and a non-stackable amount', async () => {
    const rows = (await (await w.api('sale')).get<List>(DISCOUNTS.api)).data.rows;
    expect(rows.map((r) => [r.kind, r.stackable])).toEqual(
      expect.arrayContaining([
        ['percent', 1],
        ['amount', 0],
      ]),
    );
  });
});
