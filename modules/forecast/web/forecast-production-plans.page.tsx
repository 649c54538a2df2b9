import { Alert, Button, Group } from '@mantine/core';
import { useContext, useMemo, useState } from 'react';
import { periodScopedApi, sendPlanEvent } from './api/forecast.api.ts';
import {
  FORECAST_PERIODS,
  type ForecastPeriodRow,
} from '../shared/entities/forecast-periods.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { FORECAST_PRODUCTION_PLANS } from '../shared/entities/forecast-production-plans.entity.ts';
import { allowedForecastPeriodActions } from '../shared/machines/forecast-period.machine.ts';
import { DocumentActions } from '../../../src/views/common/entity/document-actions.tsx';
import { EntityListPage } from '../../../src/views/common/entity/entity-list-page.tsx';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../src/views/common/entity-form/form-failure.ts';
import { notify } from '../../../src/views/common/notify.tsx';
import { PeriodPicker } from './period-picker.tsx';
import { periodMoves } from './period-moves.ts';
import { useChosenPeriod } from './use-chosen-period.ts';

// forecast-production-plans/{period_id?}: a period's production plan, live on
// private-forecast, with the period's own workflow (lock, close) and the plan's two steps for
// every row at once: accept the proposed rows while the period is open, and create the draft
// production orders of the accepted ones once it is locked.

export const PLANS_PATH = '/forecast/forecast-production-plans';

function PlanSteps({
  period,
  onDone,
}: {
  period: ForecastPeriodRow;
  onDone: (answered?: ForecastPeriodRow | null) => void;
}) {
  const request = useContext(EntityRequestContext);
  const [busy, setBusy] = useState<string | null>(null);
  async function send(event: 'accept' | 'create_orders', label: string) {
    setBusy(event);
    try {
      const done = await sendPlanEvent(request, period, event);
      notify.success(`${done.rows.length} plan rows`, label);
      onDone(done.period && rowOf(FORECAST_PERIODS, done.period));
    } catch (error) {
      showFailure(error, false);
      onDone();
    } finally {
      setBusy(null);
    }
  }
  return (
    <>
      {period.status === 'open' && (
        <Button
          size="sm"
          loading={busy === 'accept'}
          disabled={!period.plans_proposed}
          onClick={() => void send('accept', 'Plan accepted')}
        >
          Accept proposed rows
        </Button>
      )}
      {period.status === 'locked' && (
        <Button
          size="sm"
          loading={busy === 'create_orders'}
          disabled={!period.orders_waiting}
          onClick={() => void send('create_orders', 'Production orders created')}
        >
          Create orders
        </Button>
      )}
    </>
  );
}

export function ForecastProductionPlansPage() {
  const { periods, period, pick, reload } = useChosenPeriod(PLANS_PATH);
  const request = useContext(EntityRequestContext);
  const [generation, setGeneration] = useState(0);
  const periodId = period?.id;
  const api = useMemo(
    () =>
      periodId !== undefined ? periodScopedApi(FORECAST_PRODUCTION_PLANS, periodId, request) : null,
    [periodId, request],
  );
  const done = (answered?: ForecastPeriodRow | null) => {
    reload(answered);
    setGeneration((g) => g + 1);
  };
  return (
    <>
      <PeriodPicker periods={periods ?? []} period={period} onPick={pick} />
      {periods !== null && !period && (
        <Alert m="md" color="gray">
          No forecast period to show: create one under Forecast Periods.
        </Alert>
      )}
      {period && (
        <Group px="md" pt="sm" gap="xs">
          <DocumentActions
            entity={FORECAST_PERIODS}
            doc={period}
            allowed={allowedForecastPeriodActions}
            extra={(doc) => <PlanSteps period={rowOf(FORECAST_PERIODS, doc)} onDone={done} />}
            moves={periodMoves}
            onDone={done}
          />
        </Group>
      )}
      {api && period && (
        <EntityListPage
          key={`${period.id}-${generation}`}
          entity={FORECAST_PRODUCTION_PLANS}
          api={api}
          gridHeight="calc(100vh - 340px)"
        />
      )}
    </>
  );
}
