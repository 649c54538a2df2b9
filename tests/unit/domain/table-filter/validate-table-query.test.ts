import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FilterableField } from '../../../../src/domain/table-filter/filterable-field.ts';
import { tableQueryShape } from '../../../../src/domain/table-filter/table-query.schema.ts';
import { validateTableQuery } from '../../../../src/domain/table-filter/validate-table-query.ts';

const FIELDS: readonly FilterableField[] = [
  { name: 'name', type: 'text' },
  { name: 'code', type: 'text' },
  { name: 'qty', type: 'number' },
  { name: 'min_qty', type: 'number' },
  { name: 'made_on', type: 'date' },
  { name: 'updated_at', type: 'datetime' },
  { name: 'active', type: 'boolean' },
  { name: 'status', type: 'enum', enumValues: ['open', 'done'] },
  { name: 'notes', type: 'text', filterable: false, sortable: false },
];

const row = (operator: string, value: unknown, extra: Record<string, unknown> = {}) => ({
  logic_operator: 'and',
  operator,
  value_type: 'value',
  value,
  ...extra,
});

const column = (field: string, field_type: string, ...filters: unknown[]) => ({
  field,
  field_type,
  filters,
});

function errorsOf(input: unknown): Record<string, string> {
  const result = validateTableQuery(input, FIELDS);
  if (result.ok) throw new Error('expected validation errors');
  return result.errors;
}

