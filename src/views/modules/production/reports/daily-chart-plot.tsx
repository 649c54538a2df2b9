import { Box } from '@mantine/core';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  formatChartValue,
  formatDayTick,
  formatValueTick,
} from '../../../../domain/formats/chart.format.ts';
import type { ChartSpec } from './chart-spec.ts';
import { inDrawingOrder } from './legend-order.ts';

// The picture of a report's days: bars and lines per the spec, days on the x axis as
// MM/DD/YYYY and values grouped or shortened (docs/product.md §9, chart.format.ts), tooltips in
// full.

const HEIGHT = 220;

export type ChartPoint = { day: string } & Record<string, number | string | null>;

export function DailyChartPlot({
  spec,
  points,
  width,
}: {
  spec: ChartSpec;
  points: readonly ChartPoint[];
  /** The width of the box it fills, as the report measured it (px). */
  width: number;
}) {
  /** A series' unit, from the axis it is drawn against. */
  const unitOf = (key: unknown) =>
    spec.series.find((s) => s.key === key)?.right ? spec.rightUnit : spec.leftUnit;
  // Each axis spans 0, so a bar of a negative variance hangs down from the zero line.
  const domainOf = (right: boolean): [number, number] => {
    const values = points.flatMap((p) =>
      spec.series
        .filter((s) => Boolean(s.right) === right)
        .map((s) => (p as Record<string, unknown>)[s.key])
        .filter((v): v is number => typeof v === 'number'),
    );
    const niceUp = (v: number) => (v === 0 ? 0 : Math.ceil(v * 1.1));
    return [-niceUp(-Math.min(0, ...values)), niceUp(Math.max(0, ...values))];
  };
  return (
    <Box h={HEIGHT}>
      <ComposedChart
        width={width}
        height={HEIGHT}
        data={points}
        margin={{ top: 4, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="day"
          tick={{ fontSize: 11 }}
          minTickGap={24}
          tickFormatter={formatDayTick}
        />
        <YAxis
          yAxisId="left"
          domain={domainOf(false)}
          tick={{ fontSize: 11 }}
          width={56}
          tickFormatter={(value) => formatValueTick(value, spec.leftUnit)}
        />
        {spec.series.some((s) => s.right) && (
          <YAxis
            yAxisId="right"
            orientation="right"
            domain={domainOf(true)}
            tick={{ fontSize: 11 }}
            width={48}
            tickFormatter={(value) => formatValueTick(value, spec.rightUnit)}
          />
        )}
        <ReferenceLine yAxisId="left" y={0} stroke="#868e96" />
        <Tooltip
          labelFormatter={formatDayTick}
          formatter={(value, _name, item) => formatChartValue(value, unitOf(item.dataKey))}
        />
        <Legend
          wrapperStyle={{ fontSize: 12 }}
          itemSorter={inDrawingOrder(spec.series.map((s) => s.key))}
        />
        {spec.series.map((s) =>
          s.kind === 'bar' ? (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={s.color}
              yAxisId={s.right ? 'right' : 'left'}
              isAnimationActive={false}
            />
          ) : (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              yAxisId={s.right ? 'right' : 'left'}
              dot={points.length <= 60}
              connectNulls
              isAnimationActive={false}
            />
          ),
        )}
      </ComposedChart>
    </Box>
  );
}
