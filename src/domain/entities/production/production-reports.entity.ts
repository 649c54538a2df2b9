import { declareEntity, type EntityDeclaration } from '../../entity/entity-declaration.ts';
import { declareFields, type EntityField } from '../../entity/entity-field.ts';
import { productFields, productFilterFields } from '../../entity/shared-fields.ts';
import { CORRECTION_FIELDS, CORRECTION_STATUSES } from './correction-values.ts';
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
import {
  HPLC_REQUEST_REASONS,
  HPLC_STATUSES,
  LABEL_CHECK_RESULTS,
  ORDER_STAGES,
  ORDER_STATUSES,
} from './production-order-values.ts';

// The Production reports (docs/domain/production.md §3.6) and the HPLC page's results list:
// read-only lists on the entity pattern (filter, sort, page, export). Most read a view of migration
// 0013; the label check logs read the label_checks log itself. Reports are polled, not pushed:
// their `report` event is never broadcast, so a delta meant for an order never lands on a report
// row.

const CHANNEL = 'private-production.orders';
const REPORT_EVENT = 'report';

/**
 * A Production report's declaration: read-only, polled, on the reports' area unless given. It
 * keeps its fields' literal names and kinds in its type, so RowOf names its columns
 * (docs/architecture.md "Entities"); `writable: false` makes every one of them nullable.
 */
export const productionReport = <const F extends readonly EntityField[]>(
  name: string,
  label: string,
  api: string,
  fields: F,
  defaultSort: EntityDeclaration['defaultSort'],
  labelField = 'number',
  area: EntityDeclaration['area'] = 'production_reports',
): EntityDeclaration<F> & { readonly writable: false } => ({
  name,
  label,
  pluralLabel: label,
  api,
  area,
  channel: CHANNEL,
  event: REPORT_EVENT,
  labelField,
  defaultSort,
  writable: false,
  fields,
});

const orderStatus = enumColumn('status', 'Status', ORDER_STATUSES);
const orderNumber = textColumn('number', 'Order', 110);

/** label-check-logs: every scan against the product's UPC, from the label_checks log. */
export const LABEL_CHECKS = productionReport(
  'label_checks',
  'Label check logs',
  '/api/production/label-check-logs',
  [
    timeColumn('created_at', 'Time'),
    hiddenIdColumn('production_order_id', 'Order id'),
    textColumn('production_order_number', 'Order', 110),
    ...productFields(false),
    textColumn('phase_code', 'Phase', 100),
    textColumn('scanned_code', 'Scanned', 150),
    textColumn('expected_code', 'Expected', 150),
    textColumn('lot_no_scanned', 'Lot scanned', 120),
    enumColumn('result', 'Result', LABEL_CHECK_RESULTS, 90),
    textColumn('reason', 'Reason', 220),
    textColumn('created_by_name', 'User', 140),
    ...productFilterFields(),
  ],
  { field: 'created_at', direction: 'desc' },
  'scanned_code',
  'production_label_check_logs',
);

/** master-production-report: one row per released order, its phases, volumes and units. */
export const MASTER_PRODUCTION_REPORT = productionReport(
  'production_master_report',
  'Master production report',
  '/api/production/reports/master-production-report',
  [
    orderNumber,
    ...productFields(false),
    orderStatus,
    enumColumn('stage', 'Stage', ORDER_STAGES),
    timeColumn('due_date', 'Due', 'date'),
    unitsColumn('planned_units', 'Planned units', 110),
    mlColumn('planned_ml', 'Planned ml'),
    mlColumn('actual_batch_ml', 'Actual ml'),
    unitsColumn('bottled_units', 'Bottled'),
    unitsColumn('bottling_waste_units', 'Bottling waste', 120),
    unitsColumn('labeled_units', 'Labeled'),
    unitsColumn('label_waste_units', 'Label waste'),
    unitsColumn('stamped_units', 'Stamped'),
    unitsColumn('stamping_waste_units', 'Stamping waste', 120),
    unitsColumn('transferred_units', 'Transferred', 110),
    enumColumn('hplc_status', 'HPLC', HPLC_STATUSES, 100),
    numberColumn('hplc_pct', 'HPLC %', 3, 100),
    unitsColumn('hplc_tests', 'HPLC tests', 100),
    timeColumn('released_at', 'Released'),
    timeColumn('batching_started_at', 'Batching start'),
    timeColumn('batching_finished_at', 'Batching finish'),
    numberColumn('batching_minutes', 'Batching min', 1, 110),
    timeColumn('bottling_started_at', 'Bottling start'),
    timeColumn('bottling_finished_at', 'Bottling finish'),
    numberColumn('bottling_minutes', 'Bottling min', 1, 110),
    timeColumn('labeling_finished_at', 'Labeling finish'),
    numberColumn('labeling_minutes', 'Labeling min', 1, 110),
    timeColumn('completed_at', 'Completed'),
    timeColumn('closed_at', 'Closed'),
    ...productFilterFields(),
  ],
  { field: 'number', direction: 'desc' },
);

/** production-volume-variance: per batched order, planned vs actual ml and the bottling yield. */
export const VOLUME_VARIANCE = productionReport(
  'production_volume_variance',
  'Production volume variance',
  '/api/production/reports/production-volume-variance',
  [
    orderNumber,
    ...productFields(false),
    orderStatus,
    timeColumn('batched_on', 'Batched', 'date'),
    mlColumn('volume_ml', 'Bottle ml', 100),
    mlColumn('planned_ml', 'Planned ml'),
    mlColumn('actual_batch_ml', 'Actual ml'),
    mlColumn('variance_ml', 'Variance ml'),
    pctColumn('variance_pct', 'Variance %'),
    unitsColumn('bottled_units', 'Bottled'),
    mlColumn('bottled_ml', 'Bottled ml'),
    pctColumn('yield_pct', 'Yield %'),
    mlColumn('loss_ml', 'Loss ml'),
    ...productFilterFields(),
  ],
  { field: 'number', direction: 'desc' },
);

