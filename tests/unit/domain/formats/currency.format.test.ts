import { describe, expect, it } from 'vitest';
import { formatCurrency, formatUnitPrice } from '../../../../src/domain/formats/currency.format.ts';

describe('formatCurrency', () => {
  it('writes Canadian dollars with two decimals and grouping', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(1_000_000)).toBe('$1,000,000.00');
  });

  it('accepts numeric strings from decimal columns', () => {
    expect(formatCurrency('12.5')).toBe('$12.50');
    expect(formatCurrency(' 7 ')).toBe('$7.00');
  });

  it('puts the minus sign before the dollar sign', () => {
    expect(formatCurrency(-1234.567)).toBe('-$1,234.57');
  });

  it('shows zero without a sign, also for -0 and values that round to zero', () => {
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(-0)).toBe('$0.00');
    expect(formatCurrency(-0.004)).toBe('$0.00');
  });

  it('rounds half away from zero on the visible decimals', () => {
    expect(formatCurrency(1.005)).toBe('$1.01');
    expect(formatCurrency(0.125)).toBe('$0.13');
    expect(formatCurrency(-0.125)).toBe('-$0.13');
    expect(formatCurrency(2.994)).toBe('$2.99');
  });

  it('is empty for null, undefined, blank and non-numeric input', () => {
    expect(formatCurrency(null)).toBe('');
    expect(formatCurrency(undefined)).toBe('');
    expect(formatCurrency('')).toBe('');
    expect(formatCurrency('   ')).toBe('');
    expect(formatCurrency('abc')).toBe('');
    expect(formatCurrency(Number.NaN)).toBe('');
    expect(formatCurrency(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatUnitPrice', () => {
  it('writes a unit cost in CAD with two decimals, more only when the sub-cents are there', () => {
    expect(formatUnitPrice(12.5)).toBe('$12.50');
    expect(formatUnitPrice('0.0125')).toBe('$0.0125');
    expect(formatUnitPrice(1234.5678)).toBe('$1,234.5678');
    expect(formatUnitPrice(0.00005)).toBe('$0.0001');
  });

  it('keeps at most the decimals declared, and nothing for no value', () => {
    expect(formatUnitPrice(0.0125, 2)).toBe('$0.01');
    expect(formatUnitPrice(null)).toBe('');
  });
});
