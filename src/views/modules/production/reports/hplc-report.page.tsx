import { Box, Paper, SimpleGrid, Text } from '@mantine/core';
import { useContext, useEffect, useState } from 'react';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  type BehaviorSubject,
  auditTime,
  catchError,
  distinctUntilChanged,
  from,
  map,
  of,
  switchMap,
  timer,
} from 'rxjs';
import { HPLC_REPORT } from '../../../../domain/entities/production/production-reports.entity.ts';
import { formatChartValue, formatValueTick } from '../../../../domain/formats/chart.format.ts';
import { formatInteger } from '../../../../domain/formats/number.format.ts';
import { formatPercent } from '../../../../domain/formats/percent.format.ts';
import type { ColumnFilterInput } from '../../../../domain/table-filter/table-query.types.ts';
import { EntityListPage } from '../../../common/entity/entity-list-page.tsx';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { useGridFilters } from '../../../common/reports/use-grid-filters.ts';

// hplc-report with its pass rate per category above the grid: the server counts every result
// the grid's filter selects (not only the page shown), read again when the filter changes and
// every REFRESH_MS, redrawn at most REDRAWS_PER_S times a second.

const REFRESH_MS = 60_000;
const REDRAWS_PER_S = 2;

type PassRate = {
  hplc_category_id: number | null;
  hplc_category_name: string | null;
  tested: number;
  passed: number;
  failed: number;
  overridden: number;
  pass_rate_pct: number | null;
};

function PassRates({ filter$ }: { filter$: BehaviorSubject<readonly ColumnFilterInput[]> }) {
  const request = useContext(EntityRequestContext);
  const [rates, setRates] = useState<readonly PassRate[]>([]);
  useEffect(() => {
    const url = `${HPLC_REPORT.api.replace(/^\/api\//, '')}/pass-rates`;
    const subscription = filter$
      .pipe(
        distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
        switchMap((filter) =>
          timer(0, REFRESH_MS).pipe(
            switchMap(() =>
              from(
                request<PassRate[]>({
                  url,
                  params: filter.length > 0 ? { filter: [...filter] } : {},
                  quiet: true,
                }),
              ).pipe(
                map((reply) => reply.data),
                catchError(() => of(null)),
              ),
            ),
          ),
        ),
        auditTime(1000 / REDRAWS_PER_S),
      )
      .subscribe((next) => next && setRates(next));
    return () => subscription.unsubscribe();
  }, [filter$, request]);
  const points = rates.map((r) => ({
    category: r.hplc_category_name ?? 'No category',
    pass_rate_pct: r.pass_rate_pct,
  }));
  return (
    <Paper withBorder p="sm" mx="md" mt="md" data-testid="hplc-pass-rates">
      <Text size="sm" fw={600} mb="xs">
        Pass rate per category
      </Text>
      {rates.length === 0 ? (
        <Text size="sm" c="dimmed">
          No results for these filters.
        </Text>
      ) : (
        <SimpleGrid cols={2}>
          <Box h={140}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={points} layout="vertical" margin={{ left: 8, right: 16 }}>
                <XAxis
                  type="number"
                  domain={[0, 100]}
                  tick={{ fontSize: 11 }}
                  tickFormatter={(value) => formatValueTick(value, '%')}
                />
                <YAxis type="category" dataKey="category" width={110} tick={{ fontSize: 11 }} />
                <Tooltip formatter={(value) => formatChartValue(value, '%')} />
                <Bar
                  dataKey="pass_rate_pct"
                  name="Pass rate %"
                  fill="#40c057"
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </Box>
          <Box>
            {rates.map((r) => (
              <Text size="sm" key={r.hplc_category_id ?? 0}>
                <b>{r.hplc_category_name ?? 'No category'}</b>: {formatInteger(r.passed)} of{' '}
                {formatInteger(r.tested)} passed
                {r.pass_rate_pct === null ? '' : ` (${formatPercent(r.pass_rate_pct)})`},{' '}
                {formatInteger(r.failed)} failed
                {r.overridden > 0 ? `, ${formatInteger(r.overridden)} overridden` : ''}
              </Text>
            ))}
          </Box>
        </SimpleGrid>
      )}
    </Paper>
  );
}

export function HplcReportPage() {
  // The grid's filters, which the pass rates follow.
  const { api, filter$ } = useGridFilters(HPLC_REPORT);
  return (
    <>
      <PassRates filter$={filter$} />
      <EntityListPage entity={HPLC_REPORT} api={api} gridHeight="calc(100vh - 340px)" />
    </>
  );
}
