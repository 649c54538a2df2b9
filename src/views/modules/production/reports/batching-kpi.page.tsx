import { Box, Group, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useContext, useEffect, useMemo, useState } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { auditTime, catchError, from, map, of, switchMap, timer } from 'rxjs';
import type { EntityApi } from '../../../../api/entity.api.ts';
import { BATCHING_KPI } from '../../../../domain/entities/production/floor-reports.entity.ts';
import { formatChartValue, formatValueTick } from '../../../../domain/formats/chart.format.ts';
import { formatIsoDate } from '../../../../domain/formats/date.format.ts';
import { EntityListPage } from '../../../common/entity/entity-list-page.tsx';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { DateField } from '../../../common/inputs/date-field.tsx';
import { scopedApi } from '../scoped-api.ts';
import { inDrawingOrder } from './legend-order.ts';
import { rowOf, type RowOf } from '../../../../domain/entity/row-of.ts';

// batching-kpi: the batchers' figures over the chosen days, as bars per batcher (litres on the
// left; on-time % and HPLC first-pass yield % on the right, with their `report.*` targets as
// lines) above the grid of the same rows. The chart reads again every REFRESH_MS, redraws at
// most REDRAWS_PER_S times a second, and keeps at most one bar group per MIN_BAR_PX pixels
// (the batchers with the most batches).

const REFRESH_MS = 60_000;
const REDRAWS_PER_S = 2;
const MIN_BAR_PX = 48;

/** A day from today as the API takes it ('YYYY-MM-DD'); the date fields show it MM/DD/YYYY. */
const day = (offset = 0) => formatIsoDate(dayjs().add(offset, 'day').toDate());

/** The bars per batcher, in the order they are drawn and listed. */
const BARS = [
  { key: 'liters', name: 'Liters', fill: '#228be6', axis: 'left', unit: 'L' },
  { key: 'on_time_pct', name: 'On time %', fill: '#40c057', axis: 'right', unit: '%' },
  {
    key: 'first_pass_yield_pct',
    name: 'First-pass yield %',
    fill: '#fd7e14',
    axis: 'right',
    unit: '%',
  },
] as const;

const unitOf = (key: unknown) => BARS.find((bar) => bar.key === key)?.unit ?? '';

function KpiChart({ api }: { api: EntityApi }) {
  const [rows, setRows] = useState<readonly RowOf<typeof BATCHING_KPI>[]>([]);
  const { ref, width } = useElementSize();
  useEffect(() => {
    const subscription = timer(0, REFRESH_MS)
      .pipe(
        switchMap(() =>
          from(api.list({ sort: { field: 'batches', direction: 'desc' }, per_page: 200 })).pipe(
            map((page) => page.rows.map((row) => rowOf(BATCHING_KPI, row))),
            // A failed read keeps the last picture; the grid reports the failure.
            catchError(() => of(null)),
          ),
        ),
        auditTime(1000 / REDRAWS_PER_S),
      )
      .subscribe((next) => next && setRows(next));
    return () => subscription.unsubscribe();
  }, [api]);
  const shown = useMemo(
    () => rows.slice(0, Math.max(1, Math.floor((width - 120) / MIN_BAR_PX))),
    [rows, width],
  );
  const first = rows[0];
  const targets = (
    [
      { key: 'on_time_target_pct', label: 'On-time target', color: '#2f9e44' },
      { key: 'first_pass_target_pct', label: 'First-pass target', color: '#e8590c' },
    ] as const
  )
    .map((t) => ({ ...t, value: first?.[t.key] ?? null }))
    .filter((t) => t.value !== null);
  return (
    <Paper withBorder p="sm" mx="md" mt="md" ref={ref} data-testid="report-chart">
      <Text size="sm" fw={600} mb="xs">
        Batchers
      </Text>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" h={220} ta="center" pt={90}>
          No batches finished in these days.
        </Text>
      ) : (
        <Box h={220}>
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={shown} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" tick={{ fontSize: 11 }} interval={0} />
              <YAxis
                yAxisId="left"
                tick={{ fontSize: 11 }}
                width={56}
                tickFormatter={(value) => formatValueTick(value, 'L')}
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
                formatter={(value, _name, item) => formatChartValue(value, unitOf(item.dataKey))}
              />
              <Legend
                wrapperStyle={{ fontSize: 12 }}
                itemSorter={inDrawingOrder(BARS.map((bar) => bar.key))}
              />
              {BARS.map((bar) => (
                <Bar
                  key={bar.key}
                  yAxisId={bar.axis}
                  dataKey={bar.key}
                  name={bar.name}
                  fill={bar.fill}
                  isAnimationActive={false}
                />
              ))}
              {targets.map((t) => (
                <ReferenceLine
                  key={t.key}
                  yAxisId="right"
                  y={t.value ?? 0}
                  stroke={t.color}
                  strokeDasharray="6 3"
                  label={{ value: t.label, fontSize: 10, position: 'insideTopRight' }}
                />
              ))}
            </ComposedChart>
          </ResponsiveContainer>
        </Box>
      )}
    </Paper>
  );
}

export function BatchingKpiPage() {
  const request = useContext(EntityRequestContext);
  const [since, setSince] = useState(() => day(-29));
  const [until, setUntil] = useState(() => day());
  const api = useMemo(
    () => scopedApi(BATCHING_KPI, request, { params: { from: since, to: until } }),
    [request, since, until],
  );
  const range = `${since}…${until}`;
  return (
    <>
      <Group px="md" pt="md">
        <DateField
          label="From"
          value={since}
          maxDate={until}
          clearable={false}
          withShortcuts={false}
          onChange={(next) => next && setSince(next)}
        />
        <DateField
          label="To"
          value={until}
          minDate={since}
          clearable={false}
          withShortcuts={false}
          onChange={(next) => next && setUntil(next)}
        />
      </Group>
      <KpiChart key={`chart ${range}`} api={api} />
      <EntityListPage
        key={range}
        entity={BATCHING_KPI}
        api={api}
        gridHeight="calc(100vh - 480px)"
      />
    </>
  );
}
