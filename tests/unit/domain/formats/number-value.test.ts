import { describe, expect, it } from 'vitest';
import {
  roundHalfAway,
  toFiniteNumber,
  toFixedHalfAway,
} from '../../../../src/domain/formats/number-value.ts';

describe('toFiniteNumber', () => {
  it('reads numbers and trimmed numeric strings', () => {
    expect(toFiniteNumber(3)).toBe(3);
    expect(toFiniteNumber(' -2.5 ')).toBe(-2.5);
    expect(toFiniteNumber('0')).toBe(0);
  });

  it('is null for empty, non-numeric and non-finite input', () => {
    for (const value of [null, undefined, '', ' ', 'x', Number.NaN, Number.NEGATIVE_INFINITY]) {
      expect(toFiniteNumber(value)).toBeNull();
    }
  });
});

describe('roundHalfAway', () => {
  it('rounds the decimal a person sees, not the binary float', () => {
    expect(roundHalfAway(1.005, 2)).toBe(1.01);
    expect(roundHalfAway(1.0005, 3)).toBe(1.001);
    expect(roundHalfAway(2.5, 0)).toBe(3);
    expect(roundHalfAway(-2.5, 0)).toBe(-3);
  });

  it('never returns -0', () => {
    expect(Object.is(roundHalfAway(-0.001, 2), 0)).toBe(true);
  });

  it('copes with numbers written in exponent notation', () => {
    expect(roundHalfAway(1e21, 2)).toBe(1e21);
    expect(roundHalfAway(1e-7, 2)).toBe(0);
  });

  it('pads to a fixed number of decimals', () => {
    expect(toFixedHalfAway(1.5, 3)).toBe('1.500');
  });
});
