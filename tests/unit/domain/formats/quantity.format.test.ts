import { describe, expect, it } from 'vitest';
import {
  formatMeasured,
  formatQuantity,
  formatVolume,
  unitDecimals,
} from '../../../../src/domain/formats/quantity.format.ts';

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

describe('formatMeasured', () => {
  it('counts what is counted whole, whatever the column keeps', () => {
    expect(formatMeasured(45000, 'ea')).toBe('45,000 ea');
    expect(formatMeasured('12.000', 'case')).toBe('12 case');
    expect(unitDecimals('EA')).toBe(0);
  });

  it('keeps the qty columns’ three decimals for volumes and masses', () => {
    expect(formatMeasured(2937.6, 'ml')).toBe('2,937.600 ml');
    expect(formatMeasured(1.25, 'kg')).toBe('1.250 kg');
    expect(unitDecimals('l')).toBe(3);
  });

  it('keeps the lab’s three decimals for mg, and three for a unit nobody listed', () => {
    expect(formatMeasured(6, 'mg')).toBe('6.000 mg');
    expect(formatMeasured(0.5, 'drum')).toBe('0.500 drum');
  });

  it('says nothing for an empty value', () => {
    expect(formatMeasured(null, 'ea')).toBe('');
  });
});

describe('formatVolume', () => {
  it('writes a batch or bottle volume in ml with two decimals, grouped', () => {
    expect(formatVolume(2937.6)).toBe('2,937.60 ml');
    expect(formatVolume(60)).toBe('60.00 ml');
  });
});
