import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOW_STOCK_SUGGESTIONS_API,
  PURCHASE_FROM_LOW_STOCK_API,
  type LowStockSuggestion,
} from '../../src/domain/entities/purchase/low-stock-suggestions.ts';
import { LOW_STOCK } from '../../src/domain/entities/stock/stock-reports.entity.ts';
import type { List, Row } from '../support/entity-crud.ts';
import { startPurchaseWorld, type PurchaseWorld } from '../support/purchase-fixtures.ts';
import { backends } from '../support/test-server.ts';

// "Create PO from low stock": the low-stock report's products with their preferred supplier,
// quantities rounded up to the MOQ, one draft per supplier, and open orders counted so a
// product is not suggested twice.

describe.each(backends())('purchase orders from low stock on %s', (backend) => {
  let w: PurchaseWorld;
  beforeAll(async () => {
    w = await startPurchaseWorld(backend);
  });
  afterAll(async () => w.t.close());

  const suggestionOf = async (productId: number) => {
    const reply = await (
      await w.api('purchase')
    ).get<LowStockSuggestion[]>(LOW_STOCK_SUGGESTIONS_API);
    expect(reply.httpStatus).toBe(200);
    return reply.data.find((s) => s.product_id === productId);
  };

  it('suggests the preferred supplier, rounds up to its MOQ and drafts one order for it', async () => {
    const product = await w.newProduct();
    const preferred = await w.newSupplier({
      lead_time_days: 5,
      products: [{ product_id: product, unit_price: 3, moq: 24, lead_time_days: 10, preferred: 1 }],
    });
    await w.newSupplier({ products: [{ product_id: product, unit_price: 1, moq: 1 }] });
    const before = await suggestionOf(product);
    // Reorder point 50 + reorder qty 100 − nothing available = 150, in packs of 24.
    expect(before).toMatchObject({
      supplier_id: preferred.id,
      suggested: 150,
      order_qty: 168,
      lead_time_days: 10,
    });
    const reply = await (
      await w.api('purchase')
    ).send<Row[]>('POST', PURCHASE_FROM_LOW_STOCK_API, {
      supplier_ids: [preferred.id],
      ship_to_location_id: w.warehouse,
    });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    const [order] = reply.data;
    expect(order).toMatchObject({
      status: 'draft',
      supplier_id: preferred.id,
      expected_date: before?.expected_date,
    });
    const line = (order?.lines as Row[]).find((l) => l.product_id === product);
    expect(line).toMatchObject({ qty: 168, unit_price: 3, line_total: 504 });
    const after = await suggestionOf(product);
    expect(after).toMatchObject({ open_po_qty: 168, suggested: 0, order_qty: 0 });
    const report = await (
      await w.api('inventory')
    ).get<List>(LOW_STOCK.api, {
      filter: [
        { field: 'sku', field_type: 'text', filters: [{ operator: 'equals', value: after?.sku }] },
      ],
    });
    expect(report.data.rows[0]).toMatchObject({ open_po_qty: 168, purchase_status: 'in_purchase' });
  });

  it('orders the quantity the buyer typed instead of the suggestion, and refuses none at all', async () => {
    const product = await w.newProduct();
    const supplier = await w.newSupplier({
      products: [{ product_id: product, unit_price: 2, moq: 24, preferred: 1 }],
    });
    const api = await w.api('purchase');
    const zero = await api.send('POST', PURCHASE_FROM_LOW_STOCK_API, {
      supplier_ids: [supplier.id],
      ship_to_location_id: w.warehouse,
      quantities: { [product]: 0 },
    });
    expect(zero.httpStatus).toBe(422);
    expect((await suggestionOf(product))?.open_po_qty).toBe(0);
    const reply = await api.send<Row[]>('POST', PURCHASE_FROM_LOW_STOCK_API, {
      supplier_ids: [supplier.id],
      ship_to_location_id: w.warehouse,
      quantities: { [product]: 500 },
    });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    const line = (reply.data[0]?.lines as Row[]).find((l) => l.product_id === product);
    expect(line).toMatchObject({ qty: 500, unit_price: 2, line_total: 1000 });
  });

  it('refuses a supplier with nothing to order, and anyone outside purchase', async () => {
    const idle = await w.newSupplier();
    const body = { supplier_ids: [idle.id], ship_to_location_id: w.warehouse };
    const reply = await (await w.api('purchase')).send('POST', PURCHASE_FROM_LOW_STOCK_API, body);
    expect(reply.httpStatus).toBe(422);
    expect(reply.data).toEqual({
      'supplier_ids.0': 'This supplier has no low-stock product to order',
    });
    const outsider = await w.api('sale');
    expect((await outsider.get(LOW_STOCK_SUGGESTIONS_API)).httpStatus).toBe(403);
    expect((await outsider.send('POST', PURCHASE_FROM_LOW_STOCK_API, body)).httpStatus).toBe(403);
  });
});
