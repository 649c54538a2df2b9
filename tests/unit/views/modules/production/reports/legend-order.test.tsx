import { cleanup, render } from '@testing-library/react';
import { Bar, ComposedChart, Legend } from 'recharts';
import { afterEach, describe, expect, it } from 'vitest';
import { inDrawingOrder } from '../../../../../../src/views/modules/production/reports/legend-order.ts';

// Recharts lists a legend by label unless told otherwise; the reports' charts list theirs in
// the order the series are drawn, so the legend reads left to right like the bars.

afterEach(cleanup);

const BARS = [
  { key: 'liters', name: 'Liters' },
  { key: 'on_time_pct', name: 'On time %' },
  { key: 'first_pass_yield_pct', name: 'First-pass yield %' },
];

function legendOf(sorted: boolean): string[] {
  const { container } = render(
    <ComposedChart
      width={600}
      height={200}
      data={[{ liters: 1, on_time_pct: 2, first_pass_yield_pct: 3 }]}
    >
      <Legend {...(sorted ? { itemSorter: inDrawingOrder(BARS.map((b) => b.key)) } : {})} />
      {BARS.map((b) => (
        <Bar key={b.key} dataKey={b.key} name={b.name} isAnimationActive={false} />
      ))}
    </ComposedChart>,
  );
  return [...container.querySelectorAll('.recharts-legend-item-text')].map(
    (e) => e.textContent ?? '',
  );
}

describe('a report chart legend', () => {
  it('lists the series in the order they are drawn', () => {
    expect(legendOf(false)).toEqual(['First-pass yield %', 'Liters', 'On time %']);
    cleanup();
    expect(legendOf(true)).toEqual(['Liters', 'On time %', 'First-pass yield %']);
  });
});
