import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCTION_SUMMARY_CHART } from '../../../../../../src/views/modules/production/reports/production-report-charts.ts';
import { DailyChartPlot } from '../../../../../../src/views/modules/production/reports/daily-chart-plot.tsx';
import { renderWithMantine } from '../../../common/render-with-mantine.tsx';

// A report chart's axes read as the rest of the product (docs/product.md §9): days MM/DD/YYYY,
// never the wire's '2026-11-27', and values grouped or shortened, the
// percentage axis marked with %.

afterEach(cleanup);

const points = [
  { day: '2026-11-26', bottled: 12_500, labeled: 9_000, waste: 300, waste_pct: 2.35 },
  { day: '2026-11-27', bottled: 24_000, labeled: 20_000, waste: 120, waste_pct: 0.5 },
];

function ticks(container: HTMLElement, axis: string): string[] {
  return [
    ...container.querySelectorAll(
      `.recharts-${axis}-tick-labels .recharts-cartesian-axis-tick-value`,
    ),
  ].map((tick) => tick.textContent ?? '');
}

describe('a report chart', () => {
  it('names its days MM/DD/YYYY and its values grouped, shortened and with their unit', async () => {
    const { container } = renderWithMantine(
      <DailyChartPlot spec={PRODUCTION_SUMMARY_CHART} points={points} width={800} />,
    );
    // Recharts lays its axes out after the first render.
    await waitFor(() => expect(ticks(container, 'xAxis')).toEqual(['11/26/2026', '11/27/2026']));
    const values = ticks(container, 'yAxis');
    expect(values.length).toBeGreaterThan(0);
    // No raw ISO day anywhere on the chart, and the big counts are shortened ('24k').
    expect(container.textContent).not.toContain('2026-11-2');
    expect(values.some((v) => /^\d+(\.\d)?k$/.test(v))).toBe(true);
    expect(values.some((v) => / %$/.test(v))).toBe(true);
  });
});
