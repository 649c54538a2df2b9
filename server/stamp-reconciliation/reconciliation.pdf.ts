import type { Letterhead } from '../../src/domain/entities/purchase/purchase-order-print.ts';
import {
  FIGURE_COLUMNS,
  monthLabel,
  type MonthFigures,
  type ReconciliationRow,
  type StampReconciliation,
} from '../../src/domain/entities/production/stamp-reconciliation.ts';
import { formatInteger } from '../../src/domain/formats/number.format.ts';
import {
  letterhead,
  section,
  table,
  writePageNumbers,
  type Column,
} from '../purchase-pdf/pdf-blocks.ts';
import { finish, newSheet } from '../purchase-pdf/pdf-sheet.ts';

// The month's stamp reconciliation on the company's letterhead, in the shape a licensee files
// it: per jurisdiction the opening, what came in and went out, the book closing, the stamps
// counted and the difference; then every difference with its reason, and the reels and orders
// behind each jurisdiction that has one.

export type ReconciliationPdfInput = { reading: StampReconciliation; company: Letterhead };

const SHORT: Record<string, string> = { destroyed: 'Destroyed' };
const figure = (key: string, title: string, width = 39): Column => ({
  key,
  title: SHORT[key] ?? title,
  width,
  align: 'right',
});

const SUMMARY: readonly Column[] = [
  { key: 'jurisdiction', title: 'Jurisdiction', width: 60, align: 'left' },
  ...FIGURE_COLUMNS.map((c) => figure(c.key, c.label)),
  figure('counted', 'Counted'),
  figure('difference', 'Diff.'),
];

const REELS: readonly Column[] = [
  { key: 'reel_no', title: 'Reel', width: 76, align: 'left' },
  ...FIGURE_COLUMNS.map((c) => figure(c.key, c.label, 44)),
];

const ORDERS: readonly Column[] = [
  { key: 'number', title: 'Order', width: 110, align: 'left' },
  { key: 'reel_no', title: 'Reel', width: 110, align: 'left' },
  figure('applied', 'Applied', 60),
  figure('wasted', 'Wasted', 60),
  figure('damaged', 'Damaged', 60),
  figure('returned', 'Returned', 60),
];

const n = (value: number | null) => (value === null ? '—' : formatInteger(value));
const signed = (value: number | null) =>
  value === null ? '—' : value > 0 ? `+${formatInteger(value)}` : formatInteger(value);

function figures(source: MonthFigures): Record<string, string> {
  return Object.fromEntries(FIGURE_COLUMNS.map((c) => [c.key, n(source[c.key])]));
}

const hasDifference = (row: ReconciliationRow) => row.difference !== null && row.difference !== 0;

export async function stampReconciliationPdf({
  reading,
  company,
}: ReconciliationPdfInput): Promise<Buffer> {
  const title = `Stamp reconciliation ${reading.month}`;
  const sheet = newSheet(title, company.name);
  const closed =
    reading.status === 'closed' && reading.closed_at
      ? `Closed ${reading.closed_at.slice(0, 10)} by ${reading.closed_by_name ?? '—'}`
      : 'Open: not yet closed';
  let y = letterhead(sheet, company, 'STAMP RECONCILIATION', monthLabel(reading.month), [
    'Excise stamps per jurisdiction',
    closed,
  ]);
  y = table(
    sheet,
    SUMMARY,
    reading.rows.map((row) => ({
      jurisdiction: `${row.jurisdiction_code} ${row.jurisdiction_name}`,
      ...figures(row),
      counted: n(row.counted),
      difference: signed(row.difference),
    })),
    y,
  );
  const differences = reading.rows.filter(hasDifference);
  y = section(
    sheet,
    'DIFFERENCES AND THEIR REASONS',
    differences.length === 0
      ? ['The stamps counted match the books in every jurisdiction.']
      : differences.map(
          (row) =>
            `${row.jurisdiction_name}: ${signed(row.difference)} stamps. ${row.reason ?? 'No reason given yet.'}`,
        ),
    y + 6,
  );
  for (const row of differences) {
    y = section(sheet, `${row.jurisdiction_name.toUpperCase()}: REELS`, [], y);
    y = table(
      sheet,
      REELS,
      row.reels.map((reel) => ({ reel_no: reel.reel_no, ...figures(reel) })),
      y - 8,
    );
    if (row.orders.length > 0) {
      y = section(sheet, `${row.jurisdiction_name.toUpperCase()}: ORDERS`, [], y + 4);
      y = table(
        sheet,
        ORDERS,
        row.orders.map((o) => ({
          number: o.number,
          reel_no: o.reel_no,
          applied: n(o.applied),
          wasted: n(o.wasted),
          damaged: n(o.damaged),
          returned: n(o.returned),
        })),
        y - 8,
      );
    }
    y += 6;
  }
  writePageNumbers(sheet, `${company.name} · ${title}`);
  return finish(sheet);
}
