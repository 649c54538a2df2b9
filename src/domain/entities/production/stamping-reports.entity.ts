import type { EntityDeclaration } from '../../entity/entity-declaration.ts';
import { declareFields } from '../../entity/entity-field.ts';
import { productFields, productFilterFields } from '../../entity/shared-fields.ts';
import { productionReport } from './production-reports.entity.ts';
import {
  hiddenIdColumn,
  numberColumn,
  pctColumn,
  textColumn,
  timeColumn,
  unitsColumn,
} from '../../entity/read-only-columns.ts';

// The stamping reports of Production (docs/domain/production.md §3.6), read from the views of
// migration 0018: the stamping logs (every stamping order event with its reels, serials and
// counters) and the wasted bottles per finished stamping order with the waste % and its alert.

const orderColumns = () =>
  declareFields([
    hiddenIdColumn('stamping_order_id', 'Stamping order id'),
    textColumn('number', 'ST', 110),
    hiddenIdColumn('production_order_id', 'MO id'),
    textColumn('production_order_number', 'MO', 110),
    hiddenIdColumn('machine_id', 'Machine id'),
    textColumn('machine_code', 'Machine', 100),
    ...productFields(false),
    hiddenIdColumn('stamp_jurisdiction_id', 'Jurisdiction id'),
    textColumn('stamp_jurisdiction_name', 'Jurisdiction', 120),
  ]);

/** stamping-logs: events by stamping order, with reels and serials, counters and counts. */
export const STAMPING_LOGS = productionReport(
  'stamping_logs',
  'Stamping logs',
  '/api/production/reports/stamping-logs',
  [
    timeColumn('created_at', 'Time'),
    timeColumn('day', 'Day', 'date'),
    ...orderColumns(),
    textColumn('event', 'Event', 100),
    textColumn('from_status', 'From', 110),
    textColumn('to_status', 'To', 110),
    textColumn('reels', 'Reels and serials', 260),
    numberColumn('counter_start', 'Counter start', 0, 120),
    numberColumn('counter_end', 'Counter end', 0, 120),
    unitsColumn('applied', 'Applied'),
    unitsColumn('wasted', 'Wasted'),
    unitsColumn('damaged', 'Damaged'),
    unitsColumn('returned', 'Returned'),
    unitsColumn('wasted_bottles', 'Wasted bottles', 120),
    hiddenIdColumn('user_id', 'User id'),
    textColumn('user_name', 'User', 140),
    textColumn('reason', 'Reason', 200),
    ...productFilterFields(),
  ],
  { field: 'created_at', direction: 'desc' },
);

/**
 * stamping-wasted-bottles: per finished stamping order, stamped units, wasted bottles and
 * waste % = wasted / (stamped + wasted), flagged above `production.stamping_waste_alert_pct`.
 */
export const STAMPING_WASTED_BOTTLES = productionReport(
  'stamping_wasted_bottles',
  'Stamping wasted bottles',
  '/api/production/reports/stamping-wasted-bottles',
  [
    timeColumn('day', 'Date', 'date'),
    ...orderColumns().filter((f) => f.name !== 'stamping_order_id'),
    hiddenIdColumn('stamper_id', 'Stamper id'),
    textColumn('stamper_name', 'Stamper', 140),
    unitsColumn('stamped_units', 'Stamped'),
    unitsColumn('wasted_bottles', 'Wasted bottles', 120),
    pctColumn('waste_pct', 'Waste %'),
    { name: 'alert', label: 'Alert', kind: 'boolean', readOnly: true, listOnly: true, width: 90 },
    ...productFilterFields(),
  ],
  { field: 'day', direction: 'desc' },
);

export const STAMPING_REPORT_ENTITIES: readonly EntityDeclaration[] = [
  STAMPING_LOGS,
  STAMPING_WASTED_BOTTLES,
];
