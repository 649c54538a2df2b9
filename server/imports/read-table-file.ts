import ExcelJS from 'exceljs';
import { headerKey } from '../../src/domain/imports/import-column.ts';
import { csvRecords } from './csv-records.ts';

// An uploaded CSV or XLSX file as header names and batches of text rows, the shape every
// importer validates. Headers are normalised with headerKey, so "Lot No" and "lot_no" are one
// column. A CSV is read record by record as the batches are asked for; an XLSX is loaded as a
// workbook (its zip cannot be read in file order) and its rows are then handed out the same way.

/** A data row with its row number in the file (the header is row 1), for error messages. */
export type FileRow = { rowNo: number; values: Record<string, string> };

export type TableFile = {
  headers: string[];
  /** The non-blank data rows, `size` at a time, read afresh from the file on every call. */
  batches(size: number): Generator<FileRow[]>;
};

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

/** Reads the header row and checks the file can be read; the data rows come later. */
export async function openTableFile(fileName: string, bytes: Buffer): Promise<TableFile> {
  if (/\.csv$/i.test(fileName)) return openCsv(bytes.toString('utf8'));
  if (/\.xlsx$/i.test(fileName)) return openXlsx(bytes);
  throw new UnreadableFileError('Only .csv and .xlsx files can be imported');
}

/** Cells (by column) → a row keyed by header; null for a blank row, which is skipped. */
function fileRow(headers: string[], rowNo: number, cells: string[]): FileRow | null {
  if (cells.every((c) => c.trim() === '')) return null;
  return { rowNo, values: Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? ''])) };
}

function* inBatches(rows: Iterable<FileRow | null>, size: number): Generator<FileRow[]> {
  let batch: FileRow[] = [];
  for (const row of rows) {
    if (!row) continue;
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

function openCsv(text: string): TableFile {
  const first = csvRecords(text).next();
  const headers = first.done ? [] : first.value.map(headerKey);
  if (headers.every((h) => h === '')) throw new UnreadableFileError('The file has no header row');
  function* rows(): Generator<FileRow | null> {
    let rowNo = 0;
    for (const cells of csvRecords(text)) {
      rowNo += 1;
      if (rowNo > 1) yield fileRow(headers, rowNo, cells);
    }
  }
  return { headers, batches: (size) => inBatches(rows(), size) };
}

async function openXlsx(bytes: Buffer): Promise<TableFile> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableFileError('The file could not be read as XLSX');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new UnreadableFileError('The file has no sheet');
  const cellsOf = (rowNo: number) =>
    (sheet.getRow(rowNo).values as ExcelJS.CellValue[]).slice(1).map(cellText);
  const headers = cellsOf(1).map(headerKey);
  if (headers.every((h) => h === '')) throw new UnreadableFileError('The file has no header row');
  function* rows(): Generator<FileRow | null> {
    for (let rowNo = 2; rowNo <= sheet!.rowCount; rowNo += 1)
      yield fileRow(headers, rowNo, cellsOf(rowNo));
  }
  return { headers, batches: (size) => inBatches(rows(), size) };
}
