import { describe, expect, it } from 'vitest';
import { zeroFill } from '../../../../src/domain/formats/zero-fill.format.ts';

describe('zeroFill', () => {
  it('pads to five digits by default', () => {
    expect(zeroFill(42)).toBe('00042');
    expect(zeroFill('7')).toBe('00007');
    expect(zeroFill(0)).toBe('00000');
  });

  it('keeps values already five digits or longer whole', () => {
    expect(zeroFill(12345)).toBe('12345');
    expect(zeroFill(123456)).toBe('123456');
  });

  it('keeps the minus sign in front of the zeros', () => {
    expect(zeroFill(-42)).toBe('-00042');
  });

  it('takes another length', () => {
    expect(zeroFill(42, 3)).toBe('042');
  });

  it('is empty for null, undefined and blank', () => {
    expect(zeroFill(null)).toBe('');
    expect(zeroFill(undefined)).toBe('');
    expect(zeroFill(' ')).toBe('');
  });
});
