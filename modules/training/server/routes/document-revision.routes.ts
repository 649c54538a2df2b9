import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { TRAINING_DOCUMENTS } from '../../shared/entities/training-documents.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { writeAudit } from '../../../../server/db/audit.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { lockResources, trainingDocumentCodeKey } from '../../../../server/db/resource-locks.ts';
import { trainingDocuments } from '../db/training.schema.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import type { ResolvedBinding } from '../../../../server/http/entity/entity-binding.ts';
import { readOrFail, staleVersion } from '../../../../server/http/entity/entity-routes.ts';
import { entityRowSchema } from '../../../../server/http/entity/entity-row-schema.ts';
import { publishChange } from '../../../../server/http/entity/publish-change.ts';
import { addRoute, Answer, signedIn } from '../../../../server/http/route.ts';
import { idParams, versionField } from '../../../../server/http/routes/common-fields.ts';

// A document's next revision, written from one of its revisions: a draft with the same code,
// title and category and the next revision number, in the curricula that hold the code (which
// train on it once it is made effective). Its file is not carried over: a new revision is new
// text. One revision of a code is written at a time, so a draft or approved one already there
// is refused, and two people asking at once take turns on the code's lock.

export function registerDocumentRevisionRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  documents: ResolvedBinding,
): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'POST',
    url: `${TRAINING_DOCUMENTS.api}/:id/new-revision`,
    access: { area: 'training_change' },
    summary:
      'Start the next revision of a document: a draft with its code, title, category and curricula and the next revision number; send the version you read',
    params: idParams,
    body: z.strictObject({ version: versionField }),
    response: entityRowSchema(TRAINING_DOCUMENTS),
    handler: async ({ params, body, user, request }) => {
      const actor = signedIn(user);
      const row = await db.transaction(async (tx) => {
        const source = rowOf(TRAINING_DOCUMENTS, await readOrFail(tx, documents, params.id));
        const code = source.code;
        await lockResources(tx, [trainingDocumentCodeKey(code)]);
        if (source.version !== body.version) throw await staleVersion(tx, documents, params.id);
        const [state] = await queryRows<{ next: number; written: number | null }>(
          tx,
          sql`select max(revision) + 1 as next,
                     max(revision) filter (where status in ('draft', 'approved')) as written
                from training_documents where code = ${code}`,
        );
        if (state?.written != null) {
          throw ruleError(
            'status',
            `${code} rev ${Number(state.written)} is already being written: finish it first`,
          );
        }
        const values = {
          code,
          revision: Number(state?.next ?? source.revision + 1),
          title: source.title,
          categoryId: source.category_id,
          status: 'draft',
          createdBy: actor.id,
          updatedBy: actor.id,
        };
        const [inserted] = await tx
          .insert(trainingDocuments)
          .values(values)
          .returning({ id: trainingDocuments.id });
        const id = inserted!.id;
        await tx.execute(sql`insert into training_project_documents
            (training_project_id, training_document_id, sort, created_by, updated_by)
          select pd.training_project_id, ${id}, max(pd.sort), ${actor.id}::bigint, ${actor.id}::bigint
            from training_project_documents pd
            join training_documents d on d.id = pd.training_document_id
           where d.code = ${code} and d.id <> ${id}
           group by pd.training_project_id`);
        await writeAudit(tx, {
          entityType: TRAINING_DOCUMENTS.name,
          entityId: id,
          action: 'create',
          changes: {
            code: [null, code],
            revision: [null, values.revision],
            title: [null, values.title],
            category_id: [null, values.categoryId],
            from_revision: [null, source.revision],
          },
          userId: actor.id,
          ip: request.ip,
        });
        return readOrFail(tx, documents, id);
      });
      await publishChange(deps, TRAINING_DOCUMENTS, 'created', row);
      return new Answer(row, 'created', 201);
    },
  });
}
