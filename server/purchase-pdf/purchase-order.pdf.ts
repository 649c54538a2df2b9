import { DATE_FORMATS } from '../../src/domain/constants.ts';
import type { OrderTax } from '../../src/domain/entities/purchase/purchase-order-figures.ts';
import type { PurchaseOrderPrint } from '../../src/domain/entities/purchase/purchase-order-print.ts';
import { formatMoneyIn } from '../../src/domain/formats/currency.format.ts';
import { formatDateAs } from '../../src/domain/formats/date.format.ts';
import { formatAmount, formatNumber } from '../../src/domain/formats/number.format.ts';
import { unitDecimals } from '../../src/domain/formats/quantity.format.ts';
import {
  FONT,
  PAGE,
  contentBottom,
  finish,
  fitText,
  newSheet,
  writePageNumbers,
  type Sheet,
} from './pdf-sheet.ts';

// A purchase order as the supplier receives it (issue 16 item 2): the company's letterhead,
// the supplier and where to deliver, every line, the taxes per code, the total in the order's
// currency and in CAD, the terms, and page numbers. Long orders break between lines and
// repeat the column headings on every page.

type Row = Readonly<Record<string, unknown>>;
export type PdfOrder = Row & { lines: readonly Row[] };
export type PurchaseOrderPdfInput = PurchaseOrderPrint<PdfOrder>;

const str = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const day = (value: unknown) =>
  str(value) ? formatDateAs(str(value), DATE_FORMATS.displayDate) : '—';

const LEFT = PAGE.margin;
const WIDTH = PAGE.width - 2 * PAGE.margin;
const ROW = 15;
const GREY = '#555555';
const INK = '#111111';
const RULE = '#bbbbbb';

type Column = { key: string; title: string; width: number; align: 'left' | 'right' };
const COLUMNS: readonly Column[] = [
  { key: 'n', title: '#', width: 20, align: 'right' },
  { key: 'sku', title: 'SKU', width: 72, align: 'left' },
  { key: 'description', title: 'Description', width: 170, align: 'left' },
  { key: 'qty', title: 'Qty', width: 60, align: 'right' },
  { key: 'unit', title: 'Unit', width: 30, align: 'left' },
  { key: 'price', title: 'Unit price', width: 64, align: 'right' },
  { key: 'amount', title: 'Amount', width: 70, align: 'right' },
];
const GAP = (WIDTH - COLUMNS.reduce((s, c) => s + c.width, 0)) / (COLUMNS.length - 1);

function rule(sheet: Sheet, y: number, color = RULE) {
  sheet
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .lineWidth(0.6)
    .strokeColor(color)
    .stroke();
}

/** Lines of text one under the other from (x, y); answers the y under the last. */
function stack(sheet: Sheet, lines: readonly string[], x: number, y: number, width: number) {
  let at = y;
  for (const line of lines) {
    sheet.text(line, x, at, { width });
    at = sheet.y;
  }
  return at;
}

function letterhead(sheet: Sheet, { order, company }: PurchaseOrderPdfInput): number {
  const half = WIDTH / 2;
  sheet.fillColor(INK).font(FONT.bold).fontSize(16);
  let left = stack(sheet, [company.name], LEFT, PAGE.margin, half);
  sheet.font(FONT.regular).fontSize(9);
  left = stack(
    sheet,
    [
      ...(company.address ? company.address.split(/\r?\n/) : []),
      ...(company.phone ? [`Tel. ${company.phone}`] : []),
      ...(company.business_number ? [`GST/HST no. ${company.business_number}`] : []),
      ...(company.excise_licence ? [`Excise licence ${company.excise_licence}`] : []),
    ],
    LEFT,
    left + 2,
    half,
  );
  const x = LEFT + half;
  sheet.font(FONT.bold).fontSize(18);
  sheet.text('PURCHASE ORDER', x, PAGE.margin, { width: half, align: 'right' });
  sheet.fontSize(12).text(str(order.number), x, sheet.y, { width: half, align: 'right' });
  sheet.font(FONT.regular).fontSize(9);
  const right = [
    `Order date: ${day(order.order_date)}`,
    `Expected: ${day(order.expected_date)}`,
    `Currency: ${str(order.currency_code) || 'CAD'}`,
  ];
  for (const line of right) sheet.text(line, x, sheet.y, { width: half, align: 'right' });
  const bottom = Math.max(left, sheet.y) + 8;
  rule(sheet, bottom, INK);
  return bottom + 10;
}

function parties(sheet: Sheet, { supplier, ship_to, company }: PurchaseOrderPdfInput, y: number) {
  const half = WIDTH / 2 - 10;
  const block = (x: number, label: string, name: string, rest: readonly string[]): number => {
    sheet.font(FONT.bold).fontSize(8).fillColor(GREY).text(label, x, y, { width: half });
    sheet
      .fontSize(10)
      .fillColor(INK)
      .text(name, x, sheet.y + 2, { width: half });
    sheet.font(FONT.regular).fontSize(9);
    return stack(sheet, rest, x, sheet.y, half);
  };
  const left = block(LEFT, 'SUPPLIER', `${supplier.name} (${supplier.code})`, [
    ...(supplier.email ? [supplier.email] : []),
    ...(supplier.phone ? [`Tel. ${supplier.phone}`] : []),
    ...(supplier.tax_number ? [`Tax no. ${supplier.tax_number}`] : []),
  ]);
  const right = block(LEFT + WIDTH / 2 + 10, 'SHIP TO', company.name, [
    ship_to.name,
    ...(ship_to.address ? ship_to.address.split(/\r?\n/) : []),
  ]);
  return Math.max(left, right) + 14;
}

