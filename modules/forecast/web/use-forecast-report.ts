import { useContext, useEffect, useState } from 'react';
import type { ForecastReport } from './api/forecast.api.ts';
import type { Request } from '../../../src/api/request.ts';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';

// A forecast report of one period (the default period when none is named), read again when
// the period changes; null while it loads.

export function useForecastReport<R>(
  fetchReport: (request: Request, periodId: number | null) => Promise<ForecastReport<R>>,
  periodId: number | null,
): ForecastReport<R> | null {
  const request = useContext(EntityRequestContext);
  const [answer, setAnswer] = useState<ForecastReport<R> | null>(null);
  useEffect(() => {
    let live = true;
    setAnswer(null);
    fetchReport(request, periodId)
      .then((data) => live && setAnswer(data))
      .catch(() => live && setAnswer({ period: null, rows: [] }));
    return () => {
      live = false;
    };
  }, [request, fetchReport, periodId]);
  return answer;
}
