import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { flag01Schema } from '../../src/domain/entity/field-schema.ts';
import {
  importJobRowsPageSchema,
  importOutcomeSchema,
  importPreviewSchema,
} from '../../src/domain/imports/import-job.ts';
import { idParams } from '../http/routes/common-fields.ts';
import { addRoute, Answer, signedIn } from '../http/route.ts';
import type { Importer } from './importer.ts';
import { readImportOutcome, readImportRows } from './import-outcome.ts';
import { previewImport, startImport } from './run-import.ts';

// An import's routes. The upload's file is the raw request body (CSV or XLSX bytes, as the
// browser's File sends them), so a large upload needs no multipart parser and reports its
// upload progress in the browser; its name comes in the query. It answers 202 with the job,
// which runs on; `GET <url>/jobs/:id/outcome` reads the job with its refused rows and
// `GET <url>/jobs/:id/rows` every row it logged. `POST <url>/preview` (the same raw body)
// answers the file's header row and the proposed column mapping, and makes no job; the upload
// then carries the mapping the user settled on (`?mapping={"column":"header"}`). A file this
// kind has already applied is refused (409) with a link to the job that applied it.

/** Largest import file accepted. */
export const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

const FILE_TYPES = [
  'text/csv',
  'application/csv',
  'application/octet-stream',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
];

/** `?mapping=` as JSON text: `{column key: header key}`. */
const mappingQuery = z
  .string()
  .max(4000)
  .transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text);
      const parsed = z.record(z.string().max(80), z.string().max(200)).safeParse(value);
      if (parsed.success) return parsed.data;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'in' });
    return z.NEVER;
  });

/** A page of a job's logged rows: `?result=error&q=text&page=2&per_page=100`. */
export const importRowsQuery = z.object({
  result: z.enum(['ok', 'error', 'skipped']).optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().positive().max(500).default(100),
});

export function registerImportRoute<Row, Context>(
  app: FastifyInstance,
  deps: AppDeps,
  importer: Importer<Row, Context>,
  url: string,
): void {
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      FILE_TYPES,
      { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT },
      (_req, body, next) => next(null, body),
    );
    addRoute(scope, {
      method: 'POST',
      url,
      access: { area: importer.area },
      summary: `Start importing ${importer.type} from a CSV or XLSX file (raw body; ?file_name=&dry_run=1); 202 with the job`,
      bodyLimit: IMPORT_BODY_LIMIT,
      query: z.object({
        file_name: z.string().trim().min(1).max(255),
        dry_run: flag01Schema.default(false),
        ref: z.string().max(40).optional(),
        mapping: mappingQuery.optional(),
      }),
      body: z.instanceof(Buffer, { message: 'required' }),
      response: importOutcomeSchema,
      handler: async ({ query, body, user, request }) => {
        const upload = {
          fileName: query.file_name,
          bytes: body,
          dryRun: query.dry_run,
          ref: query.ref,
          mapping: query.mapping,
          kindUrl: url,
        };
        const job = await startImport(deps, importer, signedIn(user), upload, request.log);
        return new Answer(job, 'accepted', 202);
      },
    });
    addRoute(scope, {
      method: 'POST',
      url: `${url}/preview`,
      access: { area: importer.area },
      summary: `The header row of a ${importer.type} import file, the proposed column mapping and its first rows; no job is made`,
      bodyLimit: IMPORT_BODY_LIMIT,
      query: z.object({ file_name: z.string().trim().min(1).max(255) }),
      body: z.instanceof(Buffer, { message: 'required' }),
      response: importPreviewSchema,
      handler: ({ query, body }) =>
        previewImport(importer, { fileName: query.file_name, bytes: body }),
    });
    done();
  });
  addRoute(app, {
    method: 'GET',
    url: `${url}/jobs/:id/outcome`,
    access: { area: importer.area },
    summary: `One ${importer.type} import job: status, counts, result and its first 500 refused rows`,
    params: idParams,
    response: importOutcomeSchema,
    handler: ({ params }) => readImportOutcome(deps.database.db, importer.type, params.id),
  });
  addRoute(app, {
    method: 'GET',
    url: `${url}/jobs/:id/rows`,
    access: { area: importer.area },
    summary: `The logged rows of one ${importer.type} import job, by row number (?result=error)`,
    params: idParams,
    query: importRowsQuery,
    response: importJobRowsPageSchema,
    handler: ({ params, query }) =>
      readImportRows(deps.database.db, importer.type, params.id, query),
  });
}
