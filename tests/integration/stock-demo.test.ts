import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_MOVEMENTS } from '../../src/domain/entities/stock/inventory-movements.entity.ts';
import { INVENTORY_AGING } from '../../src/domain/entities/stock/stock-reports.entity.ts';
import { STOCK_ON_HAND } from '../../src/domain/entities/stock/stock-on-hand.entity.ts';
import type { List } from '../support/entity-crud.ts';
import { startStockWorld, type StockWorld } from '../support/stock-fixtures.ts';

// The demo's six months of stock (seeded with the rest of the demo on first start):
// consistent with the ledger and enough to fill the reports.

describe('demo stock', () => {
  let w: StockWorld;
  beforeAll(async () => {
    w = await startStockWorld('pglite');
  });
  afterAll(async () => w.t.close());

  it('leaves balances equal to Σ movements', async () => {
    const { ledger, balances } = await w.ledgerAndBalances();
    expect(ledger.size).toBeGreaterThan(50);
    for (const [key, qty] of ledger) expect(balances.get(key) ?? 0).toBeCloseTo(qty, 3);
  });

  it('fills stock on hand, the movements report and several aging buckets', async () => {
    const api = await w.api('inventory');
    expect((await api.get<List>(STOCK_ON_HAND.api)).data.total).toBeGreaterThan(50);
    expect((await api.get<List>(INVENTORY_MOVEMENTS.api)).data.total).toBeGreaterThan(100);
    const aging = await api.get<List>(INVENTORY_AGING.api, { per_page: 500 });
    const buckets = new Set(aging.data.rows.map((r) => r.age_bucket));
    expect(buckets.size).toBeGreaterThanOrEqual(4);
  });
});
