import type { Letterhead } from '../../src/domain/entities/purchase/purchase-order-print.ts';
import { PAGE, contentBottom, type Sheet } from './pdf-sheet.ts';
import { fitText, heightOf, setFont, write } from './pdf-text.ts';

// The blocks every business PDF is laid out with, so a purchase order, a packing slip and a
// bill of lading look alike on paper: the company's letterhead with the document's title and
// facts on the right, a labelled party block, and a table whose headings repeat on each page.

export const LEFT = PAGE.margin;
export const WIDTH = PAGE.width - 2 * PAGE.margin;
export const ROW = 15;
export const GREY = '#555555';
export const INK = '#111111';
export const RULE = '#bbbbbb';

export function rule(sheet: Sheet, y: number, color = RULE): void {
  sheet
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .lineWidth(0.6)
    .strokeColor(color)
    .stroke();
}

/** Lines of text one under the other from (x, y); answers the y under the last. */
export function stack(
  sheet: Sheet,
  lines: readonly string[],
  x: number,
  y: number,
  width: number,
): number {
  let at = y;
  for (const line of lines) {
    write(sheet, line, x, at, { width });
    at = sheet.y;
  }
  return at;
}

/**
 * The company on the left (name, address, phone, GST/HST number, excise licence), the title,
 * the document's reference and its `facts` on the right; answers the y under the rule.
 */
export function letterhead(
  sheet: Sheet,
  company: Letterhead,
  title: string,
  reference: string,
  facts: readonly string[],
): number {
  const half = WIDTH / 2;
  setFont(sheet.fillColor(INK), 'bold', 16);
  let left = stack(sheet, [company.name], LEFT, PAGE.margin, half);
  setFont(sheet, 'regular', 9);
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
  setFont(sheet, 'bold', 18);
  write(sheet, title, x, PAGE.margin, { width: half, align: 'right' });
  write(setFont(sheet, 'bold', 12), reference, x, sheet.y, { width: half, align: 'right' });
  setFont(sheet, 'regular', 9);
  for (const line of facts) write(sheet, line, x, sheet.y, { width: half, align: 'right' });
  const bottom = Math.max(left, sheet.y) + 8;
  rule(sheet, bottom, INK);
  return bottom + 10;
}

/** A party (supplier, ship to, shipper, consignee): a small grey label, the name, the rest. */
export function party(
  sheet: Sheet,
  x: number,
  y: number,
  width: number,
  label: string,
  name: string,
  rest: readonly string[],
): number {
  write(setFont(sheet, 'bold', 8).fillColor(GREY), label, x, y, { width });
  write(setFont(sheet, 'bold', 10).fillColor(INK), name, x, sheet.y + 2, { width });
  setFont(sheet, 'regular', 9);
  return stack(sheet, rest, x, sheet.y, width);
}

export type Column = {
  key: string;
  title: string;
  width: number;
  align: 'left' | 'right';
  /** Wrapped over as many lines as it takes instead of cut: what must be read whole (a lot). */
  wrap?: boolean;
};

function headings(sheet: Sheet, columns: readonly Column[], gap: number, y: number): number {
  setFont(sheet, 'bold', 8).fillColor(GREY);
  let x = LEFT;
  for (const c of columns) {
    write(sheet, c.title, x, y, { width: c.width, align: c.align, lineBreak: false });
    x += c.width + gap;
  }
  rule(sheet, y + 11);
  return y + 15;
}

/**
 * Rows under their headings from `top`, one line each (cut to the column with an ellipsis),
 * except columns that wrap, whose row grows to hold them whole; a row that would reach the
 * footer starts a new page with the headings again. Answers the y under the closing rule.
 */
export function table(
  sheet: Sheet,
  columns: readonly Column[],
  rows: readonly Readonly<Record<string, string>>[],
  top: number,
): number {
  const gap = (WIDTH - columns.reduce((s, c) => s + c.width, 0)) / (columns.length - 1);
  let y = headings(sheet, columns, gap, top);
  for (const cells of rows) {
    setFont(sheet, 'regular', 9).fillColor(INK);
    const height = columns.reduce(
      (h, c) => (c.wrap ? Math.max(h, heightOf(sheet, cells[c.key] ?? '', c.width) + 4) : h),
      ROW,
    );
    if (y + height > contentBottom()) {
      sheet.addPage();
      y = headings(sheet, columns, gap, PAGE.margin);
      setFont(sheet, 'regular', 9).fillColor(INK);
    }
    let x = LEFT;
    for (const c of columns) {
      const text = cells[c.key] ?? '';
      if (c.wrap) write(sheet, text, x, y, { width: c.width, align: c.align });
      else {
        write(sheet, fitText(sheet, text, c.width), x, y, {
          width: c.width,
          align: c.align,
          lineBreak: false,
        });
      }
      x += c.width + gap;
    }
    y += height;
  }
  rule(sheet, y - 3);
  return y + 4;
}

/** Paragraphs under a grey heading, on the next page when they do not fit on this one. */
export function section(
  sheet: Sheet,
  heading: string,
  paragraphs: readonly string[],
  top: number,
): number {
  setFont(sheet, 'regular', 9);
  const needed = 14 + paragraphs.reduce((h, p) => h + heightOf(sheet, p, WIDTH) + 2, 0);
  let y = top;
  if (y + needed > contentBottom()) {
    sheet.addPage();
    y = PAGE.margin;
  }
  write(setFont(sheet, 'bold', 8).fillColor(GREY), heading, LEFT, y, { width: WIDTH });
  setFont(sheet, 'regular', 9).fillColor(INK);
  for (const p of paragraphs) write(sheet, p, LEFT, sheet.y + 2, { width: WIDTH });
  return sheet.y + 12;
}

/** "Page n of N" and the document's reference at the foot of every page. */
export function writePageNumbers(sheet: Sheet, reference: string): void {
  const range = sheet.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    sheet.switchToPage(i);
    // Writing under the bottom margin would open a new page; the footer sits there by design.
    const bottom = sheet.page.margins.bottom;
    sheet.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin - 10;
    setFont(sheet, 'regular', 8).fillColor(GREY);
    const page = `Page ${i - range.start + 1} of ${range.count}`;
    // The reference (a company's name, a lot's label) gives way to the page number.
    const room = WIDTH - sheet.widthOfString(page) - 12;
    write(sheet, fitText(sheet, reference, room), LEFT, y, { width: room, lineBreak: false });
    write(sheet, page, LEFT, y, { width: WIDTH, align: 'right', lineBreak: false });
    sheet.page.margins.bottom = bottom;
  }
}
