import { declareEntity } from '../../entity/entity-declaration.ts';
import type { EventQuestion } from '../../entity/event-question.ts';
import type { LineItems } from '../../entity/line-fields.ts';
import {
  createdFields,
  locationFields,
  noteField,
  numberField,
  productFields,
  statusField,
} from '../../entity/shared-fields.ts';
import { DAILY_LINE_STATUSES, DAILY_ORDER_STATUSES } from './daily-order-values.ts';
import { ORDER_PRIORITIES, ORDER_STATUSES } from './production-order-values.ts';
import {
  enumColumn,
  hiddenIdColumn,
  textColumn,
  timeColumn,
} from '../../entity/read-only-columns.ts';

// Daily orders DO- (docs/domain/production.md §3.2): a destination's request for finished goods on
// a day, one line per product. Written as a document (daily-order.machine.ts): edited while draft,
// then submitted, accepted into draft production orders (one per line), and followed as those
// orders move. The `lines_*` counts are what the machine's guards read in the browser.

const count = <const N extends string>(name: N, label: string) => ({
  ...hiddenIdColumn(name, label),
  listOnly: true,
});

export const DAILY_ORDERS = declareEntity({
  name: 'daily_orders',
  label: 'Daily order',
  pluralLabel: 'Daily orders',
  api: '/api/production/daily-orders',
  area: 'production_daily_orders',
  writeArea: 'production_daily_orders_edit',
  channel: 'private-production.daily-orders',
  event: 'daily_order',
  labelField: 'number',
  searchable: {
    fields: ['number', 'location_name'],
    page: '/production/daily-orders',
    form: '/production/daily-order',
  },
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    numberField('number', 'Number'),
    { name: 'order_date', label: 'Order date', kind: 'date', required: true, width: 120 },
    ...locationFields('location_id', 'Destination'),
    statusField(DAILY_ORDER_STATUSES),
    {
      name: 'requested_by_name',
      label: 'Requested by',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 140,
    },
    timeColumn('submitted_at', 'Submitted'),
    {
      name: 'accepted_by_name',
      label: 'Accepted by',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 140,
    },
    timeColumn('accepted_at', 'Accepted'),
    count('lines_total', 'Lines'),
    count('lines_open', 'Open lines'),
    count('lines_planned', 'Planned lines'),
    count('lines_fulfilled', 'Fulfilled lines'),
    count('lines_cancelled', 'Cancelled lines'),
    {
      name: 'orders_started',
      label: 'Orders started',
      kind: 'boolean',
      readOnly: true,
      hidden: true,
    },
    noteField,
    ...createdFields,
  ],
});

/** A line: a finished good and its units; accepting links it to its production order. */
export const DAILY_ORDER_LINES = declareEntity({
  name: 'daily_order_lines',
  label: 'Daily order line',
  pluralLabel: 'Daily order lines',
  api: '/api/production/daily-orders',
  area: 'production_daily_orders',
  channel: 'private-production.daily-orders',
  event: 'daily_order',
  labelField: 'product_sku',
  writable: false,
  fields: [
    ...productFields(),
    {
      name: 'qty_units',
      label: 'Units',
      kind: 'number',
      precision: 0,
      min: 1,
      max: 10_000_000,
      required: true,
      width: 100,
    },
    {
      name: 'priority',
      label: 'Priority',
      kind: 'enum',
      enumValues: ORDER_PRIORITIES,
      defaultValue: 'normal',
      required: true,
      width: 130,
    },
    hiddenIdColumn('production_order_id', 'Production order id'),
    textColumn('production_order_number', 'Production order', 130),
    enumColumn('production_order_status', 'Order status', ORDER_STATUSES),
    enumColumn('line_status', 'Line status', DAILY_LINE_STATUSES),
  ],
});

export const DAILY_ORDER_LINE_ITEMS: LineItems = {
  name: 'lines',
  label: 'Lines',
  fields: DAILY_ORDER_LINES.fields,
  minLines: 1,
};

/**
 * What accepting asks the planner: the flow the production orders follow. Left empty, each
 * line goes on the oldest active flow that can make its product (stamped goods need a
 * stamping step).
 */
export const DAILY_ORDER_ACCEPT_QUESTION: EventQuestion = {
  fields: [
    {
      name: 'flow_id',
      label: 'Flow',
      kind: 'ref',
      ref: { entity: 'flows', labelField: 'flow_name' },
    },
  ],
  note: 'Leave the flow empty and each line goes on the oldest active flow that can make it.',
};
