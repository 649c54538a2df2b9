import { describe, expect, it } from 'vitest';
import type { FilterableField } from '../../../../src/domain/table-filter/filterable-field.ts';
import {
  coerceFilterValue,
  MAX_TEXT_VALUE,
} from '../../../../src/domain/table-filter/filter-value.ts';

const field = (type: FilterableField['type'], enumValues?: FilterableField['enumValues']) => ({
  name: 'f',
  type,
  enumValues,
});

describe('coerceFilterValue', () => {
  it.each(['text', 'number', 'date', 'datetime', 'boolean', 'enum'] as const)(
    'asks for a value of a %s field when there is none',
    (type) => {
      for (const blank of [undefined, null, '']) {
        expect(coerceFilterValue(field(type, ['a']), blank)).toEqual({
          ok: false,
          code: 'required',
        });
      }
    },
  );

  it('keeps text as typed, spaces and case included', () => {
    expect(coerceFilterValue(field('text'), ' Mint 50% ')).toEqual({
      ok: true,
      value: ' Mint 50% ',
    });
    expect(coerceFilterValue(field('text'), 42)).toEqual({ ok: true, value: '42' });
  });

  it('refuses text that is too long or not text', () => {
    expect(coerceFilterValue(field('text'), 'x'.repeat(MAX_TEXT_VALUE + 1))).toEqual({
      ok: false,
      code: 'max',
    });
    expect(coerceFilterValue(field('text'), ['a'])).toEqual({ ok: false, code: 'in' });
    expect(coerceFilterValue(field('text'), true)).toEqual({ ok: false, code: 'in' });
    expect(coerceFilterValue(field('text'), 'a\u0000b')).toEqual({ ok: false, code: 'in' });
  });

  it.each([
    ['12', 12],
    [' -3.5 ', -3.5],
    ['.25', 0.25],
    ['1e3', 1000],
    [7, 7],
  ])('reads the number %j as %j', (raw, value) => {
    expect(coerceFilterValue(field('number'), raw)).toEqual({ ok: true, value });
  });

  it.each(['abc', '1,5', '0x10', 'Infinity', 'NaN', '1e999', Number.NaN, Infinity, {}, [1]])(
    'refuses %j as a number with numeric',
    (raw) => {
      expect(coerceFilterValue(field('number'), raw)).toEqual({ ok: false, code: 'numeric' });
    },
  );

  it('accepts real calendar days only', () => {
    expect(coerceFilterValue(field('date'), '2024-02-29')).toEqual({
      ok: true,
      value: '2024-02-29',
    });
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '0000-01-01',
      '03/05/2024',
      '2024-1-5',
      20240105,
    ]) {
      expect(coerceFilterValue(field('date'), bad)).toEqual({ ok: false, code: 'in' });
    }
  });

  it('accepts the API datetime form, ISO 8601 and a date alone', () => {
    for (const good of [
      '2024-03-05 10:20:30',
      '2024-03-05T10:20',
      '2024-03-05T10:20:30.123Z',
      '2024-03-05 10:20:30+05:30',
      '2024-03-05',
    ]) {
      expect(coerceFilterValue(field('datetime'), good)).toEqual({ ok: true, value: good });
    }
  });

  it('refuses impossible times and zones', () => {
    for (const bad of [
      '2024-03-05 24:00:00',
      '2024-03-05 10:60',
      '2024-03-05T10:00+16:00',
      'now',
    ]) {
      expect(coerceFilterValue(field('datetime'), bad)).toEqual({ ok: false, code: 'in' });
    }
  });

  it('reads booleans as 1 and 0 (docs/product.md §7) as well as true and false', () => {
    for (const yes of ['1', 1, true, 'true']) {
      expect(coerceFilterValue(field('boolean'), yes)).toEqual({ ok: true, value: true });
    }
    for (const no of ['0', 0, false, 'false']) {
      expect(coerceFilterValue(field('boolean'), no)).toEqual({ ok: true, value: false });
    }
    expect(coerceFilterValue(field('boolean'), 'yes')).toEqual({ ok: false, code: 'in' });
  });

  it('answers the declared enum value, so a code sent as text comes back a number', () => {
    expect(coerceFilterValue(field('enum', [1, 2]), '2')).toEqual({ ok: true, value: 2 });
    expect(coerceFilterValue(field('enum', ['open', 'done']), 'done')).toEqual({
      ok: true,
      value: 'done',
    });
    expect(coerceFilterValue(field('enum', ['open']), 'Open')).toEqual({ ok: false, code: 'in' });
    expect(coerceFilterValue(field('enum'), 'open')).toEqual({ ok: false, code: 'in' });
  });
});
