import { Box } from '@mantine/core';
import {
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Flagged } from '../../../../api/bool-to-int.ts';
import type { PotencyPoint as WirePoint } from '../../../../domain/entities/production/potency-chart-values.ts';
import { formatDayTick, formatValueTick } from '../../../../domain/formats/chart.format.ts';
import { formatPercent } from '../../../../domain/formats/percent.format.ts';

// One individuals chart: the % of claim of each result, its centre line and ±1/2/3 s as the
// limits each result was judged against (they step as the baseline moves), a flagged result in
// red, and the specification's 90 and 110 % as grey lines. A click on a result selects its order.

const LIMIT_LINES = [
  ['plus3', '+3 s', '#e03131', '6 3'],
  ['plus2', '+2 s', '#f08c00', '4 4'],
  ['plus1', '+1 s', '#adb5bd', '2 4'],
  ['centre', 'Centre', '#1c7ed6', ''],
  ['minus1', '−1 s', '#adb5bd', '2 4'],
  ['minus2', '−2 s', '#f08c00', '4 4'],
  ['minus3', '−3 s', '#e03131', '6 3'],
] as const;

/** A result as the browser gets it (booleans as 1/0). */
export type PotencyPoint = Flagged<WirePoint>;

type Row = Record<(typeof LIMIT_LINES)[number][0], number | null> & {
  index: number;
  day: string;
  value: number;
  flagged: boolean;
  point: PotencyPoint;
};

const rowOf = (point: PotencyPoint, index: number): Row => {
  const at = (k: number) => (point.limits ? point.limits.centre + k * point.limits.sigma : null);
  return {
    index,
    day: point.tested_at.slice(0, 10),
    value: point.percent_of_claim,
    flagged: point.rules.length > 0,
    point,
    centre: at(0),
    plus1: at(1),
    plus2: at(2),
    plus3: at(3),
    minus1: at(-1),
    minus2: at(-2),
    minus3: at(-3),
  };
};

type DotProps = { cx?: number; cy?: number; payload?: Row };

function ResultDot({
  cx,
  cy,
  payload,
  onSelect,
}: DotProps & { onSelect: (p: PotencyPoint) => void }) {
  if (cx === undefined || cy === undefined || !payload) return null;
  const flagged = payload.flagged;
  return (
    <circle
      cx={cx}
      cy={cy}
      r={flagged ? 6 : 3.5}
      fill={flagged ? '#e03131' : '#1c7ed6'}
      stroke="#fff"
      strokeWidth={1}
      style={{ cursor: 'pointer' }}
      data-testid={flagged ? 'potency-flagged-point' : undefined}
      onClick={() => onSelect(payload.point)}
    />
  );
}

export function PotencyChartPlot({
  points,
  onSelect,
}: {
  points: readonly PotencyPoint[];
  onSelect: (point: PotencyPoint) => void;
}) {
  const rows = points.map(rowOf);
  const values = rows.flatMap((r) => [r.value, r.plus3 ?? r.value, r.minus3 ?? r.value]);
  const low = Math.floor(Math.min(90, ...values) - 1);
  const high = Math.ceil(Math.max(110, ...values) + 1);
  return (
    <Box h={420} data-testid="potency-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e9ecef" />
          <XAxis
            dataKey="day"
            tick={{ fontSize: 11 }}
            tickFormatter={formatDayTick}
            minTickGap={40}
          />
          <YAxis
            domain={[low, high]}
            tick={{ fontSize: 11 }}
            tickFormatter={(value) => formatValueTick(value, '%')}
            width={56}
          />
          <ReferenceLine
            y={90}
            stroke="#868e96"
            label={{ value: 'min 90 %', fontSize: 10, position: 'insideBottomLeft' }}
          />
          <ReferenceLine
            y={110}
            stroke="#868e96"
            label={{ value: 'max 110 %', fontSize: 10, position: 'insideTopLeft' }}
          />
          {LIMIT_LINES.map(([key, name, color, dash]) => (
            <Line
              key={key}
              dataKey={key}
              name={name}
              type="stepAfter"
              stroke={color}
              strokeDasharray={dash}
              strokeWidth={key === 'centre' ? 1.5 : 1}
              dot={false}
              activeDot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
          <Line
            dataKey="value"
            name="% of claim"
            stroke="#1c7ed6"
            strokeWidth={1}
            isAnimationActive={false}
            dot={(props: { cx?: number; cy?: number; payload?: unknown; index?: number }) => (
              <ResultDot
                key={props.index}
                cx={props.cx}
                cy={props.cy}
                payload={props.payload as Row}
                onSelect={onSelect}
              />
            )}
          />
          <Tooltip
            content={({ active, payload }) => {
              const row = (payload?.[0]?.payload as Row | undefined) ?? null;
              if (!active || !row) return null;
              return (
                <Box bg="white" p={6} style={{ border: '1px solid #dee2e6', fontSize: 12 }}>
                  <div>
                    <b>{row.point.order_number}</b> {formatDayTick(row.day)}
                  </div>
                  <div>{formatPercent(row.value, 2)} of claim</div>
                  {row.point.z !== null && <div>z = {row.point.z.toFixed(2)}</div>}
                  {row.flagged && (
                    <div style={{ color: '#e03131' }}>{row.point.rules.join(', ')}</div>
                  )}
                </Box>
              );
            }}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </Box>
  );
}
