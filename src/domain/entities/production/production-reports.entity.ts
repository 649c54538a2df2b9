import type { EntityDeclaration } from '../../entity/entity-declaration.ts';
import type { EntityField } from '../../entity/entity-field.ts';
import { productFields, productFilterFields } from '../stock/stock-fields.ts';
import {
  HPLC_REQUEST_REASONS,
  HPLC_STATUSES,
  LABEL_CHECK_RESULTS,
  ORDER_STAGES,
  ORDER_STATUSES,
} from './production-order-values.ts';

// The Production reports (domain.md §3.6) and the HPLC page's results list: read-only lists
// on the entity pattern (filter, sort, page, export). Most read a view of migration 0013; the
// label check logs read the label_checks log itself. Reports are polled, not pushed: their
// `report` event is never broadcast, so a delta meant for an order never lands on a report row.

const CHANNEL = 'private-production.orders';
const REPORT_EVENT = 'report';

const report = (
  name: string,
  label: string,
  api: string,
  fields: EntityField[],
  defaultSort: EntityDeclaration['defaultSort'],
  labelField = 'number',
): EntityDeclaration => ({
  name,
  label,
  pluralLabel: label,
  api,
  area: 'production_reports',
  channel: CHANNEL,
  event: REPORT_EVENT,
  labelField,
  defaultSort,
  writable: false,
  fields,
});

const num = (name: string, label: string, precision: number, width = 110): EntityField => ({
  name,
  label,
  kind: 'number',
  precision,
  readOnly: true,
  listOnly: true,
  width,
});
const units = (name: string, label: string, width = 100) => num(name, label, 0, width);
const ml = (name: string, label: string, width = 120) => num(name, label, 2, width);
const pct = (name: string, label: string, width = 100) => num(name, label, 2, width);
const text = (name: string, label: string, width = 130): EntityField => ({
  name,
  label,
  kind: 'text',
  readOnly: true,
  listOnly: true,
  width,
});
const when = (name: string, label: string, kind: 'date' | 'datetime' = 'datetime') =>
  ({
    name,
    label,
    kind,
    readOnly: true,
    listOnly: true,
    width: kind === 'date' ? 120 : 160,
  }) satisfies EntityField;
const hiddenId = (name: string, label: string): EntityField => ({
  name,
  label,
  kind: 'number',
  precision: 0,
  readOnly: true,
  hidden: true,
});
const orderStatus: EntityField = {
  name: 'status',
  label: 'Status',
  kind: 'enum',
  enumValues: ORDER_STATUSES,
  tag: true,
  readOnly: true,
  width: 120,
};
const orderNumber = text('number', 'Order', 110);

/** label-check-logs: every scan against the product's UPC, from the label_checks log. */
export const LABEL_CHECKS = report(
  'label_checks',
  'Label check logs',
  '/api/production/label-check-logs',
  [
    when('created_at', 'Time'),
    hiddenId('production_order_id', 'Order id'),
    text('production_order_number', 'Order', 110),
    ...productFields(false),
    text('phase_code', 'Phase', 100),
    text('scanned_code', 'Scanned', 150),
    text('expected_code', 'Expected', 150),
    text('lot_no_scanned', 'Lot scanned', 120),
    {
      name: 'result',
      label: 'Result',
      kind: 'enum',
      enumValues: LABEL_CHECK_RESULTS,
      tag: true,
      readOnly: true,
      width: 90,
    },
    text('created_by_name', 'User', 140),
    ...productFilterFields(),
  ],
  { field: 'created_at', direction: 'desc' },
  'scanned_code',
);

/** master-production-report: one row per released order, its phases, volumes and units. */
export const MASTER_PRODUCTION_REPORT = report(
  'production_master_report',
  'Master production report',
  '/api/production/reports/master-production-report',
  [
    orderNumber,
    ...productFields(false),
    orderStatus,
    {
      name: 'stage',
      label: 'Stage',
      kind: 'enum',
      enumValues: ORDER_STAGES,
      tag: true,
      readOnly: true,
      width: 120,
    },
    when('due_date', 'Due', 'date'),
    units('planned_units', 'Planned units', 110),
    ml('planned_ml', 'Planned ml'),
    ml('actual_batch_ml', 'Actual ml'),
    units('bottled_units', 'Bottled'),
    units('bottling_waste_units', 'Bottling waste', 120),
    units('labeled_units', 'Labeled'),
    units('label_waste_units', 'Label waste'),
    units('stamped_units', 'Stamped'),
    units('stamping_waste_units', 'Stamping waste', 120),
    units('transferred_units', 'Transferred', 110),
    {
      name: 'hplc_status',
      label: 'HPLC',
      kind: 'enum',
      enumValues: HPLC_STATUSES,
      tag: true,
      readOnly: true,
      width: 100,
    },
    num('hplc_pct', 'HPLC %', 3, 100),
    units('hplc_tests', 'HPLC tests', 100),
    when('released_at', 'Released'),
    when('batching_started_at', 'Batching start'),
    when('batching_finished_at', 'Batching finish'),
    num('batching_minutes', 'Batching min', 1, 110),
    when('bottling_started_at', 'Bottling start'),
    when('bottling_finished_at', 'Bottling finish'),
    num('bottling_minutes', 'Bottling min', 1, 110),
    when('labeling_finished_at', 'Labeling finish'),
    num('labeling_minutes', 'Labeling min', 1, 110),
    when('completed_at', 'Completed'),
    when('closed_at', 'Closed'),
    ...productFilterFields(),
  ],
  { field: 'number', direction: 'desc' },
);

