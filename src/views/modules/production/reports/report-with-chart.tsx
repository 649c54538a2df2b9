import { Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useMemo } from 'react';
import type { BehaviorSubject } from 'rxjs';
import type { EntityApi } from '../../../../api/entity.api.ts';
import type { EntityDeclaration } from '../../../../domain/entity/entity-declaration.ts';
import type { ColumnFilterInput } from '../../../../domain/table-filter/table-query.types.ts';
import { EntityListPage } from '../../../common/entity/entity-list-page.tsx';
import { useGridFilters } from '../../../common/reports/use-grid-filters.ts';
import { useReportRows } from '../../../common/reports/use-report-rows.ts';
import { fitToWidth, sumByDay } from './daily-buckets.ts';
import type { ChartSpec } from './chart-spec.ts';
import { DailyChartPlot } from './daily-chart-plot.tsx';

// A report whose figures read better as a picture: a chart above the grid of the same rows,
// following the grid's filters. The chart reads up to CHART_ROWS rows (newest days first,
// use-report-rows.ts), sums them per day and draws at most one point per pixel.

const CHART_ROWS = 500;

function DailyChart({
  api,
  filter$,
  spec,
}: {
  api: EntityApi;
  filter$: BehaviorSubject<readonly ColumnFilterInput[]>;
  spec: ChartSpec;
}) {
  const rows = useReportRows(api, filter$, { field: spec.dayField, direction: 'desc' }, CHART_ROWS);
  const { ref, width } = useElementSize();
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
  const { base, api, filter$ } = useGridFilters(entity);
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
