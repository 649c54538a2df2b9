import { Box } from '@mantine/core';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { RECEIPTS_VS_ORDERS } from '../../../../domain/entities/purchase/purchase-reports.entity.ts';
import { rowOf, type RowOf } from '../../../../domain/entity/row-of.ts';
import { formatChartValue, formatValueTick } from '../../../../domain/formats/chart.format.ts';
import type { EntityRow } from '../../../../domain/entities/entity-row.ts';

// Receipts vs orders as a picture, one group per supplier: the average days from an order to
// its first and to its last receipt beside the lead time the supplier promises (days, left
// axis), and the share of what was ordered that arrived (%, right axis).

const HEIGHT = 240;

type Series = {
  key: keyof RowOf<typeof RECEIPTS_VS_ORDERS>;
  label: string;
  color: string;
  kind: 'bar' | 'line';
  right?: boolean;
};

const SERIES: readonly Series[] = [
  { key: 'avg_first_receipt_days', label: 'First receipt (days)', color: '#228be6', kind: 'bar' },
  { key: 'avg_last_receipt_days', label: 'Last receipt (days)', color: '#15aabf', kind: 'bar' },
  { key: 'lead_time_days', label: 'Promised lead (days)', color: '#fab005', kind: 'line' },
  { key: 'fill_rate', label: 'Received %', color: '#40c057', kind: 'line', right: true },
];

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const unitOf = (key: unknown) => (SERIES.find((s) => s.key === key)?.right ? '%' : 'days');

export function LeadTimeChart({ rows, width }: { rows: readonly EntityRow[]; width: number }) {
  const points = rows.map((row) => {
    const r = rowOf(RECEIPTS_VS_ORDERS, row);
    return {
      supplier: r.code ?? '',
      name: r.name ?? '',
      ...Object.fromEntries(SERIES.map((s) => [s.key, r[s.key] ?? null])),
    };
  });
  return (
    <Box h={HEIGHT}>
      <ComposedChart
        width={width}
        height={HEIGHT}
        data={points}
        margin={{ top: 4, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="supplier" tick={{ fontSize: 11 }} interval={0} />
        <YAxis
          yAxisId="left"
          tick={{ fontSize: 11 }}
          width={56}
          allowDecimals={false}
          tickFormatter={(value) => formatValueTick(value)}
        />
        <YAxis
          yAxisId="right"
          orientation="right"
          domain={[0, 100]}
          tick={{ fontSize: 11 }}
          width={48}
          tickFormatter={(value) => formatValueTick(value, '%')}
        />
        <Tooltip
          labelFormatter={(label, payload) =>
            `${text(label)} ${text((payload[0]?.payload as { name?: unknown } | undefined)?.name)}`
          }
          formatter={(value, _name, item) => formatChartValue(value, unitOf(item.dataKey))}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {SERIES.map((s) =>
          s.kind === 'bar' ? (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={s.color}
              yAxisId="left"
              isAnimationActive={false}
            />
          ) : (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeDasharray={s.right ? undefined : '5 3'}
              yAxisId={s.right ? 'right' : 'left'}
              connectNulls
              isAnimationActive={false}
            />
          ),
        )}
      </ComposedChart>
    </Box>
  );
}
