import { declareEntity } from '../../entity/entity-declaration.ts';
import { listText, type EntityField } from '../../entity/entity-field.ts';
import { rowOf, type RowOf } from '../../entity/row-of.ts';
import type { EntityRow } from '../entity-row.ts';
import {
  refWithLabel,
  createdFields,
  noteField,
  numberField,
  productFields,
  qtyField,
  statusField,
} from '../../entity/shared-fields.ts';
import {
  DUE_DATE_FIELD,
  orderMoment,
  orderStageField,
  orderUnits,
  PLANNED_UNITS_FIELD,
  STAGE_SINCE_FIELD,
} from './line-order-fields.ts';
import {
  HPLC_STATUSES,
  OPERATION_STATUSES,
  ORDER_PRIORITIES,
  ORDER_STAGES,
  ORDER_STATUSES,
} from './production-order-values.ts';

// Production orders MO- (docs/domain/production.md §3.2): planned as drafts by planning, then moved
// by workflow events only (production-order.machine.ts). Read by the production roles; the
// dashboards read the same rows with what a card shows (product strength, elapsed time, cart).

const hiddenId = <const N extends string>(name: N, label: string): EntityField<N, 'number'> => ({
  name,
  label,
  kind: 'number',
  precision: 0,
  readOnly: true,
  hidden: true,
});

const readOnlyText = <const N extends string>(name: N, label: string, width = 140) =>
  listText(name, label, { width });

export const PRODUCTION_ORDERS = declareEntity({
  name: 'production_orders',
  label: 'Production order',
  pluralLabel: 'Production orders',
  api: '/api/production/production-orders',
  area: 'production_orders',
  writeArea: 'production_order_admin',
  channel: 'private-production.orders',
  event: 'order',
  labelField: 'number',
  searchable: {
    fields: ['number', 'product_sku', 'product_name', 'batch_lot_no'],
    page: '/production/production-orders',
    // A hit opens the order's detail page: its whole story.
    form: '/production/production-orders',
  },
  defaultSort: { field: 'number', direction: 'desc' },
  fields: [
    numberField('number', 'Number'),
    ...productFields(),
    {
      name: 'nicotine_mg',
      label: 'mg',
      kind: 'number',
      precision: 3,
      readOnly: true,
      listOnly: true,
      width: 80,
    },
    {
      name: 'volume_ml',
      label: 'ml',
      kind: 'number',
      precision: 2,
      readOnly: true,
      listOnly: true,
      width: 80,
    },
    ...refWithLabel('flow_id', 'Flow', 'flows', 'flow_name', { required: true, width: 150 }),
    PLANNED_UNITS_FIELD,
    {
      name: 'planned_ml',
      label: 'Planned ml',
      kind: 'number',
      precision: 2,
      readOnly: true,
      width: 120,
    },
    DUE_DATE_FIELD,
    {
      name: 'priority',
      label: 'Priority',
      kind: 'enum',
      enumValues: ORDER_PRIORITIES,
      defaultValue: 'normal',
      required: true,
      width: 100,
    },
    statusField(ORDER_STATUSES),
    orderStageField(ORDER_STAGES),
    {
      name: 'hplc_status',
      label: 'HPLC',
      kind: 'enum',
      enumValues: HPLC_STATUSES,
      tag: true,
      readOnly: true,
      width: 110,
    },
    readOnlyText('recipe_code', 'Recipe', 120),
    readOnlyText('batch_lot_no', 'Batch lot', 120),
    {
      name: 'actual_batch_ml',
      label: 'Batch ml',
      kind: 'number',
      precision: 2,
      readOnly: true,
      width: 110,
    },
    orderUnits('bottled_units', 'Bottled'),
    orderUnits('bottling_waste_units', 'Bottling waste'),
    orderUnits('labeled_units', 'Labeled'),
    orderUnits('label_waste_units', 'Label waste'),
    orderUnits('stamped_units', 'Stamped'),
    orderUnits('stamping_waste_units', 'Stamping waste'),
    orderUnits('transferred_units', 'Transferred'),
    { name: 'hold_reason', label: 'Hold reason', kind: 'text', readOnly: true, width: 180 },
    hiddenId('recipe_id', 'Recipe id'),
    hiddenId('batch_lot_id', 'Batch lot id'),
    // Facts the browser's action list reads (production-order.machine.ts).
    {
      name: 'previous_status',
      label: 'Before hold',
      kind: 'enum',
      enumValues: ORDER_STATUSES,
      readOnly: true,
      hidden: true,
    },
    {
      name: 'submitted_by',
      label: 'Submitted by',
      kind: 'number',
      precision: 0,
      readOnly: true,
      hidden: true,
      listOnly: true,
    },
    readOnlyText('flow_phases', 'Phases', 200),
    {
      name: 'picks_complete',
      label: 'Picked',
      kind: 'boolean',
      readOnly: true,
      hidden: true,
      listOnly: true,
    },
    {
      name: 'open_corrections',
      label: 'Open corrections',
      kind: 'number',
      precision: 0,
      readOnly: true,
      hidden: true,
      listOnly: true,
    },
    {
      name: 'last_label_check',
      label: 'Last label check',
      kind: 'text',
      readOnly: true,
      hidden: true,
      listOnly: true,
    },
    // What a dashboard card shows.
    readOnlyText('cart_code', 'Cart', 100),
    readOnlyText('operator_name', 'Operator', 140),
    STAGE_SINCE_FIELD,
    orderMoment('started_at', 'Started'),
    orderMoment('completed_at', 'Completed'),
    noteField,
    ...createdFields,
  ],
});

