import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  FORECAST_PERIODS,
  type ForecastPeriodRow,
} from '../shared/entities/forecast-periods.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { useLiveRecord } from '../../../src/views/common/entity/use-live-record.ts';
import { defaultPeriod, useForecastPeriods } from './use-forecast-periods.ts';

// The period a forecast screen shows: named by the route (`…/:period_id`) when the screen has
// `base`, else by `?period=`; without one, the default period (use-forecast-periods.ts). The
// period is followed live as every record page is (use-live-record.ts): locked or closed by
// someone else, it reads so here within a second, and its bar offers what is left to do.

export type ChosenPeriod = {
  periods: readonly ForecastPeriodRow[] | null;
  period: ForecastPeriodRow | undefined;
  pick: (id: number) => void;
  /**
   * Reads the periods again (after an event moved the period's status or version). The period
   * as the event answered it, if given, is shown meanwhile: an action pressed before the list
   * is read again sends the version the server has, not the one before the event.
   */
  reload: (answered?: ForecastPeriodRow | null) => void;
};

export function useChosenPeriod(base?: string): ChosenPeriod {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const [revision, setRevision] = useState(0);
  const [answered, setAnswered] = useState<ForecastPeriodRow | null>(null);
  const periods = useForecastPeriods(revision);
  const named = Number(base ? params.period_id : search.get('period'));
  const listed =
    periods === null
      ? undefined
      : (periods.find((p) => p.id === named) ?? (named ? undefined : defaultPeriod(periods)));
  const period =
    listed && answered?.id === listed.id && answered.version > listed.version ? answered : listed;
  useLiveRecord(FORECAST_PERIODS, period?.id ?? null, {
    known: () => period?.version ?? null,
    onNewer: (row) => setAnswered(rowOf(FORECAST_PERIODS, row)),
  });
  return {
    periods,
    period,
    pick: (id) => {
      if (base) void navigate(`${base}/${id}`);
      else setSearch({ period: String(id) });
    },
    reload: (row) => {
      setAnswered(row ?? null);
      setRevision((r) => r + 1);
    },
  };
}
