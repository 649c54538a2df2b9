import { describe, expect, it } from 'vitest';
import { formatQuantity } from '../../../../src/domain/formats/quantity.format.ts';

describe('formatQuantity', () => {
  it('groups thousands and names the unit', () => {
    expect(formatQuantity(12345, 'units')).toBe('12,345 units');
    expect(formatQuantity('1800', 'ml', 2)).toBe('1,800.00 ml');
    expect(formatQuantity(6, 'mg', 3)).toBe('6.000 mg');
    expect(formatQuantity(-2500.5, '', 1)).toBe('-2,500.5');
  });

  it('rounds half away from zero on the decimals shown', () => {
    expect(formatQuantity(1.005, 'ml', 2)).toBe('1.01 ml');
    expect(formatQuantity(2.5, 'units')).toBe('3 units');
  });

  it('says nothing for an empty or non-numeric value', () => {
    expect(formatQuantity(null, 'units')).toBe('');
    expect(formatQuantity('', 'ml')).toBe('');
    expect(formatQuantity('abc', 'ml')).toBe('');
  });
});