function headings(sheet: Sheet, y: number): number {
  sheet.font(FONT.bold).fontSize(8).fillColor(GREY);
  let x = LEFT;
  for (const c of COLUMNS) {
    sheet.text(c.title, x, y, { width: c.width, align: c.align, lineBreak: false });
    x += c.width + GAP;
  }
  rule(sheet, y + 11);
  return y + 15;
}

function lineCells(line: Row, i: number, currency: string): Record<string, string> {
  const unit = str(line.measure_code);
  const name = str(line.product_name);
  const extra = str(line.description);
  return {
    n: String(i + 1),
    sku: str(line.product_sku),
    description: extra && extra !== name ? `${name} — ${extra}` : name,
    qty: formatNumber(str(line.qty), unitDecimals(unit)),
    unit,
    price: formatMoneyIn(str(line.unit_price), currency, 4),
    amount: formatMoneyIn(str(line.line_total), currency),
  };
}

function lines(sheet: Sheet, order: PdfOrder, currency: string, top: number): number {
  let y = headings(sheet, top);
  order.lines.forEach((line, i) => {
    if (y + ROW > contentBottom()) {
      sheet.addPage();
      y = headings(sheet, PAGE.margin);
    }
    const cells = lineCells(line, i, currency);
    sheet.font(FONT.regular).fontSize(9).fillColor(INK);
    let x = LEFT;
    for (const c of COLUMNS) {
      const text = fitText(sheet, cells[c.key] ?? '', c.width);
      sheet.text(text, x, y, { width: c.width, align: c.align, lineBreak: false });
      x += c.width + GAP;
    }
    y += ROW;
  });
  rule(sheet, y - 3);
  return y + 4;
}

function totals(sheet: Sheet, { order }: PurchaseOrderPdfInput, currency: string, top: number) {
  const taxes = (order.taxes as OrderTax[] | null) ?? [];
  const money = (value: unknown) => formatMoneyIn(str(value), currency);
  const rows: [string, string, boolean][] = [
    ['Subtotal', money(order.subtotal), false],
    ...taxes.map((t): [string, string, boolean] => [
      `${t.tax_code} ${formatAmount(t.rate, 4)}%`,
      money(t.amount),
      false,
    ]),
    [`Total ${currency}`, money(order.total), true],
  ];
  if (currency !== 'CAD') {
    rows.push([
      `Exchange rate (1 ${currency} = ${formatAmount(str(order.exchange_rate), 6)} CAD)`,
      '',
      false,
    ]);
    rows.push(['Total CAD', formatMoneyIn(str(order.total_cad), 'CAD'), true]);
  }
  let y = top;
  if (y + rows.length * ROW > contentBottom()) {
    sheet.addPage();
    y = PAGE.margin;
  }
  const labelX = LEFT + WIDTH - 330;
  for (const [label, value, strong] of rows) {
    sheet
      .font(strong ? FONT.bold : FONT.regular)
      .fontSize(strong ? 10 : 9)
      .fillColor(INK);
    sheet.text(label, labelX, y, { width: 240, align: 'right', lineBreak: false });
    sheet.text(value, LEFT + WIDTH - 84, y, { width: 84, align: 'right', lineBreak: false });
    y += ROW;
  }
  return y + 10;
}

function terms(sheet: Sheet, { order, supplier }: PurchaseOrderPdfInput, top: number) {
  const paragraphs = [
    `Payment terms: net ${supplier.payment_terms_days} days from the invoice date.`,
    `Please quote ${str(order.number)} on your packing slip and invoice.`,
    ...(str(order.note) ? [`Note: ${str(order.note)}`] : []),
  ];
  sheet.font(FONT.regular).fontSize(9);
  const needed =
    14 + paragraphs.reduce((h, p) => h + sheet.heightOfString(p, { width: WIDTH }) + 2, 0);
  let y = top;
  if (y + needed > contentBottom()) {
    sheet.addPage();
    y = PAGE.margin;
  }
  sheet.font(FONT.bold).fontSize(8).fillColor(GREY).text('TERMS', LEFT, y, { width: WIDTH });
  sheet.font(FONT.regular).fontSize(9).fillColor(INK);
  for (const p of paragraphs) sheet.text(p, LEFT, sheet.y + 2, { width: WIDTH });
}

/** The order as a PDF file's bytes. */
export async function purchaseOrderPdf(print: PurchaseOrderPdfInput): Promise<Buffer> {
  const number = str(print.order.number);
  const currency = str(print.order.currency_code) || 'CAD';
  const sheet = newSheet(`Purchase order ${number}`, print.company.name);
  let y = letterhead(sheet, print);
  y = parties(sheet, print, y);
  y = lines(sheet, print.order, currency, y);
  y = totals(sheet, print, currency, y);
  terms(sheet, print, y);
  writePageNumbers(sheet, `${print.company.name} · Purchase order ${number}`);
  return finish(sheet);
}
