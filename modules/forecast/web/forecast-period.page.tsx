import { Box, Button } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  FORECAST_PERIODS,
  type ForecastPeriodRow,
} from '../shared/entities/forecast-periods.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { allowedForecastPeriodActions } from '../shared/machines/forecast-period.machine.ts';
import { DocumentActions } from '../../../src/views/common/entity/document-actions.tsx';
import { draftOnly } from '../../../src/views/common/entity/draft-only.ts';
import { EntityFormPage } from '../../../src/views/common/entity-form/entity-form-page.tsx';
import { ALLOCATIONS_PATH } from './forecast-allocations.page.tsx';
import { periodMoves } from './period-moves.ts';
import { PLANS_PATH } from './forecast-production-plans.page.tsx';

// /forecast-periods/{id?}: a period's form, edited while a draft, with its workflow bar
// (generate, lock, close) and, once generated, the way to its allocations and its plan.

export const PERIODS_PATH = '/forecast/forecast-periods';

function PeriodLinks({ doc }: { doc: ForecastPeriodRow }) {
  if (doc.status === 'draft') return null;
  return (
    <>
      <Button size="sm" variant="light" component={Link} to={`${ALLOCATIONS_PATH}/${doc.id}`}>
        Allocations
      </Button>
      <Button size="sm" variant="light" component={Link} to={`${PLANS_PATH}/${doc.id}`}>
        Production plan
      </Button>
    </>
  );
}

export function ForecastPeriodPage() {
  // An event changes status and version: the form reads the period again, bar and all.
  const [generation, setGeneration] = useState(0);
  return (
    <Box p="md">
      <EntityFormPage
        key={generation}
        entity={FORECAST_PERIODS}
        listPath={PERIODS_PATH}
        readOnlyReason={(row) => draftOnly(FORECAST_PERIODS, row)}
        toolbar={(row) => (
          <DocumentActions
            entity={FORECAST_PERIODS}
            doc={row}
            allowed={allowedForecastPeriodActions}
            extra={(doc) => <PeriodLinks doc={rowOf(FORECAST_PERIODS, doc)} />}
            moves={periodMoves}
            onDone={() => setGeneration((g) => g + 1)}
          />
        )}
      />
    </Box>
  );
}
