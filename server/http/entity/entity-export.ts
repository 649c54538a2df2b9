import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { listFields } from '../../../src/domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../src/domain/entity/entity-field.ts';
import type { TableQuery } from '../../../src/domain/table-filter/table-query.types.ts';
import type { Db } from '../../db/client.ts';
import { validationError } from '../api-error.ts';
import type { ResolvedBinding } from './entity-binding.ts';
import { allRows, countRows } from './entity-queries.ts';

// Exactly the rows the list shows (same filter, same sort, no paging), streamed a batch at a
// time so a large export never sits in memory. `X-Total-Rows` goes first so the browser can
// show progress while it reads.

export type ExportQuery = Pick<TableQuery, 'filter' | 'sort'> & {
  format: 'csv' | 'xlsx';
  columns?: string[] | undefined;
};

function exportColumns(
  binding: ResolvedBinding,
  wanted: readonly string[] | undefined,
): EntityField[] {
  const fields = listFields(binding.entity).filter((f) => f.kind !== 'json');
  if (!wanted || wanted.length === 0) return fields.filter((f) => !f.hidden);
  const unknown = wanted.filter((name) => !fields.some((f) => f.name === name));
  if (unknown.length > 0) throw validationError({ columns: 'in' });
  return wanted
    .map((name) => fields.find((f) => f.name === name))
    .filter((f): f is EntityField => f !== undefined);
}

function cellValue(field: EntityField, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (field.kind === 'boolean')
    return value
      ? field.name === 'active'
        ? 'Active'
        : 'Yes'
      : field.name === 'active'
        ? 'Inactive'
        : 'No';
  if (value instanceof Date) return value.toISOString().replace('T', ' ').slice(0, 19);
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (field.kind === 'multi' && Array.isArray(value)) return value.join(', ');
  return JSON.stringify(value);
}

/** RFC 4180 quoting, and a leading quote on text a spreadsheet would run as a formula. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function fileName(binding: ResolvedBinding, format: string): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `${binding.entity.name}-${day}.${format}`;
}

export async function sendExport(
  reply: FastifyReply,
  db: Db,
  binding: ResolvedBinding,
  query: ExportQuery,
) {
  const columns = exportColumns(binding, query.columns);
  const total = await countRows(db, binding, query);
  const out = new PassThrough();
  reply
    .header('Content-Disposition', `attachment; filename="${fileName(binding, query.format)}"`)
    .header('X-Total-Rows', String(total))
    .header('Access-Control-Expose-Headers', 'X-Total-Rows, Content-Disposition')
    .header(
      'Content-Type',
      query.format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  void reply.send(out);
  const rows = allRows(db, binding, query);
  if (query.format === 'csv') await writeCsv(out, columns, rows);
  else await writeXlsx(out, binding, columns, rows);
  return reply;
}

async function writeCsv(
  out: PassThrough,
  columns: EntityField[],
  batches: AsyncGenerator<Record<string, unknown>[]>,
) {
  try {
    // A byte-order mark so Excel reads UTF-8 names correctly.
    out.write(`\uFEFF${columns.map((c) => csvCell(c.label)).join(',')}\r\n`);
    for await (const rows of batches) {
      const text = rows
        .map((row) => columns.map((c) => csvCell(cellValue(c, row[c.name]))).join(','))
        .join('\r\n');
      if (!out.write(`${text}\r\n`)) await new Promise((resolve) => out.once('drain', resolve));
    }
    out.end();
  } catch (error) {
    out.destroy(error as Error);
  }
}

async function writeXlsx(
  out: PassThrough,
  binding: ResolvedBinding,
  columns: EntityField[],
  batches: AsyncGenerator<Record<string, unknown>[]>,
) {
  try {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const sheet = workbook.addWorksheet(binding.entity.pluralLabel.slice(0, 31));
    sheet.columns = columns.map((c) => ({
      header: c.label,
      key: c.name,
      width: Math.max(10, Math.round((c.width ?? 140) / 7)),
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const rows of batches) {
      for (const row of rows) sheet.addRow(columns.map((c) => cellValue(c, row[c.name]))).commit();
    }
    sheet.commit();
    await workbook.commit();
  } catch (error) {
    out.destroy(error as Error);
  }
}
