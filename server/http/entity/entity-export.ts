import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { listFields } from '../../../src/domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../src/domain/entity/entity-field.ts';
import type { TableQuery } from '../../../src/domain/table-filter/table-query.types.ts';
import type { Db } from '../../db/client.ts';
import { validationError } from '../../errors/api-error.ts';
import type { ResolvedBinding } from './entity-binding.ts';
import { countRows } from './entity-queries.ts';
import { copyCsvChunks, copyCsvPlan } from './export-copy.ts';
import { exportRows, postgresPool, type ExportRow } from './export-rows.ts';

// Exactly the rows the list shows (same filter, same sort, no paging), streamed a batch at a
// time (export-rows.ts) so a large export never sits in memory: the next batch is read only
// when the connection has taken the last one. `X-Total-Rows` goes first so the browser can
// show progress while it reads.

/** How long a download may make no progress before it is ended. */
/** What an export sends, by format (csv, xlsx): the media types its OpenAPI operation names. */
export const EXPORT_MEDIA_TYPES = [
  'text/csv; charset=utf-8',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

export const EXPORT_STALL_MS = 60_000;

export type ExportQuery = Pick<TableQuery, 'filter' | 'sort'> & {
  format: 'csv' | 'xlsx';
  columns?: string[] | undefined;
};

export function exportColumns(
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
export function csvCell(value: string | number | null): string {
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
  reply
    .header('Content-Disposition', `attachment; filename="${fileName(binding, query.format)}"`)
    .header('X-Total-Rows', String(total))
    .header('Access-Control-Expose-Headers', 'X-Total-Rows, Content-Disposition')
    .header('Content-Type', query.format === 'csv' ? EXPORT_MEDIA_TYPES[0] : EXPORT_MEDIA_TYPES[1]);
  // A client that stops reading without hanging up would hold the rows' cursor or COPY (a
  // pooled connection and an old snapshot) for ever: a minute without progress ends the
  // download.
  reply.raw.setTimeout(EXPORT_STALL_MS, () => reply.raw.destroy());
  // A Readable pulls the next batch only when the socket drained the last (backpressure), and
  // ends the rows (and their cursor or COPY) if the browser goes away.
  const body =
    query.format === 'csv'
      ? Readable.from(await csvBody(db, binding, query, columns), { objectMode: false })
      : xlsxStream(
          binding,
          columns,
          exportRows(
            db,
            binding,
            query,
            columns.map((c) => c.name),
          ),
        );
  return reply.send(body);
}

/**
 * The CSV file: on PostgreSQL one COPY that formats the cells (export-copy.ts), else (PGlite,
 * or a column the COPY cannot write alike) the rows decoded and written here.
 */
async function csvBody(
  db: Db,
  binding: ResolvedBinding,
  query: ExportQuery,
  columns: EntityField[],
): Promise<AsyncIterable<string | Buffer>> {
  const pool = postgresPool(db);
  const plan = pool ? await copyCsvPlan(pool, db, binding, query, columns) : null;
  if (pool && plan) return copyCsvChunks(pool, plan, csvHeader(columns));
  const names = columns.map((c) => c.name);
  return csvChunks(columns, exportRows(db, binding, query, names));
}

/** The header line, with a byte-order mark so Excel reads UTF-8 names correctly. */
export function csvHeader(columns: readonly EntityField[]): string {
  return `\uFEFF${columns.map((c) => csvCell(c.label)).join(',')}\r\n`;
}

/** The CSV file as text chunks: the header line, then one chunk per batch of rows. */
export async function* csvChunks(
  columns: readonly EntityField[],
  batches: AsyncIterable<ExportRow[]>,
): AsyncGenerator<string> {
  yield csvHeader(columns);
  for await (const rows of batches) {
    let text = '';
    for (const row of rows) text += `${csvLine(columns, row)}\r\n`;
    yield text;
  }
}

/** One row as a CSV line, without its line break. */
export function csvLine(columns: readonly EntityField[], row: ExportRow): string {
  return columns.map((c) => csvCell(cellValue(c, row[c.name]))).join(',');
}

function xlsxStream(
  binding: ResolvedBinding,
  columns: EntityField[],
  batches: AsyncGenerator<ExportRow[]>,
): PassThrough {
  const out = new PassThrough();
  void writeXlsx(out, binding, columns, batches);
  return out;
}

async function writeXlsx(
  out: PassThrough,
  binding: ResolvedBinding,
  columns: EntityField[],
  batches: AsyncGenerator<ExportRow[]>,
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
      if (out.destroyed) break;
      for (const row of rows) sheet.addRow(columns.map((c) => cellValue(c, row[c.name]))).commit();
      // The zip writes into `out`; wait for the socket before reading the next batch.
      if (out.writableNeedDrain) await drainedOrClosed(out);
    }
    // Leaving the loop early ended the rows (and their cursor) already.
    if (out.destroyed) return;
    sheet.commit();
    await workbook.commit();
  } catch (error) {
    out.destroy(error as Error);
  }
}

function drainedOrClosed(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.once('drain', done);
    out.once('close', done);
  });
}
