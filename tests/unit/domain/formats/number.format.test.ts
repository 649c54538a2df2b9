import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatInteger,
  formatNumber,
} from '../../../../src/domain/formats/number.format.ts';
import { formatPercent } from '../../../../src/domain/formats/percent.format.ts';

describe('formatNumber', () => {
  it('groups thousands and keeps exactly the decimals asked', () => {
    expect(formatNumber(45000, 3)).toBe('45,000.000');
    expect(formatNumber('2937.6', 2)).toBe('2,937.60');
    expect(formatNumber(-1234567.891, 1)).toBe('-1,234,567.9');
  });

  it('rounds half away from zero, never to -0', () => {
    expect(formatNumber(1.005, 2)).toBe('1.01');
    expect(formatNumber(-0.0004, 3)).toBe('0.000');
  });

  it('is empty for empty or non-numeric input', () => {
    expect(formatNumber(null, 2)).toBe('');
    expect(formatNumber('', 2)).toBe('');
    expect(formatNumber('12 kg', 2)).toBe('');
  });
});

describe('formatInteger', () => {
  it('writes a count whole and grouped', () => {
    expect(formatInteger(12345)).toBe('12,345');
    expect(formatInteger(2.5)).toBe('3');
    expect(formatInteger(0)).toBe('0');
  });
});

describe('formatAmount', () => {
  it('keeps the decimals a number has, up to the maximum, none when whole', () => {
    expect(formatAmount(6)).toBe('6');
    expect(formatAmount(2937.5)).toBe('2,937.5');
    expect(formatAmount(0.1 + 0.2)).toBe('0.3');
    expect(formatAmount(1.23456789, 6)).toBe('1.234568');
  });
});

describe('formatPercent', () => {
  it('marks hundredths with a spaced %, never multiplying them', () => {
    expect(formatPercent(98.5)).toBe('98.50 %');
    expect(formatPercent(86.66, 1)).toBe('86.7 %');
    expect(formatPercent(1250, 0)).toBe('1,250 %');
    expect(formatPercent(null)).toBe('');
  });
});
