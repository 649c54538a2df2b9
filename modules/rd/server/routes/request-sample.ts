import { eq, sql } from 'drizzle-orm';
import { RD_FLAVORIST_ROLE } from '../../shared/entities/rd-samples.entity.ts';
import { RD_PROJECT_SAMPLING } from '../../shared/machines/rd-project.machine.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { nextNumber } from '../../../../server/db/document-number.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { rdProjects, rdSamples } from '../db/rd.schema.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import { resolveBinding } from '../../../../server/http/entity/entity-binding.ts';
import { runEvent } from '../../../../server/http/entity/event-pipeline.ts';
import { rdProjectsBinding } from './rd-projects.binding.ts';

// A sample requested on a project (docs/domain/rd.md §7): the supervisor's request, or the child a
// revision asks for. It takes the project's next iteration and an SM- number; the first
// sample of an approved project moves the project to in_development in the same transaction.
// The flavorist chosen is an active user who holds the flavorist's role.

const projects = resolveBinding(rdProjectsBinding);

export type SampleRequest = {
  flavorist_id?: number | null;
  batch_size_ml?: number | null;
  due_date?: string | null;
  note?: string | null;
};

export type RequestedSample = { id: number; projectMoved: boolean };

export async function requestSample(
  tx: Tx,
  actorId: number,
  projectId: number,
  fields: SampleRequest,
  parent?: { id: number },
): Promise<RequestedSample> {
  const [project] = await tx
    .select({ status: rdProjects.status })
    .from(rdProjects)
    .where(eq(rdProjects.id, projectId))
    .for('update');
  if (!project) throw ruleError('rd_project_id', 'exists');
  if (!(RD_PROJECT_SAMPLING as readonly string[]).includes(project.status)) {
    throw ruleError(
      'rd_project_id',
      `The project is ${project.status.replaceAll('_', ' ')}: samples are requested on an approved project`,
    );
  }
  if (fields.flavorist_id != null) await assertFlavorist(tx, fields.flavorist_id);
  // The project row is locked, so two requests cannot take the same iteration.
  const [last] = await tx
    .select({ max: sql<number>`coalesce(max(${rdSamples.iteration}), 0)::int` })
    .from(rdSamples)
    .where(eq(rdSamples.rdProjectId, projectId));
  const [inserted] = await tx
    .insert(rdSamples)
    .values({
      number: await nextNumber(tx, 'rd_sample'),
      rdProjectId: projectId,
      parentSampleId: parent?.id ?? null,
      iteration: (last?.max ?? 0) + 1,
      flavoristId: fields.flavorist_id ?? null,
      batchSizeMl: fields.batch_size_ml != null ? String(fields.batch_size_ml) : undefined,
      dueDate: fields.due_date ?? null,
      note: fields.note ?? null,
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning({ id: rdSamples.id });
  if (!inserted) throw new Error('rd_samples: insert returned no row');
  if (parent) {
    // The revision starts from its parent's formula.
    await tx.execute(sql`insert into rd_sample_ingredients
        (rd_sample_id, product_id, pct, is_fill, sort, created_by, updated_by)
      select ${inserted.id}, product_id, pct, is_fill, sort, ${actorId}, ${actorId}
        from rd_sample_ingredients where rd_sample_id = ${parent.id}`);
  }
  const projectMoved = project.status === 'approved';
  if (projectMoved) {
    // The server's own event on the project: no version read, no role asked.
    await runEvent(
      tx,
      { binding: projects, decide: () => ({ kind: 'ok', to: 'in_development' }) },
      {
        id: projectId,
        event: 'first_sample',
        version: null,
        reason: null,
        actor: { id: actorId, roles: [] },
        input: {},
      },
    );
  }
  return { id: inserted.id, projectMoved };
}

async function assertFlavorist(tx: Tx, userId: number): Promise<void> {
  const found = await queryRows(
    tx,
    sql`select 1 from users u
      join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
      where u.id = ${userId} and u.active and r.code = ${RD_FLAVORIST_ROLE}`,
  );
  if (found.length === 0) {
    throw ruleError('flavorist_id', 'Choose an active user with the R&D Flavorist role');
  }
}
