import { asc, eq, sql } from 'drizzle-orm';
import { RD_PROJECTS } from '../../shared/entities/rd-projects.entity.ts';
import type { RdSampleEvaluationRow } from '../../shared/entities/rd-samples.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import { nextNumber } from '../../../../server/db/document-number.ts';
import { customers } from '../../../../server/db/schema/customers.ts';
import { brands } from '../../../../server/db/schema/inventory.ts';
import { rdProjects, rdSampleEvaluations, rdSamples } from '../db/rd.schema.ts';
import { ApiError, ruleError } from '../../../../server/errors/api-error.ts';
import {
  qualified,
  refLabel,
  resolveBinding,
  type EntityBinding,
} from '../../../../server/http/entity/entity-binding.ts';
import { createdLabels } from '../../../../server/http/entity/shared-field-labels.ts';
import { rdEvaluationsBinding } from './rd-samples.binding.ts';

// R&D projects on the entity pattern: written while a draft, deleted only as one. The number
// (RD-) and the requester are the server's, set right after the row in its transaction.

const id = qualified(rdProjects.id);
const evaluationsBinding = resolveBinding(rdEvaluationsBinding);

export const rdProjectsBinding: EntityBinding = {
  entity: RD_PROJECTS,
  table: rdProjects,
  computed: {
    customer_name: refLabel(rdProjects.customerId, customers),
    brand_name: refLabel(rdProjects.brandId, brands),
    requester_name: sql<
      string | null
    >`(select u.name from users u where u.id = ${qualified(rdProjects.requesterId)})`,
    sample_count: sql<number>`(select count(*)::int from rd_samples s where s.rd_project_id = ${id})`,
    approved_samples: sql<number>`(select count(*)::int from rd_samples s
      where s.rd_project_id = ${id} and s.status = 'approved')`,
    ...createdLabels(rdProjects.createdBy),
  },
  // The project page lists its samples to both its roles (the samples area is the lab's),
  // each with its version and evaluations: the requester evaluates a sent one from there.
  readExtra: async (db, row) => {
    const samples = await db
      .select({
        id: rdSamples.id,
        version: rdSamples.version,
        number: rdSamples.number,
        iteration: rdSamples.iteration,
        status: rdSamples.status,
        flavorist_name: sql<string | null>`(select u.name from users u
          where u.id = ${qualified(rdSamples.flavoristId)})`,
        due_date: rdSamples.dueDate,
        // Qualified: a bare "id" would be the evaluation's own inside the subquery.
        avg_score: sql<number | null>`(select round(avg(e.score), 1)::float8
          from rd_sample_evaluations e where e.rd_sample_id = ${qualified(rdSamples.id)})`,
      })
      .from(rdSamples)
      .where(eq(rdSamples.rdProjectId, row.id))
      .orderBy(asc(rdSamples.iteration));
    // Read through the evaluations' binding, so each value is as its kind declares.
    const evaluations = (await db
      .select(evaluationsBinding.selection)
      .from(rdSampleEvaluations)
      .innerJoin(rdSamples, eq(rdSamples.id, rdSampleEvaluations.rdSampleId))
      .where(eq(rdSamples.rdProjectId, row.id))
      .orderBy(asc(rdSampleEvaluations.id))) as RdSampleEvaluationRow[];
    return {
      samples: samples.map((s) => ({
        ...s,
        evaluations: evaluations.filter((e) => e.rd_sample_id === s.id),
      })),
    };
  },
  hooks: {
    beforeWrite: async ({ before }) => {
      const project = before && rowOf(RD_PROJECTS, before);
      if (project && project.status !== 'draft') {
        throw ruleError(
          'status',
          `A ${(project.status ?? '').replaceAll('_', ' ')} project cannot be edited`,
        );
      }
    },
    afterWrite: async ({ tx, actor, before, after }) => {
      if (before) return;
      await tx
        .update(rdProjects)
        .set({ number: await nextNumber(tx, 'rd_project'), requesterId: actor.id })
        .where(eq(rdProjects.id, after.id));
    },
    beforeDelete: async ({ before }) => {
      if (before.status !== 'draft') throw new ApiError('database_delete_7', null, 409);
    },
  },
};
