import { describe, expect, it } from 'vitest';
import {
  lineDiscount,
  type Discount,
  type LineContext,
} from '../../shared/entities/line-discounts.ts';
import { tierUnitPrice } from '../../shared/entities/tier-price.ts';

describe('tierUnitPrice: the best quantity break in force on the order date', () => {
  const prices = [
    { min_qty: 0, unit_price: 10, valid_from: '2026-01-01', valid_to: null },
    { min_qty: 100, unit_price: 9, valid_from: '2026-01-01', valid_to: null },
    { min_qty: 500, unit_price: 8, valid_from: '2026-01-01', valid_to: '2026-06-30' },
  ];
  it.each([
    [50, '2026-03-01', 10],
    [100, '2026-03-01', 9],
    [600, '2026-03-01', 8],
    [600, '2026-06-30', 8],
    [600, '2026-07-15', 9],
  ])('%d units on %s cost %d each', (qty, date, price) => {
    expect(tierUnitPrice(prices, qty, date)?.unit_price).toBe(price);
  });

  it('has no price before the tier starts', () => {
    expect(tierUnitPrice(prices, 10, '2025-12-31')).toBeNull();
  });

  it('takes the price that started last when two of one break overlap', () => {
    const overlap = [
      ...prices,
      { min_qty: 100, unit_price: 8.5, valid_from: '2026-02-01', valid_to: null },
    ];
    expect(tierUnitPrice(overlap, 150, '2026-03-01')?.unit_price).toBe(8.5);
  });
});

describe('lineDiscount', () => {
  const line: LineContext = {
    customer: 7,
    product: 11,
    family: 3,
    brand: 4,
    category: 5,
    qty: 3,
    orderDate: '2026-05-01',
  };
  const discount = (d: Partial<Discount> & Pick<Discount, 'id' | 'kind' | 'value'>): Discount => ({
    scope: 'all',
    scope_id: null,
    min_qty: 0,
    valid_from: '2026-01-01',
    valid_to: null,
    stackable: true,
    active: true,
    ...d,
  });

  it('stacks percents one on the other, then amounts per unit', () => {
    const result = lineDiscount(10, line, [
      discount({ id: 2, kind: 'amount', value: 1 }),
      discount({ id: 1, kind: 'percent', value: 10 }),
      discount({ id: 3, kind: 'percent', value: 5 }),
    ]);
    // 10 × 0.90 × 0.95 = 8.55, less $1 = 7.55; (10 − 7.55) × 3 = 7.35 off the line.
    expect(result).toEqual({ applied: [1, 3, 2], net_unit_price: 7.55, discount_amount: 7.35 });
  });

  it('gives a non-stackable discount alone when it beats the stack', () => {
    const result = lineDiscount(10, line, [
      discount({ id: 1, kind: 'percent', value: 10 }),
      discount({ id: 2, kind: 'amount', value: 1 }),
      discount({ id: 9, kind: 'percent', value: 25, stackable: false }),
    ]);
    expect(result.applied).toEqual([9]);
    expect(result.net_unit_price).toBe(7.5);
  });

  it('keeps the stack when it beats the non-stackable one', () => {
    const result = lineDiscount(10, line, [
      discount({ id: 1, kind: 'percent', value: 20 }),
      discount({ id: 2, kind: 'amount', value: 1 }),
      discount({ id: 9, kind: 'percent', value: 25, stackable: false }),
    ]);
    expect(result.applied).toEqual([1, 2]);
    expect(result.net_unit_price).toBe(7);
  });

  it('never takes the price below zero', () => {
    const result = lineDiscount(10, line, [discount({ id: 1, kind: 'amount', value: 15 })]);
    expect(result).toEqual({ applied: [1], net_unit_price: 0, discount_amount: 30 });
  });

  it.each([
    ['inactive', { active: false }],
    ['below its minimum quantity', { min_qty: 4 }],
    ['not yet in force', { valid_from: '2026-05-02' }],
    ['expired', { valid_to: '2026-04-30' }],
    ['for another family', { scope: 'family' as const, scope_id: 99 }],
    ['for another customer', { scope: 'customer' as const, scope_id: 8 }],
  ])('ignores a discount %s', (_, change) => {
    const result = lineDiscount(10, line, [
      discount({ id: 1, kind: 'percent', value: 10, ...change }),
    ]);
    expect(result).toEqual({ applied: [], net_unit_price: 10, discount_amount: 0 });
  });

  it.each([
    ['family', 3],
    ['brand', 4],
    ['category', 5],
    ['product', 11],
    ['customer', 7],
  ] as const)('applies a discount scoped to the line’s %s', (scope, id) => {
    const result = lineDiscount(10, line, [
      discount({ id: 1, kind: 'percent', value: 10, scope, scope_id: id }),
    ]);
    expect(result.net_unit_price).toBe(9);
  });
});
