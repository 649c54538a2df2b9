import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  REEL_REQUESTS,
  REEL_REQUEST_TRANSITIONS,
  reelRequestRefusal,
  reelRequestSchema,
  stampCoverRowSchema,
  type ReelRequest,
  type ReelRequestEvent,
} from '../../../../src/domain/entities/production/stamp-cover.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { diffFields, writeAudit } from '../../../db/audit.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { stampCover } from '../../../db/stamp-reels/stamp-cover.ts';
import { ApiError, ruleError } from '../../../errors/api-error.ts';
import { addRoute, Answer, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';

// Days of stamp cover and the reel requests drafted from it (docs/domain/production.md "Stamp
// cover"). The panel reads the cover; below the supplier's lead time stamp_inventory or a
// manager drafts a reel request, which another person approves (orders) or rejects on the
// pending reel approvals. A jurisdiction has at most one pending request: the partial unique
// index settles two drafts sent at once, and the second sender gets the first one's request.

/**
 * Where every open cover panel hears that the figures moved (`cover.changed`, data: the
 * jurisdiction), and the reel requests' lists and work queues that a request changed.
 */
export const STAMP_COVER_CHANNEL = REEL_REQUESTS.channel;
const ENTITY = 'stamp_reel_requests';

const REQUEST_SQL = sql`
  select q.id::int, q.version, q.stamp_jurisdiction_id::int, j.name as jurisdiction_name,
         q.stamps_qty, q.status, q.cover_days::float8 as cover_days, q.lead_time_days, q.note,
         q.created_by::int, cu.name as created_by_name,
         to_char(q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
         du.name as decided_by_name
    from stamp_reel_requests q
    join parameters j on j.id = q.stamp_jurisdiction_id
    left join users cu on cu.id = q.created_by
    left join users du on du.id = q.decided_by`;

async function readRequest(db: Db | Tx, id: number): Promise<ReelRequest | null> {
  const [row] = await queryRows<ReelRequest>(db, sql`${REQUEST_SQL} where q.id = ${id}`);
  return row ?? null;
}

async function pendingOf(tx: Tx, jurisdictionId: number): Promise<ReelRequest | null> {
  const [row] = await queryRows<ReelRequest>(
    tx,
    sql`${REQUEST_SQL} where q.stamp_jurisdiction_id = ${jurisdictionId} and q.status = 'pending'`,
  );
  return row ?? null;
}

const eventParams = idParams.extend({ event: z.enum(['approve', 'reject', 'receive']) });
const eventBody = z.strictObject({
  version: versionField,
  reason: z.string().trim().max(500).optional(),
});

export function registerStampCoverRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  const announce = async (row: ReelRequest, verb: 'created' | 'updated') => {
    await deps.realtime.publisher.publish({
      channels: [STAMP_COVER_CHANNEL],
      event: 'cover.changed',
      data: { stamp_jurisdiction_id: row.stamp_jurisdiction_id },
    });
    await deps.realtime.publisher.publish({
      channels: [STAMP_COVER_CHANNEL],
      event: `${REEL_REQUESTS.event}.${verb}`,
      data: { id: row.id, version: row.version, status: row.status },
    });
  };

  addRoute(app, {
    method: 'GET',
    url: '/api/production/stamp-cover',
    response: z.array(stampCoverRowSchema),
    access: { area: 'production_stamp_cover' },
    summary: 'Days of stamp cover per jurisdiction against the supplier lead time',
    handler: async () => stampCover(db),
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/production/stamp-cover/:id/reel-request',
    response: reelRequestSchema,
    access: { area: 'production_stamp_cover_draft' },
    summary: 'Draft a reel request for a jurisdiction whose cover is below the lead time',
    params: idParams,
    handler: async ({ params, user, request }) => {
      const actor = signedIn(user);
      const answer = await db.transaction(async (tx) => {
        const [cover] = await stampCover(tx, params.id);
        if (!cover) throw new ApiError('not_found');
        const pending = await pendingOf(tx, params.id);
        if (pending) return new Answer(pending, 'ok', 200);
        if (!cover.below_lead_time) {
          throw ruleError(
            'stamp_jurisdiction_id',
            cover.cover_days === null
              ? `${cover.jurisdiction_name} needs no stamps: nothing to request`
              : `${cover.jurisdiction_name} has ${cover.cover_days} days of cover, not below the lead time of ${cover.lead_time_days} days`,
          );
        }
        const [inserted] = await queryRows<{ id: number }>(
          tx,
          sql`insert into stamp_reel_requests
                (stamp_jurisdiction_id, stamps_qty, status, cover_days, lead_time_days, note,
                 created_by, updated_by)
              values (${params.id}, ${cover.suggested_qty}, 'pending', ${cover.cover_days},
                      ${cover.lead_time_days},
                      ${`Drafted at ${cover.cover_days} days of cover (lead time ${cover.lead_time_days} days)`},
                      ${actor.id}, ${actor.id})
              on conflict (stamp_jurisdiction_id) where status = 'pending' do nothing
              returning id::int`,
        );
        // Another draft committed first: its request is the answer.
        if (!inserted) {
          const first = await pendingOf(tx, params.id);
          if (!first) throw new Error('stamp_reel_requests: the conflicting draft vanished');
          return new Answer(first, 'ok', 200);
        }
        await writeAudit(tx, {
          entityType: ENTITY,
          entityId: inserted.id,
          action: 'create',
          changes: diffFields(
            {},
            { stamp_jurisdiction_id: params.id, stamps_qty: cover.suggested_qty },
          ),
          userId: actor.id,
          ip: request.ip,
        });
        const row = await readRequest(tx, inserted.id);
        if (!row) throw new Error('stamp_reel_requests: insert not readable');
        return new Answer(row, 'created', 201);
      });
      if (answer.httpStatus === 201) await announce(answer.data, 'created');
      return answer;
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/api/production/reel-requests',
    response: z.array(reelRequestSchema),
    access: { area: 'production_pending_reel' },
    summary: 'Reel requests still open: pending a decision, or approved and not yet received',
    handler: async () =>
      queryRows<ReelRequest>(
        db,
        sql`${REQUEST_SQL} where q.status in ('pending', 'approved') order by q.created_at, q.id`,
      ),
  });

  addRoute(app, {
    method: 'POST',
    url: '/api/production/reel-requests/:id/events/:event',
    response: reelRequestSchema,
    access: { area: 'production_pending_reel' },
    summary: 'Approve (order), reject (with a reason) or mark received a reel request',
    params: eventParams,
    body: eventBody,
    handler: async ({ params, body, user, request }) => {
      const actor = signedIn(user);
      const event: ReelRequestEvent = params.event;
      const transition = REEL_REQUEST_TRANSITIONS[event];
      const row = await db.transaction(async (tx) => {
        const [before] = await queryRows<{
          status: string;
          version: number;
          created_by: number | null;
        }>(
          tx,
          sql`select status, version, created_by::int from stamp_reel_requests
               where id = ${params.id} for update`,
        );
        if (!before) throw new ApiError('not_found');
        if (before.version !== body.version) {
          throw new ApiError('stale_version', {
            version: 'other',
            current: { version: before.version, status: before.status },
          });
        }
        const refusal = reelRequestRefusal(event, before.status, actor.id, before.created_by);
        if (refusal) throw ruleError('status', refusal);
        if (transition.needsReason && !body.reason) throw ruleError('reason', 'required');
        const note = body.reason ? sql`, note = ${body.reason}` : sql``;
        await tx.execute(
          sql`update stamp_reel_requests
                 set status = ${transition.to}, decided_by = ${actor.id}, decided_at = now(),
                     updated_by = ${actor.id} ${note}
               where id = ${params.id}`,
        );
        await writeAudit(tx, {
          entityType: ENTITY,
          entityId: params.id,
          action: 'update',
          changes: diffFields({ status: before.status }, { status: transition.to }),
          userId: actor.id,
          ip: request.ip,
        });
        const after = await readRequest(tx, params.id);
        if (!after) throw new Error('stamp_reel_requests: row vanished');
        return after;
      });
      await announce(row, 'updated');
      return row;
    },
  });
}
