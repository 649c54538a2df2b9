import type { FastifyInstance } from 'fastify';
import { canVisit } from '../../../../src/domain/route-visibility.ts';
import { myWorkSchema, type MyWork, type WorkLive } from '../../../../src/domain/my-work.ts';
import { liveFor, queueWaitsFor } from '../../../../src/machines/workflows/work-queues.ts';
import { type WorkQueue } from '../../../../src/machines/workflows/work-queue.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { SessionUser } from '../../../auth/session-user.ts';
import { addRoute, signedIn } from '../../route.ts';
import { allWorkQueues, queueQueryOf, readQueue } from './my-work.queries.ts';

// GET /api/my-work: the home page's "My work" (docs/journeys.md, Everyone). Only the queues that
// wait for the caller's roles and whose page their enabled modules show are read at all
// (docs/product.md §6, on the server), so a count never tells someone about rows they may not open.

/** Rows listed per queue: the next few to take; the queue's page holds the rest. */
export const MY_WORK_ITEMS = 5;

/** The queues `user` has: their roles take the step and they may open its page. */
export function queuesFor(user: Pick<SessionUser, 'roles' | 'modules'>): WorkQueue[] {
  return allWorkQueues().filter(
    (queue) =>
      queueWaitsFor(queue, user.roles) &&
      canVisit(queue.page, user) &&
      queueQueryOf(queue.key) !== undefined,
  );
}

/** The queues' broadcasts; a personal channel (`private-users.{me}`) is the caller's own. */
function distinctLive(queues: readonly WorkQueue[], me: number): WorkLive[] {
  const seen = new Map(
    queues.map((q) => [`${q.live.channel} ${q.live.event}`, liveFor(q.live, me)] as const),
  );
  return [...seen.values()];
}

export function registerMyWorkRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  addRoute(app, {
    method: 'GET',
    url: '/api/my-work',
    access: 'authenticated',
    summary:
      'What waits for the caller: approvals, orders at their step, counts and work orders to do, each counted with its first rows',
    response: myWorkSchema,
    handler: async ({ user }): Promise<MyWork> => {
      const me = signedIn(user);
      const queues = queuesFor(me);
      const read = await Promise.all(
        queues.map(async (queue) => {
          const query = queueQueryOf(queue.key);
          const found = query
            ? await readQueue(db, query, me.id, MY_WORK_ITEMS)
            : { count: 0, rows: [] };
          return {
            key: queue.key,
            group: queue.group,
            title: queue.title,
            count: found.count,
            href: queue.page,
            items: found.rows.map((row) => ({ ...row, href: queue.open(row.id) })),
          };
        }),
      );
      return { queues: read.filter((q) => q.count > 0), live: distinctLive(queues, me.id) };
    },
  });
}
