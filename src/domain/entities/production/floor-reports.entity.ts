import type { EntityDeclaration } from '../../entity/entity-declaration.ts';
import { declareFields } from '../../entity/entity-field.ts';
import { productFields, productFilterFields } from '../../entity/shared-fields.ts';
import { ORDER_STATUSES } from './production-order-values.ts';
import { productionReport } from './production-reports.entity.ts';
import {
  enumColumn,
  hiddenIdColumn,
  mlColumn,
  numberColumn,
  pctColumn,
  textColumn,
  timeColumn,
  unitsColumn,
} from '../../entity/read-only-columns.ts';

// The floor's Production reports (docs/domain/production.md §3.6): the batchers' picking list, the
// logs of every order event by phase, and the batchers' KPIs. The logs read the view of migration
// 0015; the picking list reads the picks with live availability; the KPIs are figured per
// batcher over the chosen days.

/** The phase an order event belongs to ('order' for its lifecycle: submit, hold, close…). */
export const LOG_PHASES = [
  'order',
  'batching',
  'hplc',
  'bottling',
  'labeling',
  'stamping',
  'transfer',
] as const;

/**
 * batching-order-picking-report: per pick of the orders still to batch, the FEFO lot and bin
 * suggested at release, what it holds now, what was picked, and what is short.
 */
export const BATCHING_PICKING = productionReport(
  'batching_picking_report',
  'Batching order picking',
  '/api/production/reports/batching-order-picking-report',
  [
    hiddenIdColumn('production_order_id', 'Order id'),
    textColumn('production_order_number', 'Order', 110),
    timeColumn('due_date', 'Due', 'date'),
    enumColumn('order_status', 'Order status', ORDER_STATUSES),
    ...productFields(false).map((f) => ({
      ...f,
      label: f.name === 'product_name' ? 'Ingredient name' : 'Ingredient',
    })),
    numberColumn('required_qty', 'Required', 3),
    textColumn('lot_no', 'Suggested lot', 130),
    timeColumn('expiry_date', 'Expiry', 'date'),
    textColumn('location_name', 'Location', 140),
    textColumn('bin_code', 'Bin', 90),
    numberColumn('available', 'Available', 3),
    numberColumn('picked_qty', 'Picked', 3),
    numberColumn('short', 'Short', 3),
    textColumn('picked_by_name', 'Picked by', 140),
  ],
  { field: 'due_date', direction: 'asc' },
  'production_order_number',
  'production_picking_report',
);

const eventLogFields = () =>
  declareFields([
    timeColumn('created_at', 'Time'),
    timeColumn('day', 'Day', 'date'),
    // The `report.shifts` shift the event fell in (production-settings.ts).
    textColumn('shift', 'Shift', 90),
    hiddenIdColumn('production_order_id', 'Order id'),
    textColumn('number', 'Order', 110),
    ...productFields(false),
    enumColumn('phase', 'Phase', LOG_PHASES, 100),
    textColumn('event', 'Event', 140),
    textColumn('from_status', 'From', 120),
    textColumn('to_status', 'To', 120),
    mlColumn('batch_ml', 'Batch ml'),
    unitsColumn('good_units', 'Good'),
    unitsColumn('waste_units', 'Waste'),
    numberColumn('minutes', 'Minutes', 1, 100),
    hiddenIdColumn('machine_id', 'Machine id'),
    textColumn('machine_code', 'Machine', 110),
    textColumn('cart_code', 'Cart', 90),
    textColumn('operation_name', 'Operation', 160),
    hiddenIdColumn('user_id', 'Operator id'),
    textColumn('user_name', 'Operator', 140),
    textColumn('reason', 'Reason', 200),
    ...productFilterFields(),
  ]);

/** production-logs: every event of every order, by phase. */
export const PRODUCTION_LOGS = productionReport(
  'production_logs',
  'Production logs',
  '/api/production/reports/production-logs',
  eventLogFields(),
  { field: 'created_at', direction: 'desc' },
);

/** batching-logs: the batching events, with the batch volume, minutes, mixer and cart. */
export const BATCHING_LOGS = productionReport(
  'batching_logs',
  'Batching logs',
  '/api/production/reports/batching-logs',
  eventLogFields(),
  { field: 'created_at', direction: 'desc' },
);

/**
 * batching-kpi: per batcher over the chosen days, batches finished, litres, average minutes
 * against the standard, on-time % (batched by the order's due date), HPLC first-pass yield
 * (first samples passed ÷ tested) and reworks; the targets are the `report.*` settings.
 */
export const BATCHING_KPI = productionReport(
  'batching_kpi',
  'Batching KPI',
  '/api/production/reports/batching-kpi',
  [
    textColumn('name', 'Batcher', 180),
    { ...textColumn('username', 'Username', 130), hidden: true },
    unitsColumn('batches', 'Batches', 90),
    numberColumn('liters', 'Liters', 3),
    numberColumn('avg_minutes', 'Avg minutes', 1),
    numberColumn('standard_minutes', 'Standard minutes', 1, 130),
    pctColumn('vs_standard_pct', 'vs standard %', 120),
    pctColumn('on_time_pct', 'On time %'),
    unitsColumn('hplc_tested', 'HPLC tested', 100),
    pctColumn('first_pass_yield_pct', 'First-pass yield %', 140),
    unitsColumn('reworks', 'Reworks', 90),
    { ...pctColumn('on_time_target_pct', 'On time target %', 130), hidden: true },
    { ...pctColumn('first_pass_target_pct', 'First-pass target %', 140), hidden: true },
    { ...pctColumn('vs_standard_target_pct', 'vs standard target %', 140), hidden: true },
  ],
  { field: 'batches', direction: 'desc' },
  'name',
);

export const FLOOR_REPORT_ENTITIES: readonly EntityDeclaration[] = [
  BATCHING_PICKING,
  PRODUCTION_LOGS,
  BATCHING_LOGS,
  BATCHING_KPI,
];
