import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import type { RowOf } from '../../../../src/domain/entity/row-of.ts';
import type { EntityField } from '../../../../src/domain/entity/entity-field.ts';
import {
  refWithLabel,
  productFields,
  statusField,
} from '../../../../src/domain/entity/shared-fields.ts';
import { FORECAST_CHANNEL, FORECAST_PLAN_STATUSES } from './forecast-values.ts';

// Forecast production plans (docs/domain/forecast.md §11): per product of a period, what the
// forecast needs made: required = max(0, forecast + safety − on hand − open production orders),
// planned = required rounded up by the quantity range it falls in. Accepted rows become
// draft production orders ("create orders") once the period is locked.
// **decision**: safety units are the product's reorder point; on hand and open order units
// are read when the plan is generated and whenever its forecast changes.

const units = <const N extends string>(
  name: N,
  label: string,
  width = 120,
): EntityField<N, 'number'> => ({
  name,
  label,
  kind: 'number',
  precision: 0,
  readOnly: true,
  width,
});

export const FORECAST_PRODUCTION_PLANS = declareEntity({
  name: 'forecast_production_plans',
  label: 'Production plan row',
  pluralLabel: 'Production plan',
  api: '/api/forecast/production-plans',
  area: 'forecast',
  channel: FORECAST_CHANNEL,
  event: 'plan',
  labelField: 'product_sku',
  writable: false,
  defaultSort: { field: 'product_sku', direction: 'asc' },
  fields: [
    ...refWithLabel('forecast_period_id', 'Period', 'forecast_periods', 'period_name', {
      width: 160,
      hidden: true,
    }),
    ...productFields(),
    units('forecast_units', 'Forecast'),
    units('safety_units', 'Safety'),
    units('on_hand', 'On hand'),
    units('open_mo_units', 'Open MO units', 130),
    units('required_units', 'Required'),
    units('planned_units', 'Planned'),
    statusField(FORECAST_PLAN_STATUSES),
    {
      name: 'production_order_id',
      label: 'Production order',
      kind: 'ref',
      ref: { entity: 'production_orders', labelField: 'production_order_number' },
      readOnly: true,
      hidden: true,
    },
    {
      name: 'production_order_number',
      label: 'Production order',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 140,
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

/** One plan row as read; a read model, so its type lets every field be null. */
export type ForecastPlanRow = RowOf<typeof FORECAST_PRODUCTION_PLANS>;
