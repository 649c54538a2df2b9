import { useContext, useEffect, useState } from 'react';
import { entityApi } from '../../../src/api/entity.api.ts';
import {
  FORECAST_PERIODS,
  type ForecastPeriodRow,
} from '../shared/entities/forecast-periods.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';

// The forecast periods a period picker offers, newest first; `revision` reads them again.

export function useForecastPeriods(revision = 0): readonly ForecastPeriodRow[] | null {
  const request = useContext(EntityRequestContext);
  const [periods, setPeriods] = useState<readonly ForecastPeriodRow[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    entityApi(FORECAST_PERIODS, request)
      .list({ sort: { field: 'start_date', direction: 'desc' }, per_page: 200 }, controller.signal)
      .then((page) => setPeriods(page.rows.map((row) => rowOf(FORECAST_PERIODS, row))))
      .catch(() => setPeriods([]));
    return () => controller.abort();
  }, [request, revision]);
  return periods;
}

/**
 * The period a screen opens on when none is named: the open one, else the latest that is
 * not a draft, else the latest.
 */
export function defaultPeriod(
  periods: readonly ForecastPeriodRow[],
): ForecastPeriodRow | undefined {
  return (
    periods.find((p) => p.status === 'open') ??
    periods.find((p) => p.status !== 'draft') ??
    periods[0]
  );
}
