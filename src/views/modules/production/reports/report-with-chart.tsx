import { Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useContext, useEffect, useMemo, useState } from 'react';
import {
  BehaviorSubject,
  auditTime,
  catchError,
  distinctUntilChanged,
  from,
  map,
  of,
  switchMap,
  timer,
} from 'rxjs';
import { entityApi, type EntityApi, type EntityRow } from '../../../../api/entity.api.ts';
import type { EntityDeclaration } from '../../../../domain/entity/entity-declaration.ts';
import type { ColumnFilterInput } from '../../../../domain/table-filter/table-query.types.ts';
import { EntityListPage } from '../../../common/entity/entity-list-page.tsx';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { fitToWidth, sumByDay } from './daily-buckets.ts';
import type { ChartSpec } from './chart-spec.ts';
import { DailyChartPlot } from './daily-chart-plot.tsx';

// A report whose figures read better as a picture: a chart above the grid of the same rows,
// following the grid's filters. The chart reads up to CHART_ROWS rows (newest days first),
// sums them per day and draws at most one point per pixel; it redraws at most REDRAWS_PER_S
// times a second, and reads again every REFRESH_MS, like the grid's own poll.

const CHART_ROWS = 500;
const REFRESH_MS = 60_000;
const REDRAWS_PER_S = 2;

function DailyChart({
  api,
  filter$,
  spec,
}: {
  api: EntityApi;
  filter$: BehaviorSubject<readonly ColumnFilterInput[]>;
  spec: ChartSpec;
}) {
  const [rows, setRows] = useState<readonly EntityRow[]>([]);
  const { ref, width } = useElementSize();
  useEffect(() => {
    const subscription = filter$
      .pipe(
        distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
        switchMap((filter) =>
          timer(0, REFRESH_MS).pipe(
            switchMap(() =>
              from(
                api.list({
                  filter,
                  sort: { field: spec.dayField, direction: 'desc' },
                  per_page: CHART_ROWS,
                }),
              ).pipe(
                map((page) => page.rows),
                // A failed read keeps the last picture; the grid reports the failure.
                catchError(() => of(null)),
              ),
            ),
          ),
        ),
        auditTime(1000 / REDRAWS_PER_S),
      )
      .subscribe((next) => next && setRows(next));
    return () => subscription.unsubscribe();
  }, [api, filter$, spec.dayField]);
  const points = useMemo(() => {
    const days = sumByDay(rows, (r) => (r[spec.dayField] as string | null) ?? null, spec.sums);
    // The plot area is narrower than the box by its axes.
    return fitToWidth(days, Math.max(1, width - 120)).map((b) => ({
      day: b.day,
      ...spec.point(b.sums),
    }));
  }, [rows, spec, width]);
  return (
    <Paper withBorder p="sm" mx="md" mt="md" ref={ref} data-testid="report-chart">
      <Text size="sm" fw={600} mb="xs">
        {spec.title}
      </Text>
      {points.length === 0 ? (
        <Text size="sm" c="dimmed" h={220} ta="center" pt={90}>
          No rows to chart for these filters.
        </Text>
      ) : (
        <DailyChartPlot spec={spec} points={points} width={width} />
      )}
    </Paper>
  );
}

function ReportWithChart({ entity, spec }: { entity: EntityDeclaration; spec: ChartSpec }) {
  const request = useContext(EntityRequestContext);
  const filter$ = useMemo(() => new BehaviorSubject<readonly ColumnFilterInput[]>([]), []);
  const base = useMemo(() => entityApi(entity, request), [entity, request]);
  // The grid's data provider, noting the filters of each list it reads for the chart.
  const api = useMemo<EntityApi>(
    () => ({
      ...base,
      list: (query, signal) => {
        filter$.next(query.filter ?? []);
        return base.list(query, signal);
      },
    }),
    [base, filter$],
  );
  return (
    <>
      <DailyChart api={base} filter$={filter$} spec={spec} />
      <EntityListPage entity={entity} api={api} gridHeight="calc(100vh - 420px)" />
    </>
  );
}

/** A report page with a daily chart of its rows above the grid. */
export function reportWithChart(entity: EntityDeclaration, spec: ChartSpec) {
  const Page = () => <ReportWithChart entity={entity} spec={spec} />;
  Page.displayName = `${entity.pluralLabel.replaceAll(' ', '')}ChartPage`;
  return Page;
}
