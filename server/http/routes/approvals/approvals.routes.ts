import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  APPROVAL_ORDERS,
  approvalCountSchema,
  approvalsSchema,
  APPROVALS_PAGE_SIZE,
  type ApprovalCount,
  type ApprovalEvent,
  type ApprovalItem,
  type Approvals,
} from '../../../../src/domain/approvals.ts';
import { MODULES, type Module } from '../../../../src/domain/modules.ts';
import type { WorkLive } from '../../../../src/domain/my-work.ts';
import { statusLabel } from '../../../../src/domain/status-tags.ts';
import type { WorkflowDoc } from '../../../../src/machines/workflows/document-workflow.ts';
import type { WorkQueue } from '../../../../src/machines/workflows/work-queue.ts';
import {
  decisionsAmong,
  type DecisionQueue,
} from '../../../../src/machines/workflows/work-queues.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { SessionUser } from '../../../auth/session-user.ts';
import { addRoute, signedIn } from '../../route.ts';
import { queuesFor } from '../my-work/my-work.routes.ts';
import { countBySource, inboxUnion, readInbox, type InboxRow } from './approvals.queries.ts';

// GET /api/approvals and /api/approvals/count: the one approval inbox (docs/journeys.md
// "Approvals"). Its sources are the decision queues of work-queues.ts that wait for the
// caller's roles and whose page their enabled modules show (queuesFor, as "My work"), so the
// server never lists a row the caller may not open or decide. Each row carries the events the
// caller may send now, from the same workflow function its document's page runs; the browser
// sends them to the document's own events route with the version, where the same machine
// decides again.

const query = z.object({
  module: z.enum(MODULES).optional(),
  order: z.enum(APPROVAL_ORDERS).default('newest'),
  limit: z.coerce.number().int().min(1).max(APPROVALS_PAGE_SIZE).default(APPROVALS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});

/** The decision queues waiting for `user`. */
export function decisionsFor(user: Pick<SessionUser, 'roles' | 'modules'>): DecisionQueue[] {
  return decisionsAmong(queuesFor(user));
}

function liveOf(queues: readonly WorkQueue[]): WorkLive[] {
  const seen = new Map(queues.map((q) => [`${q.live.channel} ${q.live.event}`, q.live]));
  return [...seen.values()];
}

const docOf = (row: InboxRow): Record<string, unknown> =>
  typeof row.doc === 'string' ? (JSON.parse(row.doc) as Record<string, unknown>) : row.doc;

/** The events of the row's decision the caller may send now, with their button words. */
function eventsOf(
  queue: DecisionQueue,
  row: InboxRow,
  user: Pick<SessionUser, 'id' | 'roles'>,
): ApprovalEvent[] {
  const { decision } = queue;
  const doc = { ...docOf(row), status: row.status } as WorkflowDoc;
  return decision
    .actions(doc, { id: user.id, roles: user.roles })
    .filter((action) => action.allowed && decision.events.includes(action.event))
    .map((action) => ({
      event: action.event,
      label: decision.entity.eventLabels?.[action.event] ?? statusLabel(action.event),
      needsReason: action.needsReason,
      confirm: action.confirm ?? false,
    }));
}

function itemOf(
  queue: DecisionQueue,
  row: InboxRow,
  user: Pick<SessionUser, 'id' | 'roles'>,
): ApprovalItem {
  const id = Number(row.id);
  return {
    source: queue.key,
    module: queue.decision.module,
    kind: queue.decision.kind,
    id,
    number: row.number ?? '',
    title: row.title ?? '',
    status: row.status,
    requestedBy: row.requested_by,
    waitingSince: new Date(row.since).toISOString(),
    version: Number(row.version),
    href: queue.open(id),
    api: queue.decision.entity.api,
    entityLabel: queue.decision.entity.label,
    events: eventsOf(queue, row, user),
  };
}

export function registerApprovalRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  addRoute(app, {
    method: 'GET',
    url: '/api/approvals',
    access: { area: 'approvals' },
    summary:
      "Everything waiting for the caller's decision across modules, newest or oldest-waiting first, filterable by module, each with the events the caller may send now",
    query,
    response: approvalsSchema,
    handler: async ({ query: q, user }): Promise<Approvals> => {
      const me = signedIn(user);
      const queues = decisionsFor(me);
      const live = liveOf(queues);
      const all = inboxUnion(
        queues.map((queue) => queue.key),
        me.id,
      );
      if (!all) return { items: [], total: 0, modules: [], live };
      const shown = q.module
        ? queues.filter((queue) => queue.decision.module === q.module)
        : queues;
      const union = inboxUnion(
        shown.map((queue) => queue.key),
        me.id,
      );
      const [rows, bySource] = await Promise.all([
        union ? readInbox(db, union, q.order, q.limit, q.offset) : Promise.resolve([]),
        countBySource(db, all),
      ]);
      const byKey = new Map(queues.map((queue) => [queue.key, queue]));
      const items = rows.flatMap((row) => {
        const queue = byKey.get(row.source);
        return queue ? [itemOf(queue, row, me)] : [];
      });
      const modules = new Map<Module, number>();
      for (const queue of queues) {
        const n = bySource.get(queue.key) ?? 0;
        if (n > 0)
          modules.set(queue.decision.module, (modules.get(queue.decision.module) ?? 0) + n);
      }
      return {
        items,
        total: Number(rows[0]?.total ?? 0),
        modules: [...modules].map(([module, count]) => ({ module, count })),
        live,
      };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/api/approvals/count',
    access: { area: 'approvals' },
    summary: "How many requests wait for the caller's decision (the top bar's badge)",
    response: approvalCountSchema,
    handler: async ({ user }): Promise<ApprovalCount> => {
      const me = signedIn(user);
      const queues = decisionsFor(me);
      const union = inboxUnion(
        queues.map((queue) => queue.key),
        me.id,
      );
      const bySource = union ? await countBySource(db, union) : new Map<string, number>();
      const count = [...bySource.values()].reduce((sum, n) => sum + n, 0);
      return { count, live: liveOf(queues) };
    },
  });
}
