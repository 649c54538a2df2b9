import { describe, expect, it } from 'vitest';
import { betweenToCustom } from '../../../../src/domain/table-filter/between-to-custom.ts';
import { validateTableQuery } from '../../../../src/domain/table-filter/validate-table-query.ts';

describe('betweenToCustom', () => {
  it('becomes a >= row and a <= row joined by and', () => {
    expect(betweenToCustom(5, 10)).toEqual([
      { logic_operator: 'and', operator: 'greater_or_equal', value_type: 'value', value: 5 },
      { logic_operator: 'and', operator: 'less_or_equal', value_type: 'value', value: 10 },
    ]);
  });

  it('lets the first row join earlier rows with or, keeping the pair together', () => {
    expect(betweenToCustom('2024-01-01', '2024-01-31', 'or').map((r) => r.logic_operator)).toEqual([
      'or',
      'and',
    ]);
  });

  it('leaves out the row of a blank bound', () => {
    expect(betweenToCustom(5, '')).toEqual([
      { logic_operator: 'and', operator: 'greater_or_equal', value_type: 'value', value: 5 },
    ]);
    expect(betweenToCustom(null, 10)).toEqual([
      { logic_operator: 'and', operator: 'less_or_equal', value_type: 'value', value: 10 },
    ]);
    expect(betweenToCustom(undefined, undefined)).toEqual([]);
  });

  it('makes rows the server accepts', () => {
    const filter = [{ field: 'qty', field_type: 'number', filters: betweenToCustom('1', '9') }];
    expect(validateTableQuery({ filter }, [{ name: 'qty', type: 'number' }])).toMatchObject({
      ok: true,
    });
  });
});