/** The ingredients an order was released with: the recipe scaled to its planned ml. */
export const PRODUCTION_ORDER_INGREDIENTS = declareEntity({
  name: 'production_order_ingredients',
  label: 'Ingredient',
  pluralLabel: 'Ingredients',
  api: '/api/production/production-orders',
  area: 'production_orders',
  channel: 'private-production.orders',
  event: 'order',
  labelField: 'product_sku',
  writable: false,
  fields: [
    ...productFields(),
    { name: 'percentage', label: '%', kind: 'number', precision: 4, readOnly: true, width: 90 },
    qtyField('required_qty', 'Required', { readOnly: true }),
    qtyField('picked_qty', 'Picked', { readOnly: true }),
    qtyField('consumed_qty', 'Consumed', { readOnly: true }),
  ],
});

/** One lot and bin an ingredient is picked from (FEFO suggestion at release). */
export const BATCHING_PICKS = declareEntity({
  name: 'batching_picks',
  label: 'Pick',
  pluralLabel: 'Picks',
  api: '/api/production/production-orders',
  area: 'production_orders',
  channel: 'private-production.orders',
  event: 'order',
  labelField: 'product_sku',
  writable: false,
  fields: [
    ...productFields(),
    ...refWithLabel('lot_id', 'Lot', 'stock_lots', 'lot_no', { width: 130 }),
    ...refWithLabel('bin_id', 'Bin', 'bins', 'bin_code', { width: 100 }),
    qtyField('required_qty', 'Required', { readOnly: true }),
    qtyField('picked_qty', 'Picked'),
    readOnlyText('picked_by_name', 'Picked by'),
  ],
});

/** An order's operations, one per step of its flow (docs/domain/production.md §3.2). */
export const PRODUCTION_ORDER_OPERATIONS = declareEntity({
  name: 'production_order_operations',
  label: 'Operation',
  pluralLabel: 'Operations',
  api: '/api/production/production-orders',
  area: 'production_orders',
  channel: 'private-production.orders',
  event: 'operation',
  labelField: 'operation_name',
  writable: false,
  fields: [
    { name: 'seq', label: '#', kind: 'number', precision: 0, readOnly: true, width: 60 },
    readOnlyText('phase_code', 'Phase', 110),
    readOnlyText('operation_name', 'Operation', 180),
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      enumValues: OPERATION_STATUSES,
      tag: true,
      readOnly: true,
      width: 120,
    },
    readOnlyText('assigned_to_name', 'Operator'),
    orderMoment('started_at', 'Started'),
    orderMoment('finished_at', 'Finished'),
    orderUnits('qty_good', 'Good'),
    orderUnits('qty_waste', 'Waste'),
  ],
});

/**
 * The open orders as the production dashboard reads them: the same rows for everyone the
 * dashboard row of docs/product.md §6 names (supervisors, requesters and recovery too), read-only,
 * on the dashboard's own channel.
 */
export const DASHBOARD_ORDERS = declareEntity({
  ...PRODUCTION_ORDERS,
  name: 'production_dashboard_orders',
  // Ctrl+K finds these rows once, as the entity they are a view of.
  searchable: undefined,
  api: '/api/production/dashboard/orders',
  area: 'production_dashboard',
  writeArea: undefined,
  channel: 'private-production.dashboard',
  writable: false,
});

export type ProductionOrderRow = RowOf<typeof PRODUCTION_ORDERS>;

/** An open order as the dashboard reads it; a read model, so its type lets every field be null. */
export type DashboardOrderRow = RowOf<typeof DASHBOARD_ORDERS>;

/** A row the generic document code read as a production order. */
export const productionOrderDoc = (doc: EntityRow): ProductionOrderRow =>
  rowOf(PRODUCTION_ORDERS, doc);
