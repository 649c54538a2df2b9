import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { RD_PROJECTS } from '../../shared/entities/rd-projects.entity.ts';
import { RD_SAMPLES, rdSampleDoc } from '../../shared/entities/rd-samples.entity.ts';
import { RD_SAMPLE_TRANSITIONS, rdSampleMachine } from '../../shared/machines/rd-sample.machine.ts';
import { eventRolesOf } from '../../../../src/machines/workflows/document-workflow.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { rdSampleSpecifications } from '../db/rd.schema.ts';
import type { ResolvedBinding } from '../../../../server/http/entity/entity-binding.ts';
import { readOrFail, registerEntityRoutes } from '../../../../server/http/entity/entity-routes.ts';
import { entityRowSchema } from '../../../../server/http/entity/entity-row-schema.ts';
import { byTransitionTable, runEvent } from '../../../../server/http/entity/event-pipeline.ts';
import { assertRefs } from '../../../../server/http/entity/entity-refs.ts';
import { publishChange } from '../../../../server/http/entity/publish-change.ts';
import { publishRow } from '../../../../server/http/entity/publish-row.ts';
import { validationError } from '../../../../server/errors/api-error.ts';
import { addRoute, Answer, signedIn } from '../../../../server/http/route.ts';
import { idParams, versionField } from '../../../../server/http/routes/common-fields.ts';
import { rdEvaluationsBinding, rdSamplesBinding, readSample } from './rd-samples.binding.ts';
import { announceSampleHplc, requestSampleHplc } from './rd-sample-hplc.ts';
import { requestSample } from './request-sample.ts';
import { writableFields } from '../../../../src/domain/entity/entity-declaration.ts';
import { assertWithinNicotineLimit } from '../../../../server/db/nicotine-limit.ts';

// R&D samples: the list, the supervisor's request on a project, and the workflow events
// (rd-sample.machine.ts) through the one event pipeline (event-pipeline.ts). A revision requests the child sample (next iteration, its parent's
// formula) in the event's transaction; approving stamps who approved the specifications.
// Every change goes out as `sample.updated`, a status change also as `sample.status_changed`.

const requestBody = z.strictObject({
  rd_project_id: z.coerce.number().int().positive(),
  flavorist_id: z.coerce.number().int().positive().nullable().optional(),
  batch_size_ml: z.coerce.number().positive().max(100_000).nullable().optional(),
  due_date: z.iso.date().nullable().optional(),
  note: z.string().trim().max(500).nullable().optional(),
});

export type SampleChannels = {
  samples: ResolvedBinding;
  projects: ResolvedBinding;
};

/** After commit: the samples that changed, their status changes, the project moved on. */
export async function announceSamples(
  deps: AppDeps,
  bindings: SampleChannels,
  changes: { updated?: number; created?: number[]; statusChanged?: number[]; project?: number },
): Promise<void> {
  const { db } = deps.database;
  if (changes.updated) {
    await publishChange(
      deps,
      RD_SAMPLES,
      'updated',
      await readOrFail(db, bindings.samples, changes.updated),
    );
  }
  for (const id of changes.created ?? []) {
    await publishChange(deps, RD_SAMPLES, 'created', await readOrFail(db, bindings.samples, id));
  }
  for (const id of changes.statusChanged ?? []) {
    const row = await readOrFail(db, bindings.samples, id);
    const change = { id: row.id, seq: row.seq, version: row.version, data: row };
    await publishRow(deps, RD_SAMPLES, 'sample.status_changed', change);
  }
  if (changes.project) {
    await publishChange(
      deps,
      RD_PROJECTS,
      'updated',
      await readOrFail(db, bindings.projects, changes.project),
    );
  }
}

