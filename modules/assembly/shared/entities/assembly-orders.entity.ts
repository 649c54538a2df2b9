import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../../src/domain/entity/entity-field.ts';
import type { EventQuestion } from '../../../../src/domain/entity/event-question.ts';
import { rowOf, type RowOf } from '../../../../src/domain/entity/row-of.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';
import {
  refWithLabel,
  createdFields,
  MEASURE_CODE,
  noteField,
  numberField,
  productFields,
  qtyField,
  statusField,
} from '../../../../src/domain/entity/shared-fields.ts';
import {
  DUE_DATE_FIELD,
  orderMoment,
  orderStageField,
  orderUnits,
  PLANNED_UNITS_FIELD,
  STAGE_SINCE_FIELD,
} from '../../../../src/domain/entities/production/line-order-fields.ts';
import { STAMP_REELS } from '../../../../src/domain/entities/production/stamp-reels.entity.ts';
import { ASSEMBLY_ORDER_STATUSES, ASSEMBLY_STAGES } from './assembly-order-values.ts';

// Assembly orders AO- (docs/domain/assembly.md §4): kits planned as drafts by admin, then moved by
// workflow events only (assembly-order.machine.ts): admin releases, holds and closes; each crew
// moves the order out of its stage from the assembly dashboard, shipping from its own.

const fact = <const N extends string>(name: N, label: string): EntityField<N, 'boolean'> => ({
  name,
  label,
  kind: 'boolean',
  readOnly: true,
  hidden: true,
  listOnly: true,
});

/** The unit a component's quantities are counted in (qtyField's unitField), read only. */
/** The kit a row is about: a product of type kit, the only kind its picker offers. */
const kitFields = () =>
  productFields().map((f) =>
    f.name === 'product_id' && f.ref
      ? { ...f, label: 'Kit', ref: { ...f.ref, parameterType: 'kit' } }
      : f,
  );

const measureCodeField: EntityField<typeof MEASURE_CODE, 'text'> = {
  name: MEASURE_CODE,
  label: 'Unit',
  kind: 'text',
  readOnly: true,
  listOnly: true,
  hidden: true,
  width: 70,
};

const count = (name: string, label: string, min: number): EntityField => ({
  name,
  label,
  kind: 'number',
  precision: 0,
  min,
  max: 1_000_000,
  required: true,
});

export const ASSEMBLY_ORDERS = declareEntity({
  name: 'assembly_orders',
  label: 'Assembly order',
  pluralLabel: 'Assembly orders',
  api: '/api/assembly/assembly-orders',
  area: 'assembly',
  channel: 'private-assembly.orders',
  event: 'order',
  labelField: 'number',
  searchable: {
    fields: ['number', 'product_sku', 'product_name'],
    page: '/assembly/assembly-orders',
  },
  defaultSort: { field: 'number', direction: 'desc' },
  eventLabels: { transfer: 'Mark transferred' },
  fields: [
    numberField('number', 'Number'),
    ...kitFields(),
    ...refWithLabel('flow_id', 'Flow', 'assembly_flows', 'flow_name', {
      required: true,
      width: 150,
    }),
    PLANNED_UNITS_FIELD,
    DUE_DATE_FIELD,
    ...refWithLabel(
      'stamp_jurisdiction_id',
      'Jurisdiction',
      'parameters',
      'stamp_jurisdiction_name',
      { required: true, width: 120, parameterType: 'stamp_jurisdiction' },
    ),
    statusField(ASSEMBLY_ORDER_STATUSES),
    orderStageField(ASSEMBLY_STAGES),
    orderUnits('sealed_units', 'Sealed'),
    orderUnits('sealing_waste', 'Sealing waste'),
    orderUnits('stamped_units', 'Stamped'),
    orderUnits('stamping_waste', 'Stamping waste'),
    orderUnits('cartoned_units', 'Cartoned'),
    orderUnits('cartoning_waste', 'Cartoning waste'),
    { name: 'hold_reason', label: 'Hold reason', kind: 'text', readOnly: true, width: 180 },
    // Facts the browser's action list reads (assembly-order.machine.ts).
    {
      name: 'previous_status',
      label: 'Before hold',
      kind: 'enum',
      enumValues: ASSEMBLY_ORDER_STATUSES,
      readOnly: true,
      hidden: true,
    },
    fact('has_components', 'Has components'),
    fact('has_consumption', 'Components consumed'),
    STAGE_SINCE_FIELD,
    orderMoment('released_at', 'Released'),
    orderMoment('completed_at', 'Completed'),
    noteField,
    ...createdFields,
  ],
});

/** The components an order was released with: the kit's bill scaled to its planned units. */
export const ASSEMBLY_ORDER_COMPONENTS = declareEntity({
  name: 'assembly_order_components',
  label: 'Component',
  pluralLabel: 'Components',
  api: '/api/assembly/assembly-orders',
  area: 'assembly',
  channel: 'private-assembly.orders',
  event: 'order',
  labelField: 'product_sku',
  writable: false,
  fields: [
    ...productFields(),
    qtyField('qty_per_unit', 'Per kit', { readOnly: true }),
    qtyField('required_qty', 'Required', { readOnly: true }),
    qtyField('consumed_qty', 'Consumed', { readOnly: true }),
    measureCodeField,
  ],
});

