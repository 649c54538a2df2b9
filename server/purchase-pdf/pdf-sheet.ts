import PDFDocument from 'pdfkit';

// The page furniture of a printed business document: a US Letter sheet (what Canadian offices
// print on) written in the built-in Helvetica, so a document in Latin-1 embeds no font and any
// reader renders it; text in other scripts is drawn in embedded Noto faces (pdf-text.ts). Pages
// are buffered so "Page n of N" can be written once every page exists (pdf-blocks.ts).

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
