import { DATE_FORMATS } from '../../src/domain/constants.ts';
import type { OrderTax } from '../../src/domain/entities/purchase/purchase-order-figures.ts';
import {
  supplierAddressLines,
  type PurchaseOrderPrint,
} from '../../src/domain/entities/purchase/purchase-order-print.ts';
import { formatMoneyIn } from '../../src/domain/formats/currency.format.ts';
import { formatDateAs } from '../../src/domain/formats/date.format.ts';
import { formatAmount, formatNumber } from '../../src/domain/formats/number.format.ts';
import { unitDecimals } from '../../src/domain/formats/quantity.format.ts';
import {
  INK,
  LEFT,
  ROW,
  WIDTH,
  letterhead,
  party,
  section,
  table,
  writePageNumbers,
  type Column,
} from './pdf-blocks.ts';
import { PAGE, contentBottom, finish, newSheet, type Sheet } from './pdf-sheet.ts';
import { setFont, write } from './pdf-text.ts';

// A purchase order as the supplier receives it: the company's letterhead, the supplier and where to
// deliver, every line, the taxes per code, the total in the order's currency and in CAD, the terms,
// and page numbers. Long orders break between lines and repeat the column headings on every page.

type Row = Readonly<Record<string, unknown>>;
export type PdfOrder = Row & { lines: readonly Row[] };
export type PurchaseOrderPdfInput = PurchaseOrderPrint<PdfOrder>;

const str = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const day = (value: unknown) =>
  str(value) ? formatDateAs(str(value), DATE_FORMATS.displayDate) : '—';

const COLUMNS: readonly Column[] = [
  { key: 'n', title: '#', width: 20, align: 'right' },
  { key: 'sku', title: 'SKU', width: 72, align: 'left' },
  { key: 'description', title: 'Description', width: 170, align: 'left' },
  { key: 'qty', title: 'Qty', width: 60, align: 'right' },
  { key: 'unit', title: 'Unit', width: 30, align: 'left' },
  { key: 'price', title: 'Unit price', width: 64, align: 'right' },
  { key: 'amount', title: 'Amount', width: 70, align: 'right' },
];

function head(sheet: Sheet, { order, company }: PurchaseOrderPdfInput): number {
  return letterhead(sheet, company, 'PURCHASE ORDER', str(order.number), [
    `Order date: ${day(order.order_date)}`,
    `Expected: ${day(order.expected_date)}`,
    `Currency: ${str(order.currency_code) || 'CAD'}`,
  ]);
}

function parties(sheet: Sheet, { supplier, ship_to, company }: PurchaseOrderPdfInput, y: number) {
  const half = WIDTH / 2 - 10;
  const left = party(sheet, LEFT, y, half, 'SUPPLIER', `${supplier.name} (${supplier.code})`, [
    ...supplierAddressLines(supplier),
    ...(supplier.email ? [supplier.email] : []),
    ...(supplier.phone ? [`Tel. ${supplier.phone}`] : []),
    ...(supplier.tax_number ? [`Tax no. ${supplier.tax_number}`] : []),
  ]);
  const right = party(sheet, LEFT + WIDTH / 2 + 10, y, half, 'SHIP TO', company.name, [
    ship_to.name,
    ...(ship_to.address ? ship_to.address.split(/\r?\n/) : []),
  ]);
  return Math.max(left, right) + 14;
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

const lines = (sheet: Sheet, order: PdfOrder, currency: string, top: number): number =>
  table(
    sheet,
    COLUMNS,
    order.lines.map((line, i) => lineCells(line, i, currency)),
    top,
  );

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
    setFont(sheet, strong ? 'bold' : 'regular', strong ? 10 : 9).fillColor(INK);
    write(sheet, label, labelX, y, { width: 240, align: 'right', lineBreak: false });
    write(sheet, value, LEFT + WIDTH - 84, y, { width: 84, align: 'right', lineBreak: false });
    y += ROW;
  }
  return y + 10;
}

function terms(sheet: Sheet, { order, supplier }: PurchaseOrderPdfInput, top: number) {
  section(
    sheet,
    'TERMS',
    [
      `Payment terms: net ${supplier.payment_terms_days} days from the invoice date.`,
      `Please quote ${str(order.number)} on your packing slip and invoice.`,
      ...(str(order.note) ? [`Note: ${str(order.note)}`] : []),
    ],
    top,
  );
}

/** The order as a PDF file's bytes. */
export async function purchaseOrderPdf(print: PurchaseOrderPdfInput): Promise<Buffer> {
  const number = str(print.order.number);
  const currency = str(print.order.currency_code) || 'CAD';
  const sheet = newSheet(`Purchase order ${number}`, print.company.name);
  let y = head(sheet, print);
  y = parties(sheet, print, y);
  y = lines(sheet, print.order, currency, y);
  y = totals(sheet, print, currency, y);
  terms(sheet, print, y);
  writePageNumbers(sheet, `${print.company.name} · Purchase order ${number}`);
  return finish(sheet);
}
