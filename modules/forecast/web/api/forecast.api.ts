import { FORECAST_PERIODS } from '../../shared/entities/forecast-periods.entity.ts';
import type { EntityDeclaration } from '../../../../src/domain/entity/entity-declaration.ts';
import type {
  ForecastReport,
  SalesReportRow,
  StockReportRow,
} from '../../shared/entities/forecast-reports.ts';
import { entityApi, type EntityApi } from '../../../../src/api/entity.api.ts';
import type { Request } from '../../../../src/api/request.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';

export type {
  ForecastReport,
  ReportPeriod,
  SalesReportRow,
  StockReportRow,
} from '../../shared/entities/forecast-reports.ts';

// Forecast's calls beyond the entity routes: one period's rows of a list, a plan event sent to
// every row of a period, and the sales and stock reports.

const path = (api: string) => api.replace(/^\/api\//, '');

const ofPeriod = (periodId: number) => ({
  field: 'forecast_period_id',
  field_type: 'number' as const,
  filters: [{ operator: 'equals' as const, value: periodId }],
});

/**
 * The entity's data provider narrowed to one period: its list filtered, and the live poll's
 * rows of other periods left out, so another period's change never lands on this screen.
 */
export function periodScopedApi(
  entity: Pick<EntityDeclaration, 'api'>,
  periodId: number,
  request: Request,
): EntityApi {
  const base = entityApi(entity, request);
  return {
    ...base,
    list: (query, signal) =>
      base.list({ ...query, filter: [...(query.filter ?? []), ofPeriod(periodId)] }, signal),
    changes: async (since, signal) => {
      const set = await base.changes(since, signal);
      return { ...set, rows: set.rows.filter((r) => r.forecast_period_id === periodId) };
    },
  };
}

/** Accept every proposed row, or create the orders of every accepted one, of a period. */
export async function sendPlanEvent(
  request: Request,
  period: Pick<EntityRow, 'id' | 'version'>,
  event: 'accept' | 'create_orders',
): Promise<{ period: EntityRow | null; rows: EntityRow[] }> {
  const answer = await request<{ period: EntityRow | null; rows: EntityRow[] }>({
    url: `${path(FORECAST_PERIODS.api)}/${period.id}/plan/${event}`,
    method: 'POST',
    data: { version: period.version },
  });
  return answer.data;
}

export async function fetchSalesReport(
  request: Request,
  periodId: number | null,
): Promise<ForecastReport<SalesReportRow>> {
  const answer = await request<ForecastReport<SalesReportRow>>({
    url: 'forecast/sales-report',
    params: periodId ? { period_id: periodId } : {},
  });
  return answer.data;
}

export async function fetchStockReport(
  request: Request,
  periodId: number | null,
): Promise<ForecastReport<StockReportRow>> {
  const answer = await request<ForecastReport<StockReportRow>>({
    url: 'forecast/stock-report',
    params: periodId ? { period_id: periodId } : {},
  });
  return answer.data;
}
