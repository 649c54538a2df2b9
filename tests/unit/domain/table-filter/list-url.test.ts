import { describe, expect, it } from 'vitest';
import type { FilterableField } from '../../../../src/domain/table-filter/filterable-field.ts';
import {
  decodeListUrl,
  encodeListUrl,
  listUrl,
  type ListUrlDefaults,
  type ListUrlState,
} from '../../../../src/domain/table-filter/list-url.ts';

// A list's filter, sort and page in its URL: what goes in comes back out, defaults stay out of
// the address, and whatever a person could type into a URL that does not fit the list is
// dropped instead of breaking the page.

const FIELDS: readonly FilterableField[] = [
  { name: 'number', type: 'text' },
  { name: 'qty', type: 'number' },
  { name: 'min_qty', type: 'number' },
  { name: 'due_date', type: 'date' },
  { name: 'status', type: 'enum', enumValues: ['draft', 'released', 'done'] },
  { name: 'active', type: 'boolean' },
  { name: 'notes', type: 'text', sortable: false },
];

const DEFAULTS: ListUrlDefaults = { sort: { field: 'number', direction: 'desc' }, perPage: 50 };

/** Through the address bar and back, as a browser would carry it. */
function roundTrip(state: ListUrlState): ListUrlState {
  const search = new URLSearchParams(encodeListUrl(state, DEFAULTS)).toString();
  return decodeListUrl(new URLSearchParams(search), FIELDS);
}

describe('list URL', () => {
  it('carries every kind of column filter, the sort and the page there and back', () => {
    const state: ListUrlState = {
      filter: [
        {
          field: 'number',
          field_type: 'text',
          filters: [{ operator: 'contains', value: 'MO-00 "1"&?#' }],
        },
        {
          field: 'status',
          field_type: 'enum',
          filters: [{ operator: 'in', value: ['draft', 'released'] }],
        },
        {
          field: 'qty',
          field_type: 'number',
          filters: [
            { operator: 'greater_or_equal', value: 10 },
            { operator: 'less', value: 'min_qty', value_type: 'column', logic_operator: 'or' },
          ],
        },
        {
          field: 'due_date',
          field_type: 'date',
          filters: [{ operator: 'less_or_equal', value: '2026-12-01', logic_operator: 'or' }],
        },
        { field: 'active', field_type: 'boolean', filters: [{ operator: 'equals', value: '1' }] },
      ],
      sort: { field: 'qty', direction: 'asc' },
      page: 3,
      perPage: 100,
    };
    expect(roundTrip(state)).toEqual(state);
  });

  it('is compact: default logic and value type are left out, defaults leave no key', () => {
    const pairs = encodeListUrl(
      {
        filter: [
          {
            field: 'number',
            field_type: 'text',
            filters: [
              { operator: 'contains', value: 'MO', logic_operator: 'and', value_type: 'value' },
            ],
          },
        ],
        sort: DEFAULTS.sort,
        page: 1,
        perPage: 50,
      },
      DEFAULTS,
    );
    expect(pairs).toEqual([['f', '[["number","text",[["contains","MO"]]]]']]);
    expect(encodeListUrl({ filter: [] }, DEFAULTS)).toEqual([]);
  });

  it('tells "no sort" from "the default sort"', () => {
    expect(encodeListUrl({ filter: [], sort: null }, DEFAULTS)).toEqual([['sort', 'none']]);
    expect(roundTrip({ filter: [], sort: null })).toEqual({ filter: [], sort: null });
    expect(roundTrip({ filter: [] })).toEqual({ filter: [] });
  });

  it('drops what does not fit the list, column by column, and never throws', () => {
    const keep = ['number', 'text', [['equals', 'MO-00106']]];
    const cases: Record<string, string> = {
      'not JSON': '[["number"',
      'an unknown field': JSON.stringify([['nope', 'text', [['equals', 'x']]], keep]),
      'a wrong type': JSON.stringify([['qty', 'text', [['equals', 'x']]], keep]),
      'a value the field refuses': JSON.stringify([['qty', 'number', [['equals', 'ten']]], keep]),
      'an enum value not in its list': JSON.stringify([
        ['status', 'enum', [['in', ['lost']]]],
        keep,
      ]),
      'an operator the type lacks': JSON.stringify([['active', 'boolean', [['less', '1']]], keep]),
      'no rows': JSON.stringify([['qty', 'number', []], keep]),
      'a row of the wrong shape': JSON.stringify([['qty', 'number', [{ op: 1 }]], keep]),
      'the same column twice': JSON.stringify([keep, ['number', 'text', [['equals', 'other']]]]),
      'an object instead of a list': JSON.stringify({ number: 'MO' }),
    };
    for (const [why, f] of Object.entries(cases)) {
      const decoded = decodeListUrl(new URLSearchParams({ f }), FIELDS);
      const expected =
        why === 'not JSON' || why === 'an object instead of a list'
          ? []
          : [
              {
                field: 'number',
                field_type: 'text',
                filters: [{ operator: 'equals', value: 'MO-00106' }],
              },
            ];
      expect(decoded.filter, why).toEqual(expected);
    }
    const bad = decodeListUrl(
      new URLSearchParams({ sort: 'notes:asc', page: '-2', per_page: '100000' }),
      FIELDS,
    );
    expect(bad).toEqual({ filter: [] });
  });

  it('builds the address of a list filtered to one value (a lot search hit)', () => {
    const url = listUrl('/inventory/stock-on-hand', [
      { field: 'lot_no', field_type: 'text', filters: [{ operator: 'equals', value: 'L-1' }] },
    ]);
    expect(url).toBe(
      `/inventory/stock-on-hand?f=${encodeURIComponent('[["lot_no","text",[["equals","L-1"]]]]')}`,
    );
    expect(listUrl('/inventory/stock-on-hand', [])).toBe('/inventory/stock-on-hand');
  });
});