export function registerRdSampleRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  projects: ResolvedBinding,
): SampleChannels {
  const { db } = deps.database;
  const samples = registerEntityRoutes(app, deps, rdSamplesBinding);
  registerEntityRoutes(app, deps, rdEvaluationsBinding);
  const bindings = { samples, projects };

  addRoute(app, {
    method: 'POST',
    url: RD_SAMPLES.api,
    access: { area: 'rd_samples' },
    callers: { roles: ['rd_supervisor'] },
    summary: 'Request a sample on an approved project (the first one puts it in development)',
    body: requestBody,
    response: entityRowSchema(RD_SAMPLES),
    handler: async ({ body, user }) => {
      const actor = signedIn(user);
      const { rd_project_id, ...fields } = body;
      const requested = await db.transaction(async (tx) => {
        await assertRefs(tx, writableFields(RD_SAMPLES), body);
        const sample = await requestSample(tx, actor.id, rd_project_id, fields);
        return { ...sample, row: await readSample(tx, samples, sample.id) };
      });
      await announceSamples(deps, bindings, {
        created: [requested.id],
        project: rd_project_id,
      });
      return new Answer(requested.row, 'created', 201);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: `${RD_SAMPLES.api}/:id/events/:event`,
    access: { area: 'rd_samples' },
    callers: { events: eventRolesOf(RD_SAMPLE_TRANSITIONS) },
    summary:
      'Send a sample event (start_develop, prepare, send, start_evaluation, evaluate, approve, reject, request_revision, cancel); send the version you read; send takes hplc: true to request its HPLC test',
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    // A revision requested names the new iteration it opened.
    response: entityRowSchema(RD_SAMPLES).extend({ child_sample_id: z.number().int().optional() }),
    body: z.strictObject({
      version: versionField,
      reason: z.string().trim().max(500).optional(),
      // send only: also request the sample's HPLC test (rd-sample-hplc.ts).
      // A form's switch sends 1/0 (docs/product.md §7).
      hplc: z
        .union([z.boolean(), z.literal(0), z.literal(1)])
        .transform(Boolean)
        .optional(),
    }),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const { event } = params;
      const reason = body.reason ?? null;
      const result = await db.transaction(async (tx) => {
        const { row, after } = await runEvent(
          tx,
          {
            binding: samples,
            ...byTransitionTable(
              { machine: rdSampleMachine, table: RD_SAMPLE_TRANSITIONS },
              event,
              actor,
            ),
            effect: async ({ doc }) => {
              const sample = rdSampleDoc(doc);
              if (body.hplc && event !== 'send') throw validationError({ hplc: 'in' });
              if (event === 'approve') {
                const [spec] = await tx
                  .select({ mg: rdSampleSpecifications.nicotineMg })
                  .from(rdSampleSpecifications)
                  .where(eq(rdSampleSpecifications.rdSampleId, params.id));
                await assertWithinNicotineLimit(
                  tx,
                  'nicotine_mg',
                  'The sample',
                  spec?.mg == null ? null : Number(spec.mg),
                );
                await tx
                  .update(rdSampleSpecifications)
                  .set({ approvedBy: actor.id, updatedBy: actor.id })
                  .where(eq(rdSampleSpecifications.rdSampleId, params.id));
              }
              const hplcRequestId = body.hplc
                ? await requestSampleHplc(tx, params.id, actor.id)
                : null;
              const child =
                event === 'request_revision'
                  ? await requestSample(
                      tx,
                      actor.id,
                      sample.rd_project_id ?? 0,
                      {
                        flavorist_id: sample.flavorist_id,
                        batch_size_ml: sample.batch_size_ml ?? 0,
                        note: reason,
                      },
                      { id: params.id },
                    )
                  : null;
              return { after: { child, hplcRequestId } };
            },
            answer: (t, id) => readSample(t, samples, id),
          },
          { id: params.id, event, version: body.version, reason, actor, input: {} },
        );
        return { row, child: after?.child ?? null, hplcRequestId: after?.hplcRequestId ?? null };
      });
      if (result.hplcRequestId !== null) {
        await announceSampleHplc(deps, result.hplcRequestId, params.id);
      }
      await announceSamples(deps, bindings, {
        updated: params.id,
        statusChanged: [params.id],
        created: result.child ? [result.child.id] : [],
      });
      return result.child ? { ...result.row, child_sample_id: result.child.id } : result.row;
    },
  });
  return bindings;
}
