import { describe, expect, it } from 'vitest';
import { formatNicotine, formatStrength } from '../../../../src/domain/formats/nicotine.format.ts';
import { formatMg, formatMl } from '../../../../src/domain/formats/units.format.ts';

describe('formatNicotine', () => {
  it('always shows three decimals', () => {
    expect(formatNicotine(1.5)).toBe('1.500');
    expect(formatNicotine(0)).toBe('0.000');
    expect(formatNicotine('18')).toBe('18.000');
  });

  it('rounds half away from zero at the third decimal', () => {
    expect(formatNicotine(2.0005)).toBe('2.001');
    expect(formatNicotine(2.00049)).toBe('2.000');
    expect(formatNicotine(-0.0005)).toBe('-0.001');
  });

  it('is empty for empty or non-numeric input', () => {
    expect(formatNicotine(null)).toBe('');
    expect(formatNicotine('')).toBe('');
    expect(formatNicotine('abc')).toBe('');
  });
});

describe('unit formatters', () => {
  it('write strength in mg and volume in ml', () => {
    expect(formatMg(3)).toBe('3 mg');
    expect(formatMl(60)).toBe('60 ml');
    expect(formatMl('1.5')).toBe('1.5 ml');
  });

  it('fix the decimals when asked', () => {
    expect(formatMg(3, 3)).toBe('3.000 mg');
    expect(formatMl(59.95, 1)).toBe('60.0 ml');
  });

  it('hide float noise', () => {
    expect(formatMl(0.1 + 0.2)).toBe('0.3 ml');
  });

  it('keep negatives and zero', () => {
    expect(formatMl(-5)).toBe('-5 ml');
    expect(formatMg(0)).toBe('0 mg');
  });

  it('are empty for empty input', () => {
    expect(formatMg(null)).toBe('');
    expect(formatMl(undefined)).toBe('');
  });
});

describe('formatStrength', () => {
  it('writes a nicotine strength with three decimals in mg per ml, never plain mg', () => {
    expect(formatStrength(3)).toBe('3.000 mg/ml');
    expect(formatStrength('0.5')).toBe('0.500 mg/ml');
    expect(formatStrength(null)).toBe('');
  });
});

describe('unit formatters group thousands', () => {
  it('as every other number', () => {
    expect(formatMl(2937.6)).toBe('2,937.6 ml');
    expect(formatMl(2937.6, 2)).toBe('2,937.60 ml');
  });
});
