import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  TRACE_API,
  TRACE_DIRECTIONS,
  TRACE_REPORT_API,
  parseTraceAnchor,
  traceSchema,
  type Trace,
  type TraceDirection,
} from '../../../../src/domain/entities/stock/lot-trace.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { traceLot } from '../../../db/stock/lot-trace.ts';
import { recallRows } from '../../../db/stock/recall-rows.ts';
import { renderPdf } from '../../../pdf-render/render-pdf.ts';
import { recallCsv } from '../../../trace-report/recall-report.csv.ts';
import { recallFileName, recallReport } from '../../../trace-report/recall-report.ts';
import { ApiError, validationError } from '../../../errors/api-error.ts';
import { addRoute } from '../../route.ts';
import { sendFile } from '../../file-reply.ts';

// A lot traced both ways in one call, and its recall report as CSV or PDF. Open to the lot_trace
// area of the access table (access.ts says who and why). A `from` that names no known kind or id is
// refused with `in`; an anchor that does not exist is 404.

// `lot_no` is what a person types or scans (a lot number is unique per product only: the
// latest lot of that number is meant); `from` is what the app's Trace buttons send.
const traceQuery = z.object({
  from: z.string().max(60).optional(),
  lot_no: z.string().trim().min(1).max(40).optional(),
  direction: z.enum(TRACE_DIRECTIONS).default('both'),
});

type TraceQuery = z.infer<typeof traceQuery>;

async function anchorOf(db: Db, query: TraceQuery) {
  if (query.from === undefined && query.lot_no !== undefined) {
    const [lot] = await queryRows<{ id: number }>(
      db,
      sql`select id::int as id from stock_lots where lower(lot_no) = lower(${query.lot_no})
           order by id desc limit 1`,
    );
    if (!lot) throw new ApiError('not_found');
    return { kind: 'lot' as const, id: lot.id };
  }
  if (query.from === undefined) throw validationError({ 'query.from': 'required' });
  const anchor = parseTraceAnchor(query.from);
  if (!anchor) throw validationError({ 'query.from': 'in' });
  return anchor;
}

async function readTrace(db: Db, query: TraceQuery, direction: TraceDirection): Promise<Trace> {
  const anchor = await anchorOf(db, query);
  const trace = await traceLot(db, anchor, direction);
  if (!trace) throw new ApiError('not_found');
  return trace;
}

export function registerLotTraceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'GET',
    url: TRACE_API,
    access: { area: 'lot_trace' },
    summary: 'A lot, order, reel, skid, sale or customer traced forward and backward as a graph',
    query: traceQuery,
    response: traceSchema,
    handler: async ({ query }) => readTrace(db, query, query.direction),
  });
  addRoute(app, {
    method: 'GET',
    url: TRACE_REPORT_API,
    access: { area: 'lot_trace' },
    summary: 'The recall report of a trace: every customer reached and the records behind it',
    query: traceQuery.extend({ format: z.enum(['csv', 'pdf']).default('pdf') }),
    // A PDF unless format=csv asks for the CSV.
    replyType: 'application/pdf',
    handler: async ({ query, reply }) => {
      // The report is the whole picture, whatever the page showed.
      const trace = await readTrace(db, query, 'both');
      const report = recallReport(trace, await recallRows(db, trace));
      const csv = query.format === 'csv';
      return sendFile(reply, {
        body: csv
          ? recallCsv(report)
          : await renderPdf('recall-report', { report, tracedAt: new Date() }),
        type: csv ? 'text/csv; charset=utf-8' : 'application/pdf',
        fileName: recallFileName(report, query.format),
      });
    },
  });
}
