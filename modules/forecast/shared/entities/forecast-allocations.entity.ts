import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import type { RowOf } from '../../../../src/domain/entity/row-of.ts';
import { refWithLabel, productFields } from '../../../../src/domain/entity/shared-fields.ts';
import { FORECAST_CHANNEL } from './forecast-values.ts';

// Forecast allocations (docs/domain/forecast.md §11): what each product is forecast to sell from
// each distribution centre in a period, generated from its sales history with the period's growth
// (forecast-arithmetic.ts). People change the forecast with a reason and set the product's
// share of its family's forecast; a family's shares may not pass 100 % (`more100%`).
// **decision**: the distribution centre is the location the history shipped from (a sales
// order's ship-from), so a product sold from two places has two rows.

export const FORECAST_ALLOCATIONS = declareEntity({
  name: 'forecast_allocations',
  label: 'Forecast allocation',
  pluralLabel: 'Forecast allocations',
  api: '/api/forecast/allocations',
  area: 'forecast',
  channel: FORECAST_CHANNEL,
  event: 'forecast_allocation',
  labelField: 'product_sku',
  writable: false,
  defaultSort: { field: 'product_sku', direction: 'asc' },
  fields: [
    ...refWithLabel('forecast_period_id', 'Period', 'forecast_periods', 'period_name', {
      width: 160,
      hidden: true,
    }),
    ...productFields(),
    {
      name: 'family_name',
      label: 'Family',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 160,
    },
    ...refWithLabel('location_id', 'Distribution centre', 'locations', 'location_name', {
      width: 180,
    }),
    {
      name: 'history_units',
      label: 'History units',
      kind: 'number',
      precision: 0,
      readOnly: true,
      width: 120,
    },
    {
      name: 'default_units',
      label: 'Computed forecast',
      kind: 'number',
      precision: 0,
      readOnly: true,
      width: 140,
    },
    {
      name: 'forecast_units',
      label: 'Forecast units',
      kind: 'number',
      precision: 0,
      min: 0,
      max: 100_000_000,
      required: true,
      width: 130,
    },
    {
      name: 'override_reason',
      label: 'Override reason',
      kind: 'text',
      maxLength: 500,
      width: 220,
    },
    {
      name: 'allocation_pct',
      label: 'Share of family %',
      kind: 'number',
      precision: 2,
      min: 0,
      max: 100,
      width: 140,
    },
    {
      name: 'overridden',
      label: 'Overridden',
      kind: 'boolean',
      readOnly: true,
      listOnly: true,
      alert: 'Overridden',
      width: 110,
    },
    {
      name: 'period_status',
      label: 'Period status',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      hidden: true,
    },
  ],
});

/** One allocation as read; a read model, so its type lets every field be null. */
export type ForecastAllocationRow = RowOf<typeof FORECAST_ALLOCATIONS>;
