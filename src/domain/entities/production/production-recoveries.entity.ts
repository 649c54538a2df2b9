import { declareEntity } from '../../entity/entity-declaration.ts';
import {
  refWithLabel,
  createdFields,
  locationFields,
  lotFields,
  noteField,
  numberField,
  productFields,
  statusField,
} from '../../entity/shared-fields.ts';
import {
  RECOVERY_HPLC_STATUSES,
  RECOVERY_SOURCE_TYPES,
  RECOVERY_STATUSES,
} from './correction-values.ts';
import {
  enumColumn,
  hiddenIdColumn,
  textColumn,
  timeColumn,
} from '../../entity/read-only-columns.ts';

// Production recoveries RY- (docs/domain/production.md §3.2): finished units (or leftover bulk) of
// an order, a stamping order or a lot taken back into a new quarantine bulk lot, released or
// scrapped on its HPLC test (production-recovery.machine.ts). Drafts are edited by the recovery
// role: the source is the order or the lot picked; the lot and location may be left out for an
// order (posting takes the order's lot and where it is). Stamping orders are not recorded yet, so a
// stamping order source waits for them (its rejected bottles are recovered from their lot).

export const PRODUCTION_RECOVERIES = declareEntity({
  name: 'production_recoveries',
  label: 'Recovery',
  pluralLabel: 'Recoveries',
  api: '/api/production/recoveries',
  area: 'production_recoveries',
  channel: 'private-production.recoveries',
  event: 'recovery',
  labelField: 'number',
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    numberField('number', 'Number'),
    {
      name: 'source_type',
      label: 'Source',
      kind: 'enum',
      enumValues: RECOVERY_SOURCE_TYPES,
      defaultValue: 'production_order',
      required: true,
      width: 140,
    },
    // The source is picked as an order or a lot; its id is the server's to derive.
    ...refWithLabel(
      'production_order_id',
      'Order',
      'production_orders',
      'production_order_number',
      {
        width: 110,
      },
    ),
    {
      name: 'source_id',
      label: 'Source id',
      kind: 'number',
      precision: 0,
      readOnly: true,
      hidden: true,
    },
    textColumn('source_label', 'Source document', 130),
    ...productFields(),
    ...lotFields(),
    ...locationFields('location_id', 'Location', false),
    {
      name: 'units',
      label: 'Units',
      kind: 'number',
      precision: 0,
      min: 0,
      max: 10_000_000,
      defaultValue: 0,
      width: 90,
    },
    {
      name: 'recovered_ml',
      label: 'Recovered ml',
      kind: 'number',
      precision: 2,
      min: 0.01,
      max: 100_000_000,
      required: true,
      width: 120,
    },
    hiddenIdColumn('bulk_product_id', 'Bulk product id'),
    textColumn('bulk_product_sku', 'Bulk product', 140),
    hiddenIdColumn('target_lot_id', 'Recovered lot id'),
    textColumn('target_lot_no', 'Recovered lot', 130),
    enumColumn('hplc_status', 'HPLC', RECOVERY_HPLC_STATUSES, 100),
    statusField(RECOVERY_STATUSES),
    timeColumn('posted_at', 'Posted'),
    timeColumn('decided_at', 'Decided'),
    noteField,
    ...createdFields,
  ],
});
