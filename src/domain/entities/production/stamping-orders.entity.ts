import { declareEntity } from '../../entity/entity-declaration.ts';
import {
  refWithLabel,
  createdFields,
  noteField,
  numberField,
  productFields,
} from '../../entity/shared-fields.ts';
import { MODULE_FIELD } from './production-fields.ts';
import {
  hiddenIdColumn,
  textColumn,
  timeColumn,
  unitsColumn,
} from '../../entity/read-only-columns.ts';
import { STAMPING_ORDER_STATUSES } from './stamping-order-values.ts';

// Product stamping orders ST- (docs/domain/production.md §3.2): excise stamps applied to bottles,
// either the stamping stage of a production order or a restamp of stock (no order: the unstamped
// SKU is consumed and the stamped one produced). The stamper plans them here; the counts are
// written by the workflow (stamping-order.machine.ts) from the start and finish pages, never
// edited.

const stamps = <const N extends string>(name: N, label: string) => unitsColumn(name, label, 100);

export const STAMPING_ORDERS = declareEntity({
  name: 'product_stamping_orders',
  label: 'Stamping order',
  pluralLabel: 'Stamping orders',
  api: '/api/production/product-stamping-orders',
  area: 'production_stamping_orders',
  channel: 'private-production.stamping',
  event: 'stamping',
  labelField: 'number',
  // `save` puts the plan ready; the form above the bar has its own Save for the plan.
  eventLabels: { save: 'Mark ready' },
  searchable: {
    fields: ['number', 'production_order_number', 'product_sku', 'lot_no'],
    page: '/production/product-stamping-orders',
  },
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    numberField('number', 'Number'),
    MODULE_FIELD,
    ...refWithLabel('production_order_id', 'MO', 'production_orders', 'production_order_number', {
      width: 110,
    }),
    ...refWithLabel('source_product_id', 'Unstamped SKU', 'products', 'source_product_sku', {
      width: 150,
    }),
    ...productFields().map((f) => (f.name === 'product_sku' ? { ...f, label: 'Stamped SKU' } : f)),
    ...refWithLabel('lot_id', 'Lot', 'stock_lots', 'lot_no', { width: 110 }),
    ...refWithLabel('location_id', 'Location', 'locations', 'location_name', { width: 140 }),
    ...refWithLabel('bin_id', 'Bin', 'bins', 'bin_code', { width: 90 }),
    ...refWithLabel(
      'stamp_jurisdiction_id',
      'Jurisdiction',
      'parameters',
      'stamp_jurisdiction_name',
      { required: true, width: 120, parameterType: 'stamp_jurisdiction' },
    ),
    ...refWithLabel('machine_id', 'Stamper machine', 'stamping_machines', 'machine_code', {
      required: true,
      width: 130,
    }),
    {
      name: 'planned_units',
      label: 'Planned units',
      kind: 'number',
      precision: 0,
      min: 1,
      max: 10_000_000,
      required: true,
      width: 110,
    },
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      enumValues: STAMPING_ORDER_STATUSES,
      tag: true,
      readOnly: true,
      width: 120,
    },
    { ...hiddenIdColumn('counter_start', 'Counter start'), hidden: false, width: 110 },
    { ...hiddenIdColumn('counter_end', 'Counter end'), hidden: false, width: 110 },
    stamps('applied_stamps', 'Applied'),
    stamps('wasted_stamps', 'Wasted'),
    stamps('damaged_stamps', 'Damaged'),
    stamps('returned_stamps', 'Returned'),
    stamps('wasted_bottles', 'Wasted bottles'),
    stamps('stamped_units', 'Stamped'),
    textColumn('reel_nos', 'Reels', 160),
    textColumn('stamper_name', 'Stamper', 140),
    timeColumn('started_at', 'Started'),
    timeColumn('finished_at', 'Finished'),
    // The machine's status, for the save guard the browser runs too.
    { ...textColumn('machine_status', 'Machine status'), hidden: true },
    { ...textColumn('cancel_reason', 'Cancel reason', 200), hidden: true },
    // What the finish page reconciles against: the machine's counter now and the tolerance.
    { ...hiddenIdColumn('machine_counter', 'Machine counter'), listOnly: true },
    { ...hiddenIdColumn('counter_tolerance', 'Counter tolerance'), listOnly: true },
    noteField,
    { ...hiddenIdColumn('created_by', 'Created by id'), listOnly: true },
    ...createdFields,
  ],
});
