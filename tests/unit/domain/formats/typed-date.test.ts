import { describe, expect, it } from 'vitest';
import { parseTypedDate, parseTypedDateTime } from '../../../../src/domain/formats/typed-date.ts';

describe('parseTypedDate', () => {
  it('reads the displayed month-first form, with or without leading zeros', () => {
    expect(parseTypedDate('03/05/2024')).toBe('2024-03-05');
    expect(parseTypedDate('3/5/2024')).toBe('2024-03-05');
  });

  it('reads the ISO form', () => {
    expect(parseTypedDate(' 2024-12-31 ')).toBe('2024-12-31');
  });

  it('is null while the date is incomplete or impossible', () => {
    expect(parseTypedDate('')).toBeNull();
    expect(parseTypedDate('03/05/20')).toBeNull();
    expect(parseTypedDate('02/30/2024')).toBeNull();
    expect(parseTypedDate('13/01/2024')).toBeNull();
  });
});

describe('parseTypedDateTime', () => {
  it('reads a date followed by a time, seconds optional', () => {
    expect(parseTypedDateTime('03/05/2024 14:07:09')).toBe('2024-03-05 14:07:09');
    expect(parseTypedDateTime('2024-03-05 9:30')).toBe('2024-03-05 09:30:00');
  });

  it('takes a date alone as midnight', () => {
    expect(parseTypedDateTime('03/05/2024')).toBe('2024-03-05 00:00:00');
  });

  it('is null for impossible times and half-typed input', () => {
    expect(parseTypedDateTime('03/05/2024 25:00')).toBeNull();
    expect(parseTypedDateTime('03/05/2024 14:')).toBeNull();
  });
});