describe('validateTableQuery', () => {
  it('reads an empty query as the first page of 50, unfiltered and unsorted', () => {
    expect(validateTableQuery({}, FIELDS)).toEqual({
      ok: true,
      query: { filter: [], sort: null, page: 1, per_page: 50 },
    });
    expect(validateTableQuery(undefined, FIELDS)).toMatchObject({ ok: true });
  });

  it('coerces query-string text to each field type', () => {
    const result = validateTableQuery(
      {
        filter: [
          column('qty', 'number', row('greater_or_equal', '10'), row('less', '20.5')),
          column('active', 'boolean', row('equals', '1')),
          column('status', 'enum', row('in', ['open', 'done'])),
          column('made_on', 'date', row('less_or_equal', '2024-03-05')),
        ],
        sort: { field: 'qty', direction: 'desc' },
        page: '3',
        per_page: '25',
      },
      FIELDS,
    );
    expect(result).toEqual({
      ok: true,
      query: {
        filter: [
          {
            field: 'qty',
            field_type: 'number',
            filters: [
              {
                logic_operator: 'and',
                operator: 'greater_or_equal',
                value_type: 'value',
                value: 10,
              },
              { logic_operator: 'and', operator: 'less', value_type: 'value', value: 20.5 },
            ],
          },
          {
            field: 'active',
            field_type: 'boolean',
            filters: [
              { logic_operator: 'and', operator: 'equals', value_type: 'value', value: true },
            ],
          },
          {
            field: 'status',
            field_type: 'enum',
            filters: [
              {
                logic_operator: 'and',
                operator: 'in',
                value_type: 'value',
                value: ['open', 'done'],
              },
            ],
          },
          {
            field: 'made_on',
            field_type: 'date',
            filters: [
              {
                logic_operator: 'and',
                operator: 'less_or_equal',
                value_type: 'value',
                value: '2024-03-05',
              },
            ],
          },
        ],
        sort: { field: 'qty', direction: 'desc' },
        page: 3,
        per_page: 25,
      },
    });
  });

  it('defaults a missing logic operator to and and a missing value type to value', () => {
    const result = validateTableQuery(
      { filter: [column('name', 'text', { operator: 'contains', value: 'mint' })] },
      FIELDS,
    );
    expect(result).toMatchObject({
      ok: true,
      query: { filter: [{ filters: [{ logic_operator: 'and', value_type: 'value' }] }] },
    });
  });

  it('names a field outside the whitelist, or one declared not filterable', () => {
    expect(
      errorsOf({
        filter: [
          column('password_hash', 'text', row('equals', 'x')),
          column('notes', 'text', row('contains', 'x')),
        ],
      }),
    ).toEqual({ 'filter.0.field': 'in', 'filter.1.field': 'in' });
  });

  it('refuses a field type that disagrees with the declaration', () => {
    expect(errorsOf({ filter: [column('qty', 'text', row('equals', '1'))] })).toEqual({
      'filter.0.field_type': 'in',
    });
  });

  it('asks for field, field_type and filters when they are missing', () => {
    expect(errorsOf({ filter: [{}] })).toEqual({
      'filter.0.field': 'required',
      'filter.0.field_type': 'required',
      'filter.0.filters': 'required',
    });
  });

  it('refuses operators the field type does not have', () => {
    expect(
      errorsOf({
        filter: [
          column('qty', 'number', row('contains', '1')),
          column('name', 'text', row('less', 'b')),
          column('active', 'boolean', row('greater', '0')),
          column('qty', 'number', row('between', ['1', '2'])),
          column('qty', 'number', row('custom', '1')),
          column('qty', 'number', row('drop table', '1')),
          column('qty', 'number', row('', '1')),
        ],
      }),
    ).toEqual({
      'filter.0.filters.0.operator': 'in',
      'filter.1.filters.0.operator': 'in',
      'filter.2.filters.0.operator': 'in',
      'filter.3.filters.0.operator': 'in',
      'filter.4.filters.0.operator': 'in',
      'filter.5.filters.0.operator': 'in',
      'filter.6.filters.0.operator': 'required',
    });
  });

  it('refuses unknown logic operators and value types', () => {
    expect(
      errorsOf({
        filter: [
          column('qty', 'number', row('equals', '1', { logic_operator: 'xor', value_type: 'sql' })),
        ],
      }),
    ).toEqual({
      'filter.0.filters.0.logic_operator': 'in',
      'filter.0.filters.0.value_type': 'in',
    });
  });

  it('reports a value that does not fit its field with the code of docs/product.md §5', () => {
    expect(
      errorsOf({
        filter: [
          column('qty', 'number', row('equals', 'ten')),
          column('made_on', 'date', row('equals', '2024-02-30')),
          column('status', 'enum', row('equals', 'lost')),
          column('name', 'text', row('equals', '')),
          column('name', 'text', row('equals', 'x'.repeat(201))),
        ],
      }),
    ).toEqual({
      'filter.0.filters.0.value': 'numeric',
      'filter.1.filters.0.value': 'in',
      'filter.2.filters.0.value': 'in',
      'filter.3.filters.0.value': 'required',
      'filter.4.filters.0.value': 'max',
    });
  });

  describe('in lists', () => {
    it('takes one checked box sent as a bare value', () => {
      const result = validateTableQuery(
        { filter: [column('status', 'enum', row('in', 'open'))] },
        FIELDS,
      );
      expect(result).toMatchObject({
        ok: true,
        query: { filter: [{ filters: [{ value: ['open'] }] }] },
      });
    });

    it('points at the item that does not fit', () => {
      expect(errorsOf({ filter: [column('qty', 'number', row('in', ['1', 'x', '3']))] })).toEqual({
        'filter.0.filters.0.value.1': 'numeric',
      });
    });

    it('refuses an empty list and one longer than 100', () => {
      const many = Array.from({ length: 101 }, (_, i) => String(i));
      expect(
        errorsOf({
          filter: [
            column('qty', 'number', row('in', [])),
            column('qty', 'number', row('in', many)),
          ],
        }),
      ).toEqual({ 'filter.0.filters.0.value': 'required', 'filter.1.filters.0.value': 'size' });
    });
  });

  describe('column comparisons', () => {
    it('compares with another whitelisted field of a comparable type', () => {
      const result = validateTableQuery(
        {
          filter: [
            column('qty', 'number', row('less', 'min_qty', { value_type: 'column' })),
            column('made_on', 'date', row('less', 'updated_at', { value_type: 'column' })),
          ],
        },
        FIELDS,
      );
      expect(result).toMatchObject({
        ok: true,
        query: { filter: [{ filters: [{ value_type: 'column', value: 'min_qty' }] }, {}] },
      });
    });

    it('refuses an unknown, unfilterable or unlike column', () => {
      expect(
        errorsOf({
          filter: [
            column('qty', 'number', row('equals', 'price; drop table x', { value_type: 'column' })),
            column('name', 'text', row('equals', 'notes', { value_type: 'column' })),
            column('qty', 'number', row('equals', 'name', { value_type: 'column' })),
            column('qty', 'number', row('equals', '', { value_type: 'column' })),
          ],
        }),
      ).toEqual({
        'filter.0.filters.0.value': 'in',
        'filter.1.filters.0.value': 'in',
        'filter.2.filters.0.value': 'in',
        'filter.3.filters.0.value': 'required',
      });
    });

    it('refuses contains and lists against a column', () => {
      expect(
        errorsOf({
          filter: [
            column('name', 'text', row('contains', 'code', { value_type: 'column' })),
            column('qty', 'number', row('in', 'min_qty', { value_type: 'column' })),
          ],
        }),
      ).toEqual({ 'filter.0.filters.0.operator': 'in', 'filter.1.filters.0.operator': 'in' });
    });
  });

  describe('sort', () => {
    it('accepts a sortable field in either direction, in any case', () => {
      expect(
        validateTableQuery({ sort: { field: 'name', direction: 'DESC' } }, FIELDS),
      ).toMatchObject({
        ok: true,
        query: { sort: { field: 'name', direction: 'desc' } },
      });
    });

    it('refuses an unknown or unsortable field and an unknown direction', () => {
      expect(errorsOf({ sort: { field: 'notes', direction: 'up' } })).toEqual({
        'sort.field': 'in',
        'sort.direction': 'in',
      });
      expect(errorsOf({ sort: { field: 'secret' } })).toEqual({
        'sort.field': 'in',
        'sort.direction': 'required',
      });
      expect(errorsOf({ sort: 'name' })).toEqual({ sort: 'in' });
    });
  });

  describe('paging', () => {
    it('refuses pages that are not whole, not positive or too large', () => {
      expect(errorsOf({ page: '0', per_page: '501' })).toEqual({ page: 'in', per_page: 'max' });
      expect(errorsOf({ page: '1.5', per_page: 'all' })).toEqual({
        page: 'integer',
        per_page: 'integer',
      });
    });

    it('accepts the largest page size', () => {
      expect(validateTableQuery({ per_page: 500 }, FIELDS)).toMatchObject({
        ok: true,
        query: { per_page: 500 },
      });
    });
  });

  it('refuses more column filters or rows than the limits', () => {
    const rows = Array.from({ length: 21 }, () => row('equals', '1'));
    const columns = Array.from({ length: 31 }, () => column('qty', 'number', row('equals', '1')));
    expect(errorsOf({ filter: [column('qty', 'number', ...rows)] })).toEqual({
      'filter.0.filters': 'size',
    });
    expect(errorsOf({ filter: columns })).toEqual({ filter: 'size' });
  });

  it('reports every problem of a request at once', () => {
    expect(
      Object.keys(
        errorsOf({
          filter: [
            column('nope', 'text', row('equals', 'x')),
            column('qty', 'number', row('equals', 'y')),
          ],
          sort: { field: 'nope', direction: 'asc' },
          page: 'x',
        }),
      ),
    ).toEqual(['filter.0.field', 'filter.1.filters.0.value', 'sort.field', 'page']);
  });

  it('never reaches the prototype for names such as constructor or __proto__', () => {
    const sneaky = JSON.parse(
      '{"filter":[{"field":"constructor","field_type":"text","filters":[{"operator":"toString","value":"x"}]}],"sort":{"__proto__":{"field":"name"}}}',
    ) as unknown;
    expect(errorsOf(sneaky)).toEqual({
      'filter.0.field': 'in',
      'filter.0.filters.0.operator': 'in',
      'sort.field': 'required',
      'sort.direction': 'required',
    });
  });

  it('answers a query that is not an object with a code, not an exception', () => {
    expect(errorsOf(42)).toEqual({ query: 'in' });
    expect(errorsOf({ filter: 'name' })).toEqual({ filter: 'in' });
    expect(errorsOf({ filter: [null, 7] })).toEqual({ 'filter.0': 'in', 'filter.1': 'in' });
  });
});

describe('tableQueryShape', () => {
  it('spreads into a route query next to its own parameters', () => {
    const schema = z.object({ ...tableQueryShape(FIELDS), search: z.string().optional() });
    expect(schema.parse({ search: 'mint', page: '2' })).toEqual({
      search: 'mint',
      filter: [],
      sort: null,
      page: 2,
      per_page: 50,
    });
  });
});
