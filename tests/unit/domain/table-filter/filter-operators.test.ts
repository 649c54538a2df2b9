import { describe, expect, it } from 'vitest';
import { filterChoicesFor } from '../../../../src/domain/table-filter/filter-choices.ts';
import {
  columnOperatorsFor,
  comparableTypes,
  isFilterOperator,
  operatorsFor,
} from '../../../../src/domain/table-filter/filter-operators.ts';

describe('operatorsFor', () => {
  it('offers text the equality and contains operators of docs/product.md §4, and the checkbox list', () => {
    expect(operatorsFor('text')).toEqual(['equals', 'not_equal', 'contains', 'not_contains', 'in']);
  });

  it.each(['number', 'date'] as const)('offers %s every comparison and the list', (type) => {
    expect(operatorsFor(type)).toEqual([
      'equals',
      'not_equal',
      'less',
      'less_or_equal',
      'greater',
      'greater_or_equal',
      'in',
    ]);
  });

  it('offers datetime comparisons but no list of moments', () => {
    expect(operatorsFor('datetime')).not.toContain('in');
    expect(operatorsFor('datetime')).toContain('greater_or_equal');
  });

  it('offers no ordering where order means nothing', () => {
    expect(operatorsFor('boolean')).toEqual(['equals', 'not_equal']);
    expect(operatorsFor('enum')).toEqual(['equals', 'not_equal', 'in']);
  });

  it('never offers contains outside text', () => {
    for (const type of ['number', 'date', 'datetime', 'boolean', 'enum'] as const) {
      expect(operatorsFor(type)).not.toContain('contains');
    }
  });
});

describe('columnOperatorsFor', () => {
  it('compares columns with comparisons only, never contains or a list', () => {
    expect(columnOperatorsFor('text')).toEqual(['equals', 'not_equal']);
    expect(columnOperatorsFor('number')).not.toContain('in');
    expect(columnOperatorsFor('datetime')).toContain('less');
  });
});

describe('comparableTypes', () => {
  it('compares a type with itself and dates with datetimes', () => {
    expect(comparableTypes('number', 'number')).toBe(true);
    expect(comparableTypes('date', 'datetime')).toBe(true);
    expect(comparableTypes('datetime', 'date')).toBe(true);
  });

  it('refuses unlike types', () => {
    expect(comparableTypes('number', 'text')).toBe(false);
    expect(comparableTypes('enum', 'text')).toBe(false);
    expect(comparableTypes('boolean', 'number')).toBe(false);
  });
});

describe('isFilterOperator', () => {
  it('knows the wire operators and not the menu-only choices', () => {
    expect(isFilterOperator('not_contains')).toBe(true);
    expect(isFilterOperator('between')).toBe(false);
    expect(isFilterOperator('custom')).toBe(false);
    expect(isFilterOperator('toString')).toBe(false);
  });
});

describe('filterChoicesFor', () => {
  it('offers between and custom on ordered types', () => {
    expect(filterChoicesFor('number')).toEqual(expect.arrayContaining(['between', 'custom']));
    expect(filterChoicesFor('date')).toEqual(expect.arrayContaining(['between', 'custom']));
  });

  it('offers custom but not between on text', () => {
    expect(filterChoicesFor('text')).toContain('custom');
    expect(filterChoicesFor('text')).not.toContain('between');
  });

  it('offers only wire operators besides between and custom', () => {
    for (const type of ['text', 'number', 'date', 'datetime', 'boolean', 'enum'] as const) {
      for (const choice of filterChoicesFor(type)) {
        if (choice === 'between' || choice === 'custom') continue;
        expect(operatorsFor(type)).toContain(choice);
      }
    }
  });
});