/** production-volume-variance: per batched order, planned vs actual ml and the bottling yield. */
export const VOLUME_VARIANCE = report(
  'production_volume_variance',
  'Production volume variance',
  '/api/production/reports/production-volume-variance',
  [
    orderNumber,
    ...productFields(false),
    orderStatus,
    when('batched_on', 'Batched', 'date'),
    ml('volume_ml', 'Bottle ml', 100),
    ml('planned_ml', 'Planned ml'),
    ml('actual_batch_ml', 'Actual ml'),
    ml('variance_ml', 'Variance ml'),
    pct('variance_pct', 'Variance %'),
    units('bottled_units', 'Bottled'),
    ml('bottled_ml', 'Bottled ml'),
    pct('yield_pct', 'Yield %'),
    ml('loss_ml', 'Loss ml'),
    ...productFilterFields(),
  ],
  { field: 'number', direction: 'desc' },
);

const HPLC_RESULT_VALUES = ['passed', 'failed', 'overridden'] as const;

const hplcResultFields = (): EntityField[] => [
  text('request_number', 'Request', 110),
  hiddenId('hplc_request_id', 'Request id'),
  hiddenId('production_order_id', 'Order id'),
  text('production_order_number', 'Order', 110),
  ...productFields(false),
  text('lot_no', 'Lot', 110),
  text('hplc_category_name', 'Category', 120),
  units('sample_no', 'Sample', 80),
  {
    name: 'reason',
    label: 'Reason',
    kind: 'enum',
    enumValues: HPLC_REQUEST_REASONS,
    readOnly: true,
    width: 100,
  },
  num('nominal_mg', 'Nominal mg', 3),
  num('measured_mg', 'Measured mg', 3),
  num('percent_of_claim', '% of claim', 3),
  num('min_pct', 'Min %', 2, 90),
  num('max_pct', 'Max %', 2, 90),
  { name: 'passed', label: 'Passed', kind: 'boolean', readOnly: true, listOnly: true, width: 90 },
  {
    name: 'result',
    label: 'Result',
    kind: 'enum',
    enumValues: HPLC_RESULT_VALUES,
    tag: true,
    readOnly: true,
    width: 110,
  },
  text('analyst_name', 'Analyst', 140),
  when('tested_at', 'Tested'),
  when('tested_on', 'Tested on', 'date'),
];

/** hplc-report: every result with the range copied at test time, retests as later samples. */
export const HPLC_REPORT = report(
  'production_hplc_report',
  'HPLC report',
  '/api/production/reports/hplc-report',
  [...hplcResultFields(), ...productFilterFields()],
  { field: 'tested_at', direction: 'desc' },
  'request_number',
);

/** hplc-results: the HPLC page's list of entered results (HPLC page roles). */
export const HPLC_RESULTS: EntityDeclaration = {
  ...HPLC_REPORT,
  name: 'hplc_results',
  label: 'HPLC result',
  pluralLabel: 'HPLC results',
  api: '/api/production/hplc-results',
  area: 'production_hplc',
  channel: 'private-production.hplc',
  fields: hplcResultFields(),
};

/** production-summary: per day × product, the units each stage finished and their waste. */
export const PRODUCTION_SUMMARY = report(
  'production_summary_report',
  'Production summary',
  '/api/production/reports/production-summary',
  [
    when('day', 'Day', 'date'),
    ...productFields(false),
    units('orders', 'Orders', 80),
    ml('batched_ml', 'Batched ml'),
    units('bottled_units', 'Bottled'),
    units('bottling_waste_units', 'Bottling waste', 120),
    units('labeled_units', 'Labeled'),
    units('label_waste_units', 'Label waste'),
    units('stamped_units', 'Stamped'),
    units('stamping_waste_units', 'Stamping waste', 120),
    units('transferred_units', 'Transferred', 110),
    units('waste_units', 'Waste'),
    pct('waste_pct', 'Waste %'),
    ...productFilterFields(),
  ],
  { field: 'day', direction: 'desc' },
  'product_sku',
);

/** batching-summary: per day × product, batches finished, their ml and minutes. */
export const BATCHING_SUMMARY = report(
  'production_batching_summary',
  'Batching summary',
  '/api/production/reports/batching-summary',
  [
    when('day', 'Day', 'date'),
    ...productFields(false),
    units('batches', 'Batches', 90),
    ml('planned_ml', 'Planned ml'),
    ml('batch_ml', 'Batch ml'),
    num('avg_minutes', 'Avg minutes', 1, 110),
    ...productFilterFields(),
  ],
  { field: 'day', direction: 'desc' },
  'product_sku',
);

export const PRODUCTION_REPORT_ENTITIES: readonly EntityDeclaration[] = [
  LABEL_CHECKS,
  MASTER_PRODUCTION_REPORT,
  VOLUME_VARIANCE,
  HPLC_REPORT,
  HPLC_RESULTS,
  PRODUCTION_SUMMARY,
  BATCHING_SUMMARY,
];
