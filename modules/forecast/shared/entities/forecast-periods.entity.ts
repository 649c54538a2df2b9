import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import type { RowOf } from '../../../../src/domain/entity/row-of.ts';
import { workflowFact } from '../../../../src/domain/entities/document-fields.ts';
import { noteField, statusField } from '../../../../src/domain/entity/shared-fields.ts';
import { FORECAST_CHANNEL, FORECAST_PERIOD_STATUSES } from './forecast-values.ts';

// Forecast periods (docs/domain/forecast.md §11): the days forecast, the sales history they are
// forecast from and the growth expected. Periods may not overlap; a period is edited while a draft,
// generated into allocations and a production plan when opened, read-only once locked.

export const FORECAST_PERIODS = declareEntity({
  name: 'forecast_periods',
  label: 'Forecast period',
  pluralLabel: 'Forecast periods',
  api: '/api/forecast/periods',
  area: 'forecast',
  channel: FORECAST_CHANNEL,
  event: 'forecast_period',
  labelField: 'name',
  searchable: {
    fields: ['name'],
    page: '/forecast/forecast-periods',
    form: '/forecast/forecast-periods',
  },
  defaultSort: { field: 'start_date', direction: 'desc' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 120, width: 200 },
    { name: 'start_date', label: 'Starts', kind: 'date', required: true, width: 120 },
    { name: 'end_date', label: 'Ends', kind: 'date', required: true, width: 120 },
    { name: 'history_from', label: 'History from', kind: 'date', required: true, width: 130 },
    { name: 'history_to', label: 'History to', kind: 'date', required: true, width: 130 },
    {
      name: 'growth_pct',
      label: 'Growth %',
      kind: 'number',
      precision: 2,
      min: -100,
      max: 1000,
      defaultValue: 0,
      width: 100,
    },
    statusField(FORECAST_PERIOD_STATUSES),
    {
      name: 'history_units',
      label: 'History units',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 120,
    },
    {
      name: 'forecast_units',
      label: 'Forecast units',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 130,
    },
    workflowFact('has_history', 'Sales in the history window'),
    workflowFact('plans_proposed', 'Plan rows still proposed'),
    workflowFact('orders_waiting', 'Accepted plan rows without their order'),
    noteField,
  ],
});

export type ForecastPeriodRow = RowOf<typeof FORECAST_PERIODS>;
