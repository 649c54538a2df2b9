import { describe, expect, it } from 'vitest';
import {
  billingStatusOf,
  orderFigures,
  receiptStatusOf,
  roundMoney,
  roundUpToMoq,
} from '../../../../src/domain/entities/purchase/purchase-order-figures.ts';
import {
  bySupplier,
  type LowStockSuggestion,
} from '../../../../src/domain/entities/purchase/low-stock-suggestions.ts';

// A purchase order's figures and derived statuses, and the low-stock suggestions' grouping.

const line = (qty: number, unit_price: number, taxable = true) => ({ qty, unit_price, taxable });

describe('purchase order figures', () => {
  it('rounds extensions half-up to the cent, and taxes only taxable lines', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    const figures = orderFigures(
      [line(3, 10.125), line(1, 50, false)],
      [{ tax_code: 'HST', rate: 13, compound: false }],
      1,
    );
    expect(figures).toEqual({
      line_totals: [30.38, 50],
      subtotal: 80.38,
      taxes: [{ tax_code: 'HST', rate: 13, amount: 3.95 }],
      tax_total: 3.95,
      total: 84.33,
      total_cad: 84.33,
    });
  });

  it('applies a compound tax on top of the others, and converts the total to CAD', () => {
    const figures = orderFigures(
      [line(1, 100)],
      [
        { tax_code: 'GST', rate: 5, compound: false },
        { tax_code: 'QST', rate: 9.975, compound: true },
      ],
      1.3895,
    );
    expect(figures.taxes).toEqual([
      { tax_code: 'GST', rate: 5, amount: 5 },
      { tax_code: 'QST', rate: 9.975, amount: 10.47 },
    ]);
    expect(figures.total).toBe(115.47);
    expect(figures.total_cad).toBe(160.45);
  });

  it('derives receipt and billing statuses from the lines alone', () => {
    const q = (qty: number, received: number, billed = 0, cancelled = 0) => ({
      qty,
      qty_received: received,
      qty_billed: billed,
      qty_cancelled: cancelled,
    });
    expect(receiptStatusOf([q(10, 0), q(5, 0)])).toBe('not_received');
    expect(receiptStatusOf([q(10, 10), q(5, 2)])).toBe('partially_received');
    expect(receiptStatusOf([q(10, 10), q(5, 2, 0, 3)])).toBe('received');
    expect(billingStatusOf([q(10, 10, 4)])).toBe('partially_billed');
    expect(billingStatusOf([q(10, 10, 10)])).toBe('billed');
  });

  it('rounds a quantity up to whole multiples of the MOQ', () => {
    expect(roundUpToMoq(150, 24)).toBe(168);
    expect(roundUpToMoq(10, 24)).toBe(24);
    expect(roundUpToMoq(48, 24)).toBe(48);
    expect(roundUpToMoq(7.5, 0)).toBe(7.5);
  });
});

describe('low-stock suggestions by supplier', () => {
  const row = (sku: string, supplier: [number, string] | null, orderQty = 10) =>
    ({
      product_id: sku.length,
      sku,
      supplier_id: supplier?.[0] ?? null,
      supplier_name: supplier?.[1] ?? null,
      order_qty: orderQty,
    }) as LowStockSuggestion;

  it('groups what a supplier can fill, by name, leaving out the unsourced and the covered', () => {
    const groups = bySupplier([
      row('A', [2, 'Zeta']),
      row('B', [1, 'Alpha']),
      row('C', [2, 'Zeta']),
      row('D', null),
      row('E', [1, 'Alpha'], 0),
    ]);
    expect(groups.map((g) => [g.supplier_name, g.lines.map((l) => l.sku)])).toEqual([
      ['Alpha', ['B']],
      ['Zeta', ['A', 'C']],
    ]);
  });
});
