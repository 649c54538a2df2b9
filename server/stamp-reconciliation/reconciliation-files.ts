import ExcelJS from 'exceljs';
import type { StampReconciliation } from '../../src/domain/entities/production/stamp-reconciliation.ts';
import { csvCell } from '../http/entity/entity-export.ts';
import {
  ORDER_HEADINGS,
  REEL_HEADINGS,
  SUMMARY_HEADINGS,
  orderLines,
  reelLines,
  summaryLines,
  type Cell,
} from './reconciliation-table.ts';

// The month's reconciliation as a CSV (one line per jurisdiction: what is filed) and as a
// workbook (the same sheet, then the reels and the orders behind each book closing). Both are
// a few hundred lines at most, so they are written whole rather than streamed.

const line = (cells: readonly Cell[]) => cells.map(csvCell).join(',');

/** With a byte-order mark, so Excel reads the jurisdictions' accents as UTF-8. */
export function reconciliationCsv(reading: StampReconciliation): string {
  const lines = [line(SUMMARY_HEADINGS), ...summaryLines(reading).map(line)];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function addSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  headings: readonly string[],
  rows: readonly Cell[][],
): void {
  const sheet = workbook.addWorksheet(name);
  sheet.addRow([...headings]).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.columns.forEach((column, i) => {
    column.width = Math.max(10, (headings[i] ?? '').length + 2);
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

export async function reconciliationXlsx(reading: StampReconciliation): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Plantline';
  addSheet(workbook, 'Reconciliation', SUMMARY_HEADINGS, summaryLines(reading));
  addSheet(workbook, 'Reels', REEL_HEADINGS, reelLines(reading.rows));
  addSheet(workbook, 'Orders', ORDER_HEADINGS, orderLines(reading.rows));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
