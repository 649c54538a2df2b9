import { Alert } from '@mantine/core';
import { useContext, useMemo, useState } from 'react';
import { periodScopedApi } from './api/forecast.api.ts';
import {
  FORECAST_ALLOCATIONS,
  type ForecastAllocationRow,
} from '../shared/entities/forecast-allocations.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { EntityListPage } from '../../../src/views/common/entity/entity-list-page.tsx';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { AllocationForm } from './allocation-form.tsx';
import { PeriodPicker } from './period-picker.tsx';
import { useChosenPeriod } from './use-chosen-period.ts';

// forecast-allocations/{period_id?}: a period's allocations, live on private-forecast; a row
// opens its forecast to adjust (double-click or Enter).

export const ALLOCATIONS_PATH = '/forecast/forecast-allocations';

export function ForecastAllocationsPage() {
  const { periods, period, pick } = useChosenPeriod(ALLOCATIONS_PATH);
  const request = useContext(EntityRequestContext);
  const [editing, setEditing] = useState<ForecastAllocationRow | null>(null);
  const periodId = period?.id;
  const api = useMemo(
    () =>
      periodId !== undefined ? periodScopedApi(FORECAST_ALLOCATIONS, periodId, request) : null,
    [periodId, request],
  );
  return (
    <>
      <PeriodPicker periods={periods ?? []} period={period} onPick={pick} />
      {periods !== null && !period && (
        <Alert m="md" color="gray">
          No forecast period to show: create one under Forecast Periods.
        </Alert>
      )}
      {api && period && (
        <EntityListPage
          key={period.id}
          entity={FORECAST_ALLOCATIONS}
          api={api}
          onOpen={(row) => row && setEditing(rowOf(FORECAST_ALLOCATIONS, row))}
          gridHeight="calc(100vh - 300px)"
        />
      )}
      {editing && <AllocationForm row={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