/**
 * The open orders as the assembly dashboard reads them: the same rows for the crews the
 * dashboard row of docs/product.md §6 names, read-only, on the orders' channel.
 */
export const ASSEMBLY_DASHBOARD_ORDERS = declareEntity({
  ...ASSEMBLY_ORDERS,
  fields: [
    ...ASSEMBLY_ORDERS.fields,
    // Why an order not yet sealed waits: its components free stock no longer covers.
    { name: 'waiting_for', label: 'Waiting for', kind: 'text', readOnly: true, width: 260 },
  ],
  name: 'assembly_dashboard_orders',
  searchable: undefined,
  api: '/api/assembly/dashboard/orders',
  area: 'assembly_dashboard',
  writable: false,
});

/** Orders cartoned into stock (their kits ship on sales orders), as shipping's board reads them. */
export const ASSEMBLY_SHIPPING_ORDERS = declareEntity({
  ...ASSEMBLY_ORDERS,
  name: 'assembly_shipping_orders',
  searchable: undefined,
  api: '/api/assembly/shipping/orders',
  area: 'assembly_shipping',
  channel: 'private-assembly.shipping',
  writable: false,
});

/**
 * The assembly reels a stamper may take at the line (available, or in use with stamps left):
 * the reels' rows, read-only, for the floor's picker. Assembly stamps at the line, so its
 * stamper takes a reel without a stamping order's request and issue (docs/domain/assembly.md §4
 * decision).
 */
export const ASSEMBLY_LINE_REELS = declareEntity({
  ...STAMP_REELS,
  name: 'assembly_line_reels',
  label: 'Line reel',
  pluralLabel: 'Line reels',
  api: '/api/assembly/dashboard/reels',
  area: 'assembly_dashboard',
  writeArea: undefined,
  channel: 'private-assembly.stamping',
  searchable: undefined,
  writable: false,
  defaultSort: { field: 'reel_no', direction: 'asc' },
});

/** What each crew types when it finishes its stage: the counts it passes on and its waste. */
export const ASSEMBLY_STAGE_QUESTIONS: Readonly<Record<string, EventQuestion>> = {
  finish_sealing: {
    fields: [count('sealed_units', 'Sealed units', 1), count('sealing_waste', 'Sealing waste', 0)],
    note: 'The components of the sealed and wasted kits are consumed from stock.',
  },
  finish_stamping: {
    fields: [
      {
        name: 'reel_id',
        label: 'Reel',
        kind: 'ref',
        ref: { entity: 'assembly_line_reels', labelField: 'reel_no' },
        required: true,
      },
      count('stamped_units', 'Stamped units', 0),
      count('stamping_waste', 'Stamping waste', 0),
      { ...count('damaged_stamps', 'Damaged stamps', 0), required: false },
      { name: 'damage_reason', label: 'Damage reason', kind: 'text', maxLength: 500 },
    ],
    note: 'Stamped and wasted units may not exceed the units sealed; their stamps come off the reel.',
  },
  finish_cartoning: {
    fields: [
      count('cartoned_units', 'Cartoned units', 0),
      count('cartoning_waste', 'Cartoning waste', 0),
    ],
    note: 'The cartoned kits go into stock; they may not exceed the units stamped.',
  },
};

/**
 * A kit's bill of components (docs/domain/inventory.md §2 product_components): what one kit
 * consumes.
 */
export const KIT_COMPONENTS = declareEntity({
  name: 'product_components',
  label: 'Kit component',
  pluralLabel: 'Kit components',
  api: '/api/assembly/kit-components',
  area: 'assembly',
  channel: 'private-assembly.kit-components',
  event: 'kit_component',
  labelField: 'component_product_sku',
  defaultSort: { field: 'product_sku', direction: 'asc' },
  fields: [
    ...kitFields().map((f) =>
      f.name === 'product_id' ? { ...f, width: 170 } : { ...f, label: 'Kit name' },
    ),
    ...refWithLabel('component_product_id', 'Component', 'products', 'component_product_sku', {
      required: true,
      width: 150,
    }),
    {
      name: 'component_product_name',
      label: 'Component name',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 220,
    },
    qtyField('qty_per_unit', 'Per kit', { required: true, min: 0.001, max: 1_000_000 }),
    measureCodeField,
  ],
});

export type AssemblyOrderRow = RowOf<typeof ASSEMBLY_ORDERS>;
export type AssemblyOrderComponentRow = RowOf<typeof ASSEMBLY_ORDER_COMPONENTS>;

/** An assembly order as its reads answer it: the row with its release snapshot of components. */
export type AssemblyOrderDoc = AssemblyOrderRow & { components?: AssemblyOrderComponentRow[] };

/** A row the generic entity code read as an assembly order (its binding, its event pipeline). */
export const assemblyOrderDoc = (row: EntityRow): AssemblyOrderDoc => rowOf(ASSEMBLY_ORDERS, row);
