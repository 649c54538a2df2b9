import { describe, expect, it } from 'vitest';
import { formatShorthand } from '../../../../src/domain/formats/shorthand.format.ts';

describe('formatShorthand', () => {
  it('keeps numbers under a thousand as they are', () => {
    expect(formatShorthand(0)).toBe('0');
    expect(formatShorthand(999)).toBe('999');
    expect(formatShorthand(12.34)).toBe('12.3');
  });

  it('switches to k exactly at 1000', () => {
    expect(formatShorthand(1000)).toBe('1k');
    expect(formatShorthand(1234)).toBe('1.2k');
  });

  it('uses each suffix from k to E at its power of a thousand', () => {
    expect(formatShorthand(1e6)).toBe('1M');
    expect(formatShorthand(2.5e9)).toBe('2.5G');
    expect(formatShorthand(3e12)).toBe('3T');
    expect(formatShorthand(4e15)).toBe('4P');
    expect(formatShorthand(5e18)).toBe('5E');
  });

  it('rounds half away from zero and drops trailing zeros', () => {
    expect(formatShorthand(1250)).toBe('1.3k');
    expect(formatShorthand(1999)).toBe('2k');
    expect(formatShorthand(1234, 2)).toBe('1.23k');
  });

  it('moves to the next suffix when rounding reaches a thousand', () => {
    expect(formatShorthand(999_950)).toBe('1M');
    expect(formatShorthand(999.96)).toBe('1k');
  });

  it('keeps the sign of negative numbers', () => {
    expect(formatShorthand(-2500)).toBe('-2.5k');
    expect(formatShorthand(-12)).toBe('-12');
  });

  it('is empty for empty or non-numeric input', () => {
    expect(formatShorthand(null)).toBe('');
    expect(formatShorthand('')).toBe('');
    expect(formatShorthand('n/a')).toBe('');
  });

  it('accepts numeric strings', () => {
    expect(formatShorthand('15000')).toBe('15k');
  });
});
