import type { TraceNode } from '../../src/domain/entities/stock/lot-trace.ts';
import { writePageNumbers } from '../purchase-pdf/pdf-blocks.ts';
import { PAGE, contentBottom, finish, newSheet, type Sheet } from '../purchase-pdf/pdf-sheet.ts';
import { fitText, setFont, write } from '../purchase-pdf/pdf-text.ts';
import { kindLabel, type RecallReport } from './recall-report.ts';

// The recall report as a PDF: what was traced and when, every customer that received goods from it,
// then the records on the way and behind it, each table breaking between rows and repeating its
// headings on a new page.

const LEFT = PAGE.margin;
const WIDTH = PAGE.width - 2 * PAGE.margin;
const ROW = 14;
const INK = '#111111';
const GREY = '#555555';
const RULE = '#bbbbbb';

type Column = { title: string; width: number; align?: 'left' | 'right' };

function rule(sheet: Sheet, y: number) {
  sheet
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
}

function headings(sheet: Sheet, columns: readonly Column[], y: number): number {
  setFont(sheet, 'bold', 8).fillColor(GREY);
  let x = LEFT;
  for (const c of columns) {
    write(sheet, c.title, x, y, { width: c.width - 4, align: c.align ?? 'left', lineBreak: false });
    x += c.width;
  }
  rule(sheet, y + ROW - 3);
  return y + ROW;
}

/** A table from `y`, rows cut to their column; answers the y under its last row. */
function table(
  sheet: Sheet,
  title: string,
  columns: readonly Column[],
  rows: ReadonlyArray<ReadonlyArray<string>>,
  from: number,
): number {
  let y = from + 8;
  if (y + 3 * ROW > contentBottom()) {
    sheet.addPage();
    y = PAGE.margin;
  }
  setFont(sheet, 'bold', 11).fillColor(INK);
  write(sheet, title, LEFT, y, { width: WIDTH, lineBreak: false });
  y = headings(sheet, columns, y + 18);
  if (rows.length === 0) {
    setFont(sheet, 'regular', 8).fillColor(GREY);
    write(sheet, 'None', LEFT, y, { width: WIDTH });
    return y + ROW;
  }
  for (const row of rows) {
    if (y + ROW > contentBottom()) {
      sheet.addPage();
      y = headings(sheet, columns, PAGE.margin);
    }
    setFont(sheet, 'regular', 8).fillColor(INK);
    let x = LEFT;
    row.forEach((cell, i) => {
      const c = columns[i]!;
      write(sheet, fitText(sheet, cell, c.width - 4), x, y, {
        width: c.width - 4,
        align: c.align ?? 'left',
        lineBreak: false,
      });
      x += c.width;
    });
    y += ROW;
  }
  return y;
}

const RECORD_COLUMNS: readonly Column[] = [
  { title: 'Kind', width: 80 },
  { title: 'Record', width: 100 },
  { title: 'Detail', width: 170 },
  { title: 'Date', width: 66 },
  { title: 'People', width: WIDTH - 416 },
];

const recordRow = (n: TraceNode) => [
  kindLabel(n),
  n.label,
  n.detail ?? '',
  (n.at ?? '').slice(0, 10),
  n.people.join(', '),
];

export async function recallPdf(report: RecallReport, tracedAt: Date): Promise<Buffer> {
  const title = `Recall report: ${kindLabel(report.anchor)} ${report.anchor.label}`;
  const sheet = newSheet(title, 'Plantline');
  setFont(sheet, 'bold', 16).fillColor(INK);
  write(sheet, title, LEFT, PAGE.margin, { width: WIDTH });
  setFont(sheet, 'regular', 9).fillColor(GREY);
  const units = report.customers.reduce((s, r) => s + r.qty, 0);
  for (const line of [
    report.anchor.detail ?? '',
    `Traced ${tracedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC, both ways, over the whole ledger`,
    `${new Set(report.customers.map((r) => r.customer)).size} customers, ${report.customers.length} shipments, ${units} units`,
  ])
    write(sheet, line, LEFT, sheet.y, { width: WIDTH });
  let y = table(
    sheet,
    'Customers that received it',
    [
      { title: 'Customer', width: 130 },
      { title: 'Sales order', width: 62 },
      { title: 'Packing list', width: 62 },
      { title: 'Ship date', width: 58 },
      { title: 'Status', width: 50 },
      { title: 'Lot', width: WIDTH - 422 },
      { title: 'Qty', width: 60, align: 'right' },
    ],
    report.customers.map((r) => [
      r.customer,
      r.sales_order,
      r.packing_list,
      r.ship_date ?? '',
      r.status,
      r.lot,
      String(r.qty),
    ]),
    sheet.y + 6,
  );
  y = table(
    sheet,
    'On the way: lots, orders, stamps',
    RECORD_COLUMNS,
    report.ahead.map(recordRow),
    y,
  );
  table(
    sheet,
    'Behind it: raw and supplier lots, CoAs, HPLC results',
    RECORD_COLUMNS,
    report.behind.map(recordRow),
    y,
  );
  writePageNumbers(sheet, title);
  return finish(sheet);
}
