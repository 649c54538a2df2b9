import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createSchema } from '../../../../src/domain/entity/entity-declaration.ts';
import { TRAINING_PROJECTS } from '../../shared/entities/training-projects.entity.ts';
import { TRAININGS } from '../../shared/entities/trainings.entity.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import type { Db, Tx } from '../../../../server/db/client.ts';
import { plantToday } from '../../../../server/db/plant-time.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { assignTrainings, curriculumAssignments } from '../db/assign-trainings.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import type { ResolvedBinding } from '../../../../server/http/entity/entity-binding.ts';
import { assertRefs } from '../../../../server/http/entity/entity-refs.ts';
import { readOrFail, staleVersion } from '../../../../server/http/entity/entity-routes.ts';
import { entityRowSchema } from '../../../../server/http/entity/entity-row-schema.ts';
import { addRoute, Answer, signedIn } from '../../../../server/http/route.ts';
import { idParams, versionField } from '../../../../server/http/routes/common-fields.ts';
import { publishTraining } from './publish-training.ts';
import { rowOf, type RowOf } from '../../../../src/domain/entity/row-of.ts';

// Making trainings: a curriculum assigned to its role (every active user of it, every
// effective document of it), or one document to one person. Both by the change roles, both
// skip what a person already holds, both announced as `training.assigned` after commit.

export async function plantTodayText(db: Db | Tx): Promise<string> {
  const [row] = await queryRows<{ today: string }>(
    db,
    sql`select to_char(${plantToday}, 'YYYY-MM-DD') as today`,
  );
  return row!.today;
}

export async function announceAssigned(
  deps: AppDeps,
  binding: ResolvedBinding,
  ids: readonly number[],
): Promise<void> {
  for (const id of ids) {
    const row = await readOrFail(deps.database.db, binding, id);
    await publishTraining(deps, 'assigned', rowOf(TRAININGS, row));
  }
}

export function registerTrainingAssignRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  trainingsBinding: ResolvedBinding,
  projectsBinding: ResolvedBinding,
): void {
  const { db } = deps.database;

  addRoute(app, {
    method: 'POST',
    url: `${TRAINING_PROJECTS.api}/:id/assign`,
    access: { area: 'training_change' },
    summary:
      'Assign a curriculum to its role: a training of each effective document for every active user of the role (those already held are kept); send the version you read',
    params: idParams,
    body: z.strictObject({ version: versionField }),
    response: z.object({ assigned: z.number().int(), training_ids: z.array(z.number().int()) }),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const ids = await db.transaction(async (tx) => {
        const project = rowOf(TRAINING_PROJECTS, await readOrFail(tx, projectsBinding, params.id));
        if (project.version !== body.version) {
          throw await staleVersion(tx, projectsBinding, params.id);
        }
        if (!project.active) throw ruleError('active', 'An inactive curriculum is not assigned');
        const wanted = await curriculumAssignments(tx, params.id);
        return assignTrainings(tx, wanted, {
          today: await plantTodayText(tx),
          actorId: actor.id,
          note: `Curriculum ${project.code} assigned to its role`,
        });
      });
      await announceAssigned(deps, trainingsBinding, ids);
      return { assigned: ids.length, training_ids: ids };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: TRAININGS.api,
    access: { area: 'training_change' },
    summary: 'Assign one effective document to one person, due on the day given',
    body: createSchema(TRAININGS),
    response: entityRowSchema(TRAININGS),
    handler: async ({ body, user }) => {
      const actor = signedIn(user);
      const values = body as Record<string, unknown>;
      const row = await db.transaction(async (tx): Promise<RowOf<typeof TRAININGS>> => {
        await assertRefs(tx, TRAININGS.fields, values, { record: values });
        const [doc] = await queryRows<{ status: string }>(
          tx,
          sql`select status from training_documents where id = ${Number(values.training_document_id)}`,
        );
        if (doc?.status !== 'effective') {
          throw ruleError('training_document_id', 'Only an effective document is trained on');
        }
        const [id] = await assignTrainings(
          tx,
          [
            {
              trainee_id: Number(values.trainee_id),
              document_id: Number(values.training_document_id),
              project_id:
                values.training_project_id == null ? null : Number(values.training_project_id),
            },
          ],
          { today: await plantTodayText(tx), actorId: actor.id, note: 'Assigned by hand' },
        );
        if (id === undefined) {
          throw ruleError('trainee_id', 'This person already has this revision to train on');
        }
        if (typeof values.due_date === 'string' && values.due_date !== '') {
          await tx.execute(
            sql`update trainings set due_date = ${values.due_date}::date where id = ${id}`,
          );
        }
        return rowOf(TRAININGS, await readOrFail(tx, trainingsBinding, id));
      });
      await publishTraining(deps, 'assigned', row);
      return new Answer(row, 'created', 201);
    },
  });
}
