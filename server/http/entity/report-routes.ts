import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { filterableFields } from '../../../src/domain/entity/entity-declaration.ts';
import { tableQueryShape } from '../../../src/domain/table-filter/table-query.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { resolveBinding, type EntityBinding } from './entity-binding.ts';
import { EXPORT_MEDIA_TYPES, sendExport } from './entity-export.ts';
import { entityChangesSchema, entityPageSchema } from './entity-row-schema.ts';
import { changesSince, listPage } from './entity-queries.ts';
import { committedSeq } from '../../db/committed-seq.ts';
import { validationError } from '../../errors/api-error.ts';
import { addRoute } from '../route.ts';

// A report on the entity pattern (filter, sort, page, export) that its area's
// export-only roles (production_reports) open too: every route takes `action: 'export'`,
// since the report page itself is theirs (route-builder `report`). `params` are the
// report's own query parameters (an as-of date); the binding is built from them per request.

export function registerReportRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  entity: EntityBinding['entity'],
  params: z.ZodObject,
  bindingFor: (values: Record<string, unknown>) => EntityBinding,
): void {
  const { db } = deps.database;
  const access = { area: entity.area, action: 'export' } as const;
  const listShape = tableQueryShape(filterableFields(entity));
  // The report's own parameters are checked (422 on a bad one) before the list's.
  const resolved = (values: Record<string, unknown>) => {
    const own = params.safeParse(values);
    if (!own.success) {
      throw validationError(
        Object.fromEntries(own.error.issues.map((i) => [`query.${i.path.join('.')}`, 'in'])),
      );
    }
    return resolveBinding(bindingFor(own.data));
  };

  addRoute(app, {
    method: 'GET',
    url: entity.api,
    response: entityPageSchema(entity),
    access,
    summary: `${entity.pluralLabel}: a filtered, sorted page with its total`,
    query: z.looseObject(listShape),
    handler: async ({ query }) => {
      const seq = await committedSeq(db);
      const page = await listPage(db, resolved(query), query);
      return { ...page, page: query.page, per_page: query.per_page, seq };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: `${entity.api}/changes`,
    response: entityChangesSchema(entity),
    access,
    summary: `${entity.pluralLabel} changed after a change seq`,
    query: z.looseObject({ since: z.coerce.number().int().min(0) }),
    handler: async ({ query }) => changesSince(db, resolved(query), query.since),
  });

  addRoute(app, {
    method: 'GET',
    url: `${entity.api}/export`,
    replyType: EXPORT_MEDIA_TYPES,
    access,
    summary: `${entity.pluralLabel}: every filtered, sorted row as CSV or XLSX (streamed)`,
    query: z.looseObject({
      ...listShape,
      format: z.enum(['csv', 'xlsx']),
      columns: z.array(z.string().max(60)).max(200).optional(),
    }),
    handler: async ({ query, reply }) => sendExport(reply, db, resolved(query), query),
  });
}
