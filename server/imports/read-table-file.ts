import type ExcelJS from 'exceljs';
import { headerKey, type ImportMapping } from '../../src/domain/imports/import-column.ts';
import { csvRecords } from './csv-records.ts';
import { checkXlsxSize, NotAZipError } from './xlsx-size-guard.ts';

// An uploaded CSV or XLSX file as header names and batches of text rows, the shape every
// importer validates. Headers are normalised with headerKey, so "Lot No" and "lot_no" are one
// column. A CSV is read record by record as the batches are asked for; an XLSX is loaded as a
// workbook (its zip cannot be read in file order) and its rows are then handed out the same way,
// once xlsx-size-guard.ts has found that it unpacks to a bounded size, rows and cells.
// Cells are data, never code: a formula cell gives the value the spreadsheet saved with it (it
// is never evaluated; none saved reads as empty), and a CSV cell starting with = + - @ is text.

/** A data row with its row number in the file (the header is row 1), for error messages. */
export type FileRow = { rowNo: number; values: Record<string, string> };

export type TableFile = {
  /** The header row, normalised (headerKey): the keys of each row's values. */
  headers: string[];
  /** The header row as written, for the column mapping screen. */
  labels: string[];
  /** The non-blank data rows, `size` at a time, read afresh from the file on every call. */
  batches(size: number): Generator<FileRow[]>;
};

export class UnreadableFileError extends Error {}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    // A formula: its cached result only; an error value (#DIV/0!) or none saved is empty.
    if ('formula' in value || 'sharedFormula' in value || 'result' in value) {
      const result = (value as { result?: unknown }).result;
      return result instanceof Date || ['string', 'number', 'boolean'].includes(typeof result)
        ? cellText(result as ExcelJS.CellValue)
        : '';
    }
    if ('text' in value) return String(value.text);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    return '';
  }
  return String(value).trim();
}

/** Reads the header row and checks the file can be read; the data rows come later. */
export async function openTableFile(fileName: string, bytes: Buffer): Promise<TableFile> {
  if (/\.csv$/i.test(fileName)) return openCsv(decodeText(bytes));
  if (/\.xlsx$/i.test(fileName)) return openXlsx(bytes);
  throw new UnreadableFileError('Only .csv and .xlsx files can be imported');
}

/**
 * A CSV's bytes as text. UTF-8 (with or without its BOM) is read as is; a UTF-16 file (by its
 * BOM, as Excel's "Unicode text" saves) is decoded; any other bytes that are not valid UTF-8
 * are taken as Windows-1252, which is what Excel on Windows saves "CSV" in for French names
 * (é, ç) in Canada. A file with NUL bytes outside UTF-16 is not text and is refused.
 */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes.includes(0)) throw new UnreadableFileError('The file is not a text (CSV) file');
  try {
    // TextDecoder drops a UTF-8 BOM itself.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return windows1252(bytes);
  }
}

/** Windows-1252's own characters at 0x80–0x9F (undefined bytes stay as their C1 control). */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Node's TextDecoder('windows-1252') reads 0x80–0x9F as Latin-1's control characters, so an
 * Excel file's €, ’ and “ ” would arrive as invisible ones; those 32 bytes are mapped here.
 */
function windows1252(bytes: Buffer): string {
  return bytes
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
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
  const labels = first.done ? [] : first.value.map((h) => h.trim());
  const headers = labels.map(headerKey);
  if (headers.every((h) => h === '')) throw new UnreadableFileError('The file has no header row');
  function* rows(): Generator<FileRow | null> {
    let rowNo = 0;
    for (const cells of csvRecords(text)) {
      rowNo += 1;
      if (rowNo > 1) yield fileRow(headers, rowNo, cells);
    }
  }
  return { headers, labels, batches: (size) => inBatches(rows(), size) };
}

async function openXlsx(bytes: Buffer): Promise<TableFile> {
  // Before ExcelJS builds anything: a file past the limits is refused (FileTooLargeError).
  await checkXlsxSize(bytes).catch((error: unknown) => {
    if (error instanceof NotAZipError)
      throw new UnreadableFileError('The file could not be read as XLSX');
    throw error;
  });
  // Loaded when an XLSX comes: a CSV's worker (worker-table-file.ts) starts without it.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableFileError('The file could not be read as XLSX');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new UnreadableFileError('The file has no sheet');
  const cellsOf = (rowNo: number) =>
    (sheet.getRow(rowNo).values as ExcelJS.CellValue[]).slice(1).map(cellText);
  const labels = cellsOf(1);
  const headers = labels.map(headerKey);
  if (headers.every((h) => h === '')) throw new UnreadableFileError('The file has no header row');
  function* rows(): Generator<FileRow | null> {
    for (let rowNo = 2; rowNo <= sheet!.rowCount; rowNo += 1)
      yield fileRow(headers, rowNo, cellsOf(rowNo));
  }
  return { headers, labels, batches: (size) => inBatches(rows(), size) };
}

/**
 * The file seen through a column mapping: each row keyed by the kind's column keys, holding
 * only the mapped columns. Refuses a mapping that names a header the file lacks.
 */
export function mappedFile(file: TableFile, mapping: ImportMapping): TableFile {
  const pairs = Object.entries(mapping).filter(([, header]) => header !== '');
  const unknown = pairs.filter(([, header]) => !file.headers.includes(header));
  if (unknown.length > 0)
    throw new UnreadableFileError(`The file has no column ${unknown.map(([, h]) => h).join(', ')}`);
  function* batches(size: number): Generator<FileRow[]> {
    for (const batch of file.batches(size))
      yield batch.map((row) => ({
        rowNo: row.rowNo,
        values: Object.fromEntries(pairs.map(([key, header]) => [key, row.values[header] ?? ''])),
      }));
  }
  return { headers: pairs.map(([key]) => key), labels: file.labels, batches };
}
