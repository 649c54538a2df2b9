import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { filterableFields } from '../../../../src/domain/entity/entity-declaration.ts';
import { MY_TRAININGS } from '../../shared/entities/trainings.entity.ts';
import { tableQueryShape } from '../../../../src/domain/table-filter/table-query.schema.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { trainings } from '../db/training.schema.ts';
import { ApiError } from '../../../../server/errors/api-error.ts';
import type { ResolvedBinding } from '../../../../server/http/entity/entity-binding.ts';
import { EXPORT_MEDIA_TYPES, sendExport } from '../../../../server/http/entity/entity-export.ts';
import { changesSince, findRow, listPage } from '../../../../server/http/entity/entity-queries.ts';
import { committedSeq } from '../../../../server/db/committed-seq.ts';
import {
  entityChangesSchema,
  entityPageSchema,
  entityRowSchema,
} from '../../../../server/http/entity/entity-row-schema.ts';
import { addRoute, signedIn } from '../../../../server/http/route.ts';
import { idParams } from '../../../../server/http/routes/common-fields.ts';

// "My trainings" (docs/domain/training.md §8 decision): any Training-module user reads their own
// trainings, and only those: the trainings binding narrowed to the caller on every read, so another
// person's training is not found rather than refused (nothing of it is told).

export function registerMyTrainingRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  trainingsBinding: ResolvedBinding,
): void {
  const { db } = deps.database;
  const access = { area: MY_TRAININGS.area } as const;
  const mine = (userId: number): ResolvedBinding => ({
    ...trainingsBinding,
    entity: MY_TRAININGS,
    where: sql`${trainings.traineeId} = ${userId}`,
  });

  addRoute(app, {
    method: 'GET',
    url: MY_TRAININGS.api,
    access,
    summary: 'My trainings: a filtered, sorted page of the signed-in person’s own trainings',
    query: z.object(tableQueryShape(filterableFields(MY_TRAININGS))),
    response: entityPageSchema(MY_TRAININGS),
    handler: async ({ query, user }) => {
      const seq = await committedSeq(db);
      const page = await listPage(db, mine(signedIn(user).id), query);
      return { ...page, page: query.page, per_page: query.per_page, seq };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: `${MY_TRAININGS.api}/changes`,
    access,
    summary: 'My trainings written after a change seq (live-store delta poll)',
    query: z.object({ since: z.coerce.number().int().min(0) }),
    response: entityChangesSchema(MY_TRAININGS),
    handler: async ({ query, user }) => changesSince(db, mine(signedIn(user).id), query.since),
  });

  addRoute(app, {
    method: 'GET',
    url: `${MY_TRAININGS.api}/export`,
    access: { area: MY_TRAININGS.area, action: 'export' },
    summary: 'My trainings: every filtered, sorted row as CSV or XLSX (streamed)',
    query: z.object({
      ...tableQueryShape(filterableFields(MY_TRAININGS)),
      format: z.enum(['csv', 'xlsx']),
      columns: z.array(z.string().max(60)).max(200).optional(),
    }),
    replyType: EXPORT_MEDIA_TYPES,
    handler: async ({ query, reply, user }) =>
      sendExport(reply, db, mine(signedIn(user).id), query),
  });

  addRoute(app, {
    method: 'GET',
    url: `${MY_TRAININGS.api}/:id`,
    access,
    summary: 'One of my trainings (another person’s is not found)',
    params: idParams,
    response: entityRowSchema(MY_TRAININGS),
    handler: async ({ params, user }) => {
      const row = await findRow(db, mine(signedIn(user).id), params.id);
      if (!row) throw new ApiError('not_found');
      return row;
    },
  });
}
