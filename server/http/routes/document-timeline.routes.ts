import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { canAccess } from '../../../src/domain/access.ts';
import { entityNamed } from '../../../src/domain/entities/entity-registry.ts';
import {
  timelineEntrySchema,
  type TimelineKind,
} from '../../../src/domain/entity/timeline-entry.ts';
import type { AppDeps } from '../../app-deps.ts';
import { queryRows } from '../../db/query-rows.ts';
import { ApiError } from '../../errors/api-error.ts';
import { addRoute, signedIn } from '../route.ts';
import { withRefLabels } from './timeline-ref-labels.ts';

// A document's story: every status transition (status_transitions) and every audited write
// (audit_logs) of one (entity, id), oldest first, with who did it. One route for every document, so
// each form shows the same timeline; whoever may not read the entity's area may not read its
// history either. References read by name (timeline-ref-labels).

/** More than a document ever gathers; a runaway log is cut, newest kept. */
const TIMELINE_LIMIT = 500;

const params = z.object({
  entity: z.string().regex(/^[a-z_]{2,60}$/),
  id: z.coerce.number().int().positive(),
});

type Row = {
  kind: TimelineKind;
  id: number;
  at: Date | string;
  by_name: string | null;
  from_status: string | null;
  to_status: string | null;
  event: string | null;
  reason: string | null;
  changes: Record<string, unknown> | null;
};

export function registerDocumentTimelineRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'GET',
    url: '/api/timeline/:entity/:id',
    response: z.array(timelineEntrySchema),
    // The entity's own area is checked below: the route serves every entity.
    access: 'authenticated',
    summary:
      "A document's timeline: its status transitions and audited changes, oldest first, with who and when",
    params,
    handler: async ({ params: p, user }) => {
      const actor = signedIn(user);
      const entity = entityNamed(p.entity);
      if (!entity) throw new ApiError('not_found', { entity: p.entity }, 404);
      if (!canAccess(actor.roles, entity.area)) throw new ApiError('no_privileges');
      const rows = await queryRows<Row>(
        db,
        sql`select * from (
              select 'transition' as kind, t.id::int as id, t.created_at as at,
                     u.name as by_name, t.from_status, t.to_status, t.event, t.reason,
                     t.payload as changes
                from status_transitions t left join users u on u.id = t.created_by
               where t.entity_type = ${entity.name} and t.entity_id = ${p.id}
              union all
              select 'audit', a.id::int, a.created_at, u.name, null, null, a.action, null,
                     a.changes
                from audit_logs a left join users u on u.id = a.created_by
               where a.entity_type = ${entity.name} and a.entity_id = ${p.id}
            ) story
            order by at desc, kind desc, id desc
            limit ${TIMELINE_LIMIT}`,
      );
      const story = rows.reverse().map((r) => ({
        kind: r.kind,
        id: r.id,
        at: new Date(r.at).toISOString(),
        by_name: r.by_name,
        from_status: r.from_status,
        to_status: r.to_status,
        event: r.event ?? '',
        reason: r.reason,
        changes: r.changes ?? {},
      }));
      return withRefLabels(db, app.entityBindings, entity, story);
    },
  });
}
