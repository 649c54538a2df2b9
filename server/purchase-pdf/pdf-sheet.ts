import PDFDocument from 'pdfkit';

// The page furniture of a printed business document: a US Letter sheet (what Canadian offices
// print on) with the built-in Helvetica, so no font file ships and any reader renders it, and
// "Page n of N" written once every page exists (the count is known only at the end).

export const PAGE = { width: 612, height: 792, margin: 48 } as const;
/** The room kept at the foot of every page for its page number. */
export const FOOTER_ROOM = 28;
export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;

export type Sheet = PDFKit.PDFDocument;

export function newSheet(title: string, author: string): Sheet {
  return new PDFDocument({
    size: 'LETTER',
    margins: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    info: { Title: title, Author: author, Creator: 'Plantline' },
  });
}

/** The lowest y a block may reach before it belongs on the next page. */
export const contentBottom = () => PAGE.height - PAGE.margin - FOOTER_ROOM;

/** `text` cut to `width` points with an ellipsis, in the sheet's current font and size. */
export function fitText(sheet: Sheet, text: string, width: number): string {
  if (sheet.widthOfString(text) <= width) return text;
  let kept = text;
  while (kept.length > 0 && sheet.widthOfString(`${kept}…`) > width) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
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
    const width = PAGE.width - 2 * PAGE.margin;
    sheet.font(FONT.regular).fontSize(8).fillColor('#555555');
    sheet.text(reference, PAGE.margin, y, { width, align: 'left', lineBreak: false });
    sheet.text(`Page ${i - range.start + 1} of ${range.count}`, PAGE.margin, y, {
      width,
      align: 'right',
      lineBreak: false,
    });
    sheet.page.margins.bottom = bottom;
  }
}

/** The finished file's bytes. */
export function finish(sheet: Sheet): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    sheet.on('data', (chunk: Buffer) => chunks.push(chunk));
    sheet.on('end', () => resolve(Buffer.concat(chunks)));
    sheet.on('error', reject);
    sheet.end();
  });
}
