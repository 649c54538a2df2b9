import { roundMoney } from '../../../general/shared/entities/document-taxes.ts';
import { orderDutyTotals } from '../../shared/entities/sales-order-duty-totals.ts';
import type {
  SalesOrderPrint,
  SalesOrderPrintLine,
} from '../../shared/entities/sales-order-print.ts';
import { formatCurrency, formatUnitPrice } from '../../../../src/domain/formats/currency.format.ts';
import { formatAmount } from '../../../../src/domain/formats/number.format.ts';
import { formatMeasured } from '../../../../src/domain/formats/quantity.format.ts';
import { statusLabel } from '../../../../src/domain/status-tags.ts';
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
} from '../../../../server/purchase-pdf/pdf-blocks.ts';
import {
  PAGE,
  contentBottom,
  finish,
  newSheet,
  type Sheet,
} from '../../../../server/purchase-pdf/pdf-sheet.ts';
import { setFont, write } from '../../../../server/purchase-pdf/pdf-text.ts';
import { day } from './shipping-parties.ts';

// The sales order as the customer receives it, the way Canadian vape wholesalers invoice the
// vaping duty (docs/domain/sales.md "Vaping duty"): per line the tier price and, per unit, the
// federal excise duty and the province's additional duty (its province named); the line's
// total is its goods plus its duty. Below, the subtotal, the discounts, the federal duty, each
// province's additional duty, the taxes (on the duty-inclusive price) and the total: the
// order's own figures as its screen shows them, stored at its last save, never figured again.

const GAP = 6;

/** The columns, the description taking what the others leave (less when discounts show). */
function columns(withDiscount: boolean): Column[] {
  const fixed: Column[] = [
    { key: 'qty', title: 'Qty', width: 46, align: 'right' },
    { key: 'price', title: 'Unit price', width: 50, align: 'right' },
    ...(withDiscount
      ? [{ key: 'discount', title: 'Discount', width: 46, align: 'right' } as const]
      : []),
    { key: 'federal', title: 'Federal / unit', width: 52, align: 'right' },
    { key: 'provincial', title: 'Provincial / unit', width: 60, align: 'right' },
    { key: 'total', title: 'Line total', width: 56, align: 'right' },
  ];
  // The SKU and the product's name are what the customer's receiving checks the goods
  // against: they wrap over lines, never cut.
  const sku: Column = { key: 'sku', title: 'SKU', width: 84, align: 'left', wrap: true };
  const taken = [sku, ...fixed].reduce((s, c) => s + c.width, 0) + (fixed.length + 1) * GAP;
  const description: Column = {
    key: 'description',
    title: 'Description',
    width: WIDTH - taken,
    align: 'left',
    wrap: true,
  };
  return [sku, description, ...fixed];
}

function lineCells(line: SalesOrderPrintLine): Record<string, string> {
  return {
    sku: line.product_sku,
    description: line.product_name,
    qty: formatMeasured(line.qty, line.measure_code ?? ''),
    price: formatUnitPrice(line.unit_price, 4),
    discount: line.discount_amount > 0 ? formatCurrency(-line.discount_amount) : '',
    federal: formatCurrency(line.federal_duty),
    provincial: line.province
      ? `${line.province.code} ${formatCurrency(line.provincial_duty)}`
      : '',
    // Goods less the discount, plus the duty: what the line adds to the order's total.
    total: formatCurrency(roundMoney(line.line_total + line.duty_total)),
  };
}

/** The discount codes the lines got, for the Discounts row. */
function discountCodes(lines: readonly SalesOrderPrintLine[]): string {
  const codes = [...new Set(lines.map((l) => l.discount_code).filter(Boolean))];
  return codes.length > 0 ? ` (${codes.join(', ')})` : '';
}

type TotalRow = [label: string, value: string, strong: boolean];

function totalRows({ order, lines }: SalesOrderPrint): TotalRow[] {
  const duty = orderDutyTotals(
    lines.map((l) => ({ ...l, province: l.province ? l.province.name : null })),
  );
  return [
    ['Subtotal', formatCurrency(order.subtotal), false],
    ...(order.discount_total > 0
      ? [
          [
            `Discounts${discountCodes(lines)}`,
            formatCurrency(-order.discount_total),
            false,
          ] as TotalRow,
        ]
      : []),
    ['Federal excise duty', formatCurrency(duty.federal), false],
    ...duty.provincial.map((p): TotalRow => [
      `Provincial additional duty, ${p.province}`,
      formatCurrency(p.amount),
      false,
    ]),
    ...order.taxes.map((t): TotalRow => [
      `${t.tax_code} ${formatAmount(t.rate, 4)}%`,
      formatCurrency(t.amount),
      false,
    ]),
    ['Total CAD', formatCurrency(order.total), true],
  ];
}

function totals(sheet: Sheet, print: SalesOrderPrint, top: number): number {
  const rows = totalRows(print);
  let y = top;
  if (y + rows.length * ROW > contentBottom()) {
    sheet.addPage();
    y = PAGE.margin;
  }
  // Figures right-aligned under the line totals, as on the purchase order.
  for (const [label, value, strong] of rows) {
    setFont(sheet, strong ? 'bold' : 'regular', strong ? 10 : 9).fillColor(INK);
    write(sheet, label, LEFT + WIDTH - 340, y, { width: 250, align: 'right', lineBreak: false });
    write(sheet, value, LEFT + WIDTH - 84, y, { width: 84, align: 'right', lineBreak: false });
    y += ROW;
  }
  return y + 10;
}

function parties(sheet: Sheet, { customer, bill_to, ship_to }: SalesOrderPrint, y: number) {
  const half = WIDTH / 2 - 10;
  const name = `${customer.name} (${customer.code})`;
  const left = party(sheet, LEFT, y, half, 'BILL TO', name, bill_to);
  const right = party(sheet, LEFT + WIDTH / 2 + 10, y, half, 'SHIP TO', name, ship_to);
  return Math.max(left, right) + 14;
}

/** The sales order as a PDF file's bytes. */
export async function salesOrderPdf(print: SalesOrderPrint): Promise<Buffer> {
  const { order, company } = print;
  const sheet = newSheet(`Sales order ${order.number}`, company.name);
  let y = letterhead(sheet, company, 'SALES ORDER', order.number, [
    `Order date: ${day(order.order_date)}`,
    `Ship by: ${day(order.requested_ship_date)}`,
    `Status: ${statusLabel(order.status)}`,
    'Currency: CAD',
  ]);
  y = parties(sheet, print, y);
  const withDiscount = print.lines.some((l) => l.discount_amount > 0);
  y = table(sheet, columns(withDiscount), print.lines.map(lineCells), y);
  y = totals(sheet, print, y);
  y = section(
    sheet,
    'VAPING DUTY',
    [
      `Vaping duty per immediate container, at the rates in force on the order date (${day(order.order_date)}): ` +
        'the federal excise duty and, on goods stamped for a specified vaping province, ' +
        "that province's additional duty (Excise Act, 2001, Schedule 8). " +
        'Taxes apply to the price including the duty.',
    ],
    y,
  );
  if (order.note) section(sheet, 'NOTE', [order.note], y);
  writePageNumbers(sheet, `${company.name} · Sales order ${order.number}`);
  return finish(sheet);
}