const HPLC_RESULT_VALUES = ['passed', 'failed', 'overridden'] as const;

const hplcResultFields = () =>
  declareFields([
    textColumn('request_number', 'Request', 110),
    hiddenIdColumn('hplc_request_id', 'Request id'),
    hiddenIdColumn('production_order_id', 'Order id'),
    textColumn('production_order_number', 'Order', 110),
    ...productFields(false),
    textColumn('lot_no', 'Lot', 110),
    textColumn('hplc_category_name', 'Category', 120),
    unitsColumn('sample_no', 'Sample', 80),
    enumColumn('reason', 'Reason', HPLC_REQUEST_REASONS, 100, false),
    numberColumn('nominal_mg', 'Nominal mg', 3),
    numberColumn('measured_mg', 'Measured mg', 3),
    numberColumn('percent_of_claim', '% of claim', 3),
    numberColumn('min_pct', 'Min %', 2, 90),
    numberColumn('max_pct', 'Max %', 2, 90),
    { name: 'passed', label: 'Passed', kind: 'boolean', readOnly: true, listOnly: true, width: 90 },
    enumColumn('result', 'Result', HPLC_RESULT_VALUES, 110),
    textColumn('analyst_name', 'Analyst', 140),
    timeColumn('tested_at', 'Tested'),
    timeColumn('tested_on', 'Tested on', 'date'),
  ]);

/** hplc-report: every result with the range copied at test time, retests as later samples. */
export const HPLC_REPORT = productionReport(
  'production_hplc_report',
  'HPLC report',
  '/api/production/reports/hplc-report',
  [...hplcResultFields(), ...productFilterFields()],
  { field: 'tested_at', direction: 'desc' },
  'request_number',
);

/** hplc-results: the HPLC page's list of entered results (HPLC page roles). */
export const HPLC_RESULTS = declareEntity({
  ...HPLC_REPORT,
  name: 'hplc_results',
  label: 'HPLC result',
  pluralLabel: 'HPLC results',
  api: '/api/production/hplc-results',
  area: 'production_hplc',
  channel: 'private-production.hplc',
  fields: hplcResultFields(),
});

/** production-summary: per day × product, the units each stage finished and their waste. */
export const PRODUCTION_SUMMARY = productionReport(
  'production_summary_report',
  'Production summary',
  '/api/production/reports/production-summary',
  [
    timeColumn('day', 'Day', 'date'),
    ...productFields(false),
    unitsColumn('orders', 'Orders', 80),
    mlColumn('batched_ml', 'Batched ml'),
    unitsColumn('bottled_units', 'Bottled'),
    unitsColumn('bottling_waste_units', 'Bottling waste', 120),
    unitsColumn('labeled_units', 'Labeled'),
    unitsColumn('label_waste_units', 'Label waste'),
    unitsColumn('stamped_units', 'Stamped'),
    unitsColumn('stamping_waste_units', 'Stamping waste', 120),
    unitsColumn('transferred_units', 'Transferred', 110),
    unitsColumn('waste_units', 'Waste'),
    pctColumn('waste_pct', 'Waste %'),
    ...productFilterFields(),
  ],
  { field: 'day', direction: 'desc' },
  'product_sku',
);

/** batching-summary: per day × product, batches finished, their ml and minutes. */
export const BATCHING_SUMMARY = productionReport(
  'production_batching_summary',
  'Batching summary',
  '/api/production/reports/batching-summary',
  [
    timeColumn('day', 'Day', 'date'),
    ...productFields(false),
    unitsColumn('batches', 'Batches', 90),
    mlColumn('planned_ml', 'Planned ml'),
    mlColumn('batch_ml', 'Batch ml'),
    numberColumn('avg_minutes', 'Avg minutes', 1, 110),
    ...productFilterFields(),
  ],
  { field: 'day', direction: 'desc' },
  'product_sku',
);

/**
 * production-orders-corrections-logs: every correction of an order with its old and new value,
 * why, who asked and who approved, from the corrections themselves (requested to applied).
 */
export const CORRECTIONS_LOG = productionReport(
  'production_order_corrections_log',
  'Production orders corrections logs',
  '/api/production/reports/production-orders-corrections-logs',
  [
    textColumn('number', 'Correction', 110),
    hiddenIdColumn('production_order_id', 'Order id'),
    textColumn('production_order_number', 'Order', 110),
    ...productFields(false),
    enumColumn('field', 'Field', CORRECTION_FIELDS, 170, false),
    textColumn('ingredient_sku', 'Ingredient', 140),
    numberColumn('old_value', 'Old', 3),
    numberColumn('new_value', 'New', 3),
    numberColumn('delta', 'Delta', 3),
    textColumn('reason', 'Reason', 240),
    enumColumn('status', 'Status', CORRECTION_STATUSES, 110),
    textColumn('created_by_name', 'Requester', 140),
    textColumn('approved_by_name', 'Approver', 140),
    timeColumn('created_at', 'Requested'),
    timeColumn('approved_at', 'Approved'),
    timeColumn('applied_at', 'Applied'),
    ...productFilterFields(),
  ],
  { field: 'created_at', direction: 'desc' },
);

export const PRODUCTION_REPORT_ENTITIES: readonly EntityDeclaration[] = [
  LABEL_CHECKS,
  CORRECTIONS_LOG,
  MASTER_PRODUCTION_REPORT,
  VOLUME_VARIANCE,
  HPLC_REPORT,
  HPLC_RESULTS,
  PRODUCTION_SUMMARY,
  BATCHING_SUMMARY,
];
