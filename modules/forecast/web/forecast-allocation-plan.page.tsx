import '../../../src/views/common/grid/ag-grid-setup.ts';
import { Alert, Box, Text } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useContext, useEffect, useMemo, useState } from 'react';
import { auditTime, merge, startWith } from 'rxjs';
import { periodScopedApi } from './api/forecast.api.ts';
import type { EntityApi } from '../../../src/api/entity.api.ts';
import {
  FORECAST_ALLOCATIONS,
  type ForecastAllocationRow,
} from '../shared/entities/forecast-allocations.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { formatInteger } from '../../../src/domain/formats/number.format.ts';
import { RELIST_QUIET_MS } from '../../../src/streams/live-list.store.ts';
import { live } from '../../../src/views/common/entity/use-entity-list.ts';
import { GRID_THEMES } from '../../../src/views/common/grid/ag-grid-setup.ts';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { useRealtimeConnection } from '../../../src/views/shell/realtime/realtime.context.tsx';
import { pivotAllocations, type PivotRow } from './allocation-pivot.ts';
import { PeriodPicker } from './period-picker.tsx';
import { useChosenPeriod } from './use-chosen-period.ts';

// forecast-allocation-plan: a period's forecast as a product × distribution centre pivot,
// every allocation of the period read (a page of 500 at a time) and summed per cell. It follows
// what others do as the allocations list does: each burst of the allocations' broadcasts (one
// forecast changed, a period generated) and each (re)subscription reads the pivot again, and
// the period itself is followed by useChosenPeriod.

const PAGE = 500;

async function everyAllocation(
  api: EntityApi,
  signal: AbortSignal,
): Promise<ForecastAllocationRow[]> {
  const rows: ForecastAllocationRow[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.list(
      { sort: { field: 'product_sku', direction: 'asc' }, page, per_page: PAGE },
      signal,
    );
    rows.push(...answer.rows.map((row) => rowOf(FORECAST_ALLOCATIONS, row)));
    if (answer.rows.length < PAGE) return rows;
  }
}

const units = (p: { value: unknown }) =>
  typeof p.value === 'number' ? formatInteger(p.value) : '';

export function ForecastAllocationPlanPage() {
  const { periods, period, pick } = useChosenPeriod();
  const request = useContext(EntityRequestContext);
  const connection = useRealtimeConnection();
  const [allocations, setAllocations] = useState<readonly ForecastAllocationRow[] | null>(null);
  const periodId = period?.id;
  useEffect(() => {
    if (periodId === undefined) return;
    const api = periodScopedApi(FORECAST_ALLOCATIONS, periodId, request);
    let controller = new AbortController();
    setAllocations(null);
    const { broadcasts$, resubscribed$ } = live(FORECAST_ALLOCATIONS, connection);
    const subscription = merge(broadcasts$, resubscribed$)
      .pipe(auditTime(RELIST_QUIET_MS), startWith(null))
      .subscribe(() => {
        // The newest read wins: one still on its way is dropped.
        controller.abort();
        controller = new AbortController();
        const signal = controller.signal;
        everyAllocation(api, signal)
          .then((rows) => !signal.aborted && setAllocations(rows))
          .catch(() => !signal.aborted && setAllocations((shown) => shown ?? []));
      });
    return () => {
      subscription.unsubscribe();
      controller.abort();
    };
  }, [periodId, request, connection]);
  const pivot = useMemo(() => pivotAllocations(allocations ?? []), [allocations]);
  const columns = useMemo<ColDef<PivotRow>[]>(
    () => [
      { field: 'product_sku', headerName: 'Product', pinned: 'left', width: 150 },
      { field: 'product_name', headerName: 'Product name', width: 220 },
      { field: 'family_name', headerName: 'Family', width: 160 },
      ...pivot.centres.map((c): ColDef<PivotRow> => ({
        colId: c.key,
        headerName: c.name,
        valueGetter: (p) => p.data?.[c.key] ?? null,
        valueFormatter: units,
        type: 'rightAligned',
        width: 170,
      })),
      {
        field: 'total',
        headerName: 'Total',
        valueFormatter: units,
        type: 'rightAligned',
        width: 120,
        cellStyle: { fontWeight: 600 },
      },
    ],
    [pivot.centres],
  );
  return (
    <>
      <PeriodPicker periods={periods ?? []} period={period} onPick={pick} />
      {periods !== null && !period && (
        <Alert m="md" color="gray">
          No forecast period to show: create one under Forecast Periods.
        </Alert>
      )}
      {period && (
        <Box p="md">
          <Text size="sm" c="dimmed" mb="xs">
            Forecast units per product and distribution centre:{' '}
            {formatInteger(pivot.rows.reduce((sum, r) => sum + r.total, 0))} units,{' '}
            {pivot.rows.length} products, {pivot.centres.length} centres.
          </Text>
          <Box h="calc(100vh - 300px)" data-testid="allocation-pivot">
            <AgGridReact<PivotRow>
              theme={GRID_THEMES.compact}
              rowData={pivot.rows}
              columnDefs={columns}
              loading={allocations === null}
              getRowId={(p) => String(p.data.product_id)}
            />
          </Box>
        </Box>
      )}
    </>
  );
}
