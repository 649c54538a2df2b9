import {
  FIGURE_COLUMNS,
  type ReconciliationRow,
  type StampReconciliation,
} from '../../src/domain/entities/production/stamp-reconciliation.ts';

// The month's reconciliation as the rows every file of it carries (CSV, XLSX, PDF): one line per
// jurisdiction in the order a licensee files the figures, then the counted stock, the
// difference and its reason; and the reels and orders that make each jurisdiction's book.

export type Cell = string | number | null;

export const SUMMARY_HEADINGS = [
  'Month',
  'Jurisdiction code',
  'Jurisdiction',
  ...FIGURE_COLUMNS.map((c) => c.label),
  'Counted',
  'Difference',
  'Reason',
  'Status',
] as const;

export function summaryLines(reading: StampReconciliation): Cell[][] {
  return reading.rows.map((row) => [
    reading.month,
    row.jurisdiction_code,
    row.jurisdiction_name,
    ...FIGURE_COLUMNS.map((c) => row[c.key]),
    row.counted,
    row.difference,
    row.reason,
    reading.status,
  ]);
}

export const REEL_HEADINGS = [
  'Jurisdiction code',
  'Reel no.',
  'Stamp type',
  ...FIGURE_COLUMNS.map((c) => c.label),
] as const;

export function reelLines(rows: readonly ReconciliationRow[]): Cell[][] {
  return rows.flatMap((row) =>
    row.reels.map((reel) => [
      row.jurisdiction_code,
      reel.reel_no,
      reel.stamp_type_name,
      ...FIGURE_COLUMNS.map((c) => reel[c.key]),
    ]),
  );
}

export const ORDER_HEADINGS = [
  'Jurisdiction code',
  'Order',
  'Reel no.',
  'Applied',
  'Wasted',
  'Damaged',
  'Returned',
] as const;

export function orderLines(rows: readonly ReconciliationRow[]): Cell[][] {
  return rows.flatMap((row) =>
    row.orders.map((o) => [
      row.jurisdiction_code,
      o.number,
      o.reel_no,
      o.applied,
      o.wasted,
      o.damaged,
      o.returned,
    ]),
  );
}

/** `stamp-reconciliation-2026-10.csv` */
export const reconciliationFileName = (month: string, format: string) =>
  `stamp-reconciliation-${month}.${format}`;
