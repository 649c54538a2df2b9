import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import { FORECAST_CHANNEL } from './forecast-values.ts';

// Production quantity ranges (docs/domain/forecast.md §11): a required quantity between min and max
// units is planned rounded up to a multiple of round_to (a batch size). Ranges may not overlap; a
// range without a max reaches every larger quantity.

export const FORECAST_QTY_RANGES = declareEntity({
  name: 'forecast_production_qty_ranges',
  label: 'Production quantity range',
  pluralLabel: 'Production quantity ranges',
  api: '/api/forecast/qty-ranges',
  area: 'forecast',
  channel: FORECAST_CHANNEL,
  event: 'qty_range',
  labelField: 'min_units',
  defaultSort: { field: 'min_units', direction: 'asc' },
  fields: [
    {
      name: 'min_units',
      label: 'From units',
      kind: 'number',
      precision: 0,
      min: 0,
      max: 100_000_000,
      required: true,
      width: 120,
    },
    {
      name: 'max_units',
      label: 'To units',
      kind: 'number',
      precision: 0,
      min: 0,
      max: 100_000_000,
      width: 120,
    },
    {
      name: 'round_to_units',
      label: 'Round up to',
      kind: 'number',
      precision: 0,
      min: 1,
      max: 10_000_000,
      required: true,
      width: 120,
    },
  ],
});
