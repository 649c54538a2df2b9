import type { EntityDeclaration } from '../../../../src/domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../../src/domain/entity/entity-field.ts';
import { productFields, productFilterFields } from '../../../../src/domain/entity/shared-fields.ts';
import { REEL_STATUSES } from '../../../../src/domain/entities/production/stamp-reel-values.ts';
import {
  enumColumn,
  hiddenIdColumn,
  numberColumn,
  textColumn,
  timeColumn,
  unitsColumn,
} from '../../../../src/domain/entity/read-only-columns.ts';

// Assembly's reports (docs/domain/assembly.md §4), over the views of the assembly reports
// migration: the stamping the line did on its orders, each assembly reel's stamps, and every
// damaged stamp. Admin only, like the rest of the Assembly section (docs/product.md §6).

// Each report keeps its fields' literal names and kinds in its type, so RowOf names its columns
// (docs/architecture.md "Entities"); `writable: false` makes every one of them nullable.
const report = <const F extends readonly EntityField[]>(
  name: string,
  label: string,
  path: string,
  fields: F,
  defaultSort: EntityDeclaration['defaultSort'],
  labelField: string,
): EntityDeclaration<F> & { readonly writable: false } => ({
  name,
  label,
  pluralLabel: label,
  api: `/api/assembly/reports/${path}`,
  area: 'assembly',
  channel: 'private-assembly.stamping',
  event: 'stamping',
  labelField,
  defaultSort,
  writable: false,
  fields,
});

const jurisdiction = [
  hiddenIdColumn('stamp_jurisdiction_id', 'Jurisdiction id'),
  textColumn('stamp_jurisdiction_name', 'Jurisdiction', 120),
];

const order = [hiddenIdColumn('assembly_order_id', 'Order id'), textColumn('number', 'Order', 110)];

/** reports/stamping: every stamping the line finished, with its reel and counts. */
export const ASSEMBLY_STAMPING_REPORT = report(
  'assembly_stamping_log',
  'Assembly stamping',
  'stamping',
  [
    timeColumn('created_at', 'Time'),
    timeColumn('day', 'Day', 'date'),
    ...order,
    ...productFields(false),
    ...jurisdiction,
    hiddenIdColumn('reel_id', 'Reel id'),
    textColumn('reel_no', 'Reel', 120),
    unitsColumn('stamped', 'Stamped'),
    unitsColumn('wasted', 'Wasted'),
    unitsColumn('damaged', 'Damaged'),
    hiddenIdColumn('user_id', 'User id'),
    textColumn('user_name', 'Stamper', 140),
    ...productFilterFields(),
  ],
  { field: 'created_at', direction: 'desc' },
  'number',
);

/** reports/reels-summary: per assembly reel, its stamps and the orders that took them. */
export const ASSEMBLY_REELS_SUMMARY = report(
  'assembly_reels_summary',
  'Reels summary',
  'reels-summary',
  [
    textColumn('reel_no', 'Reel', 130),
    ...jurisdiction,
    enumColumn('status', 'Status', REEL_STATUSES),
    numberColumn('first_serial', 'First serial', 0, 130),
    numberColumn('last_serial', 'Last serial', 0, 130),
    unitsColumn('stamps_qty', 'Qty'),
    unitsColumn('applied', 'Applied'),
    unitsColumn('wasted', 'Wasted'),
    unitsColumn('damaged', 'Damaged'),
    unitsColumn('remaining_qty', 'Remaining', 110),
    textColumn('orders', 'Orders', 240),
  ],
  { field: 'reel_no', direction: 'asc' },
  'reel_no',
);

/** reports/damaged-stamps: each damage written off an assembly reel, why, and by whom. */
export const ASSEMBLY_DAMAGED_STAMPS = report(
  'assembly_damaged_stamps',
  'Damaged stamps',
  'damaged-stamps',
  [
    timeColumn('created_at', 'Date'),
    timeColumn('day', 'Day', 'date'),
    hiddenIdColumn('reel_id', 'Reel id'),
    textColumn('reel_no', 'Reel', 130),
    numberColumn('first_serial', 'First serial', 0, 130),
    numberColumn('last_serial', 'Last serial', 0, 130),
    unitsColumn('qty', 'Qty'),
    textColumn('reason', 'Reason', 220),
    ...order,
    hiddenIdColumn('user_id', 'User id'),
    textColumn('user_name', 'User', 140),
  ],
  { field: 'created_at', direction: 'desc' },
  'reel_no',
);

export const ASSEMBLY_REPORT_ENTITIES: readonly EntityDeclaration[] = [
  ASSEMBLY_STAMPING_REPORT,
  ASSEMBLY_REELS_SUMMARY,
  ASSEMBLY_DAMAGED_STAMPS,
];
