import type { LogicOperator } from './filter-operators.ts';
import type { FilterValue } from './filter-value.ts';
import type { FilterRowInput } from './table-query.types.ts';

type Bound = FilterValue | null | undefined;

/**
 * The rows a `between` choice becomes (docs/product.md §4): `>= from` and `<= to`, both inclusive.
 * The first row carries `logic_operator`, joining the range to rows before it; the second is
 * `and`, and since AND binds tighter than OR the pair stays one range after an `or`. An empty
 * bound leaves its row out, so `between 5 and (blank)` is `>= 5`.
 */
export function betweenToCustom(
  from: Bound,
  to: Bound,
  logicOperator: LogicOperator = 'and',
): FilterRowInput[] {
  const rows: FilterRowInput[] = [];
  if (!isBlank(from)) rows.push({ operator: 'greater_or_equal', value: from });
  if (!isBlank(to)) rows.push({ operator: 'less_or_equal', value: to });
  return rows.map((row, i) => ({
    logic_operator: i === 0 ? logicOperator : 'and',
    operator: row.operator,
    value_type: 'value',
    value: row.value,
  }));
}

function isBlank(bound: Bound): bound is null | undefined | '' {
  return bound === null || bound === undefined || bound === '';
}
