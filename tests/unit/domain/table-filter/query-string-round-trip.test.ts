import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { toQueryString } from '../../../../src/api/query-string.ts';
import { betweenToCustom } from '../../../../src/domain/table-filter/between-to-custom.ts';
import type { FilterableField } from '../../../../src/domain/table-filter/filterable-field.ts';
import type { TableQueryInput } from '../../../../src/domain/table-filter/table-query.types.ts';
import { validateTableQuery } from '../../../../src/domain/table-filter/validate-table-query.ts';

// The browser serialises with src/api/query-string.ts; the server parses with qs using the
// options of server/app.ts. A filter must come through that trip as the same query.
const parseLikeTheServer = (text: string) =>
  qs.parse(text, { depth: 6, arrayLimit: 500, parameterLimit: 2000 });

const FIELDS: readonly FilterableField[] = [
  { name: 'name', type: 'text' },
  { name: 'qty', type: 'number' },
  { name: 'min_qty', type: 'number' },
  { name: 'active', type: 'boolean' },
  { name: 'type', type: 'enum', enumValues: [1, 2] },
  { name: 'made_on', type: 'date' },
];

describe('a table query in the query string', () => {
  it('arrives as the query the browser built, with values typed again', () => {
    const sent: TableQueryInput = {
      filter: [
        {
          field: 'name',
          field_type: 'text',
          filters: [
            {
              logic_operator: 'and',
              operator: 'contains',
              value_type: 'value',
              value: '50% & [x]',
            },
          ],
        },
        {
          field: 'qty',
          field_type: 'number',
          filters: [
            { logic_operator: 'and', operator: 'equals', value_type: 'value', value: 0 },
            ...betweenToCustom(10, 20.5, 'or'),
            { logic_operator: 'or', operator: 'less', value_type: 'column', value: 'min_qty' },
          ],
        },
        {
          field: 'active',
          field_type: 'boolean',
          filters: [
            { logic_operator: 'and', operator: 'equals', value_type: 'value', value: false },
          ],
        },
        {
          field: 'type',
          field_type: 'enum',
          filters: [{ logic_operator: 'and', operator: 'in', value_type: 'value', value: [1, 2] }],
        },
      ],
      sort: { field: 'made_on', direction: 'desc' },
      page: 2,
      per_page: 100,
    };
    const text = toQueryString(sent);
    expect(text).toContain('filter%5B0%5D%5Bfilters%5D%5B0%5D%5Bvalue%5D=50%25%20%26%20%5Bx%5D');

    const result = validateTableQuery(parseLikeTheServer(text), FIELDS);

    expect(result).toEqual({ ok: true, query: sent });
  });

  it('keeps a one-item checkbox list a list', () => {
    const text = toQueryString({
      filter: [
        {
          field: 'type',
          field_type: 'enum',
          filters: [{ logic_operator: 'and', operator: 'in', value_type: 'value', value: [2] }],
        },
      ],
    });
    expect(validateTableQuery(parseLikeTheServer(text), FIELDS)).toMatchObject({
      ok: true,
      query: { filter: [{ filters: [{ value: [2] }] }] },
    });
  });
});
