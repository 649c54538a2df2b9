import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { RD_PROJECTS } from '../../../../src/domain/entities/rd/rd-projects.entity.ts';
import {
  RD_PROJECT_TRANSITIONS,
  rdProjectMachine,
} from '../../../../src/machines/workflows/rd-project.machine.ts';
import { eventRolesOf } from '../../../../src/machines/workflows/stock-workflow.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { rdProjects } from '../../../db/schema/rd.ts';
import { logTransition } from '../../../db/stock/transition-log.ts';
import type { EntityRow, ResolvedBinding } from '../../entity/entity-binding.ts';
import { lockedRead, readOrFail, registerEntityRoutes } from '../../entity/entity-routes.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { decideForecastEvent as decideEvent } from '../forecast/forecast-event.ts';
import { rdProjectsBinding } from './rd-projects.binding.ts';

// R&D projects: the entity routes (drafts) and the workflow events (submit, approve, reject,
// complete, hold, resume, cancel), each one transaction with its status_transitions row, then
// `project.updated` on private-rd.projects. A project resumed with samples is in development
// again (the rule that moves an approved project on at its first sample).

export function registerRdProjectRoutes(app: FastifyInstance, deps: AppDeps): ResolvedBinding {
  const { db } = deps.database;
  const binding = registerEntityRoutes(app, deps, rdProjectsBinding);

  addRoute(app, {
    method: 'POST',
    url: `${RD_PROJECTS.api}/:id/events/:event`,
    access: { area: 'rd_projects' },
    callers: { events: eventRolesOf(RD_PROJECT_TRANSITIONS) },
    summary:
      'Send an R&D project event (submit, approve, reject, complete, hold, resume, cancel); send the version you read',
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: z.strictObject({ version: versionField, reason: z.string().trim().max(500).optional() }),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const row = await db.transaction(async (tx) => {
        const doc = await lockedRead(tx, binding, params.id);
        const from = String(doc.status);
        let to = await decideEvent(
          tx,
          { machine: rdProjectMachine, table: RD_PROJECT_TRANSITIONS, binding },
          params.event,
          actor,
          doc as EntityRow & { status: string },
          { version: body.version, reason: body.reason },
        );
        if (params.event === 'resume' && Number(doc.sample_count) > 0) to = 'in_development';
        await tx
          .update(rdProjects)
          .set({
            status: to,
            updatedBy: actor.id,
            ...(params.event === 'submit' ? { submittedBy: actor.id } : {}),
          })
          .where(eq(rdProjects.id, params.id));
        await logTransition(tx, {
          entityType: RD_PROJECTS.name,
          entityId: params.id,
          from,
          to,
          event: params.event,
          reason: body.reason ?? null,
          actorId: actor.id,
        });
        return readOrFail(tx, binding, params.id);
      });
      await publishChange(deps, RD_PROJECTS, 'updated', row);
      return row;
    },
  });
  return binding;
}
