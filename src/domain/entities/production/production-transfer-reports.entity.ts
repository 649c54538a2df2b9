import { locationFields, productFields, productFilterFields } from '../../entity/shared-fields.ts';
import { TRANSFER_STATUSES } from '../stock/transfers.entity.ts';
import { productionReport } from './production-reports.entity.ts';
import {
  hiddenIdColumn,
  numberColumn,
  textColumn,
  timeColumn,
} from '../../entity/read-only-columns.ts';

// The transfer reports of Production (docs/domain/production.md §3.6): transfer-report (one row per
// transfer and order it carried: skids, units sent and received, dates, discrepancy), transfer-logs
// (the events of production transfers and skids, and each order's transfer_received) and
// pails-transfer-logs (every move of a pail). Read-only, filtered, exported like the others.

/** transfer-report: TR, from, to, skids, units, dates, discrepancy, per order carried. */
export const TRANSFER_REPORT = productionReport(
  'production_transfer_report',
  'Transfer report',
  '/api/production/reports/transfer-report',
  [
    textColumn('number', 'Transfer', 110),
    hiddenIdColumn('transfer_id', 'Transfer id'),
    hiddenIdColumn('production_order_id', 'Order id'),
    textColumn('production_order_number', 'Order', 110),
    ...productFields(false),
    ...locationFields('from_location_id', 'From', false),
    ...locationFields('to_location_id', 'To', false),
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      enumValues: TRANSFER_STATUSES,
      tag: true,
      readOnly: true,
      width: 130,
    },
    numberColumn('skid_count', 'Skids', 0, 80),
    numberColumn('units_sent', 'Sent', 0, 100),
    numberColumn('units_received', 'Received', 0, 100),
    numberColumn('discrepancy_units', 'Discrepancy', 0, 110),
    timeColumn('transfer_date', 'Date', 'date'),
    timeColumn('requested_date', 'Requested for', 'date'),
    timeColumn('shipped_at', 'Shipped'),
    timeColumn('received_at', 'Received at'),
    numberColumn('transit_hours', 'Transit h', 1, 100),
    ...productFilterFields(),
  ],
  { field: 'transfer_date', direction: 'desc' },
);

export const TRANSFER_LOG_KINDS = ['transfer', 'skid', 'order'] as const;

/** transfer-logs: each event of a production transfer, a skid, or an order's receipt. */
export const TRANSFER_LOGS = productionReport(
  'production_transfer_logs',
  'Transfer logs',
  '/api/production/reports/transfer-logs',
  [
    timeColumn('created_at', 'Time'),
    {
      name: 'kind',
      label: 'Of',
      kind: 'enum',
      enumValues: TRANSFER_LOG_KINDS,
      readOnly: true,
      width: 100,
    },
    textColumn('reference', 'Reference', 130),
    textColumn('event', 'Event', 140),
    textColumn('from_status', 'From', 130),
    textColumn('to_status', 'To', 130),
    numberColumn('transferred_units', 'Transferred', 0, 110),
    textColumn('reason', 'Reason', 200),
    textColumn('created_by_name', 'User', 150),
  ],
  { field: 'created_at', direction: 'desc' },
  'reference',
);

/** pails-transfer-logs: every move of a pail of bulk between places and phases. */
export const PAILS_TRANSFER_LOGS = productionReport(
  'pail_transfers',
  'Pails transfer logs',
  '/api/production/reports/pails-transfer-logs',
  [
    timeColumn('created_at', 'Time'),
    textColumn('pail_code', 'Pail', 100),
    hiddenIdColumn('production_order_id', 'Order id'),
    textColumn('production_order_number', 'Order', 110),
    ...productFields(false),
    textColumn('from_location_name', 'From', 150),
    textColumn('from_phase_code', 'From phase', 110),
    textColumn('to_location_name', 'To', 150),
    textColumn('to_phase_code', 'To phase', 110),
    numberColumn('volume_ml', 'Volume ml', 2, 120),
    textColumn('created_by_name', 'User', 150),
    ...productFilterFields(),
  ],
  { field: 'created_at', direction: 'desc' },
  'pail_code',
);

export const PRODUCTION_TRANSFER_REPORT_ENTITIES = [
  TRANSFER_REPORT,
  TRANSFER_LOGS,
  PAILS_TRANSFER_LOGS,
] as const;
