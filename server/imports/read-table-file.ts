import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { headerKey } from '../../src/domain/imports/import-column.ts';

// An uploaded CSV or XLSX file as header names and rows of text, the shape every importer
// validates. Headers are normalised with headerKey, so "Lot No" and "lot_no" are one column.

/** A data row with its row number in the file (the header is row 1), for error messages. */
export type FileRow = { rowNo: number; values: Record<string, string> };

export type TableFile = { headers: string[]; rows: FileRow[] };

export class UnreadableFileError extends Error {}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result);
    if ('text' in value) return String(value.text);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    return '';
  }
  return String(value).trim();
}

export async function readTableFile(fileName: string, bytes: Buffer): Promise<TableFile> {
  const workbook = new ExcelJS.Workbook();
  try {
    if (/\.xlsx$/i.test(fileName)) await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    else if (/\.csv$/i.test(fileName))
      await workbook.csv.read(Readable.from(bytes.toString('utf8').replace(/^\uFEFF/, '')));
    else throw new UnreadableFileError('Only .csv and .xlsx files can be imported');
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError('The file could not be read as CSV or XLSX');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new UnreadableFileError('The file has no sheet');
  const headers: string[] = [];
  const rows: FileRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
    if (rowNumber === 1) {
      headers.push(...cells.map(headerKey));
      return;
    }
    if (cells.every((c) => c === '')) return;
    rows.push({
      rowNo: rowNumber,
      values: Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? ''])),
    });
  });
  if (headers.length === 0) throw new UnreadableFileError('The file has no header row');
  return { headers, rows };
}
