import { describe, expect, it } from 'vitest';
import { formatActive, formatYesNo, toFlag } from '../../../../src/domain/formats/flag.format.ts';

describe('flag formatters', () => {
  it.each([1, true, '1', 'true'] as const)('read %j as yes / active', (value) => {
    expect(formatYesNo(value)).toBe('Yes');
    expect(formatActive(value)).toBe('Active');
  });

  it.each([0, false, '0', 'false'] as const)('read %j as no / inactive', (value) => {
    expect(formatYesNo(value)).toBe('No');
    expect(formatActive(value)).toBe('Inactive');
  });

  it.each([null, undefined, '', 2, -1, 'yes'] as const)(
    'leave %j blank rather than guess',
    (value) => {
      expect(toFlag(value)).toBeNull();
      expect(formatYesNo(value)).toBe('');
      expect(formatActive(value)).toBe('');
    },
  );
});
