import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { queryRows } from '../../db/query-rows.ts';
import { userGuidesRead } from '../../db/schema/users.ts';
import { addRoute, signedIn } from '../route.ts';

// Guides (tours) are marked read once and never unmarked (docs/product.md §4): insert-only,
// idempotent.

const guideParams = z.object({ id: z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,79}$/) });

export async function guidesReadBy(
  db: AppDeps['database']['db'],
  userId: number,
): Promise<string[]> {
  const rows = await queryRows<{ guide_id: string }>(
    db,
    sql`select guide_id from user_guides_read where user_id = ${userId} order by read_at, guide_id`,
  );
  return rows.map((r) => r.guide_id);
}

export function registerGuideRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  addRoute(app, {
    method: 'POST',
    url: '/api/general/guides/:id/read',
    response: z.object({ guides_read: z.array(z.string()) }),
    access: 'authenticated',
    summary: 'Mark a guide read for the signed-in user (once; never unmarked)',
    params: guideParams,
    handler: async ({ params, user }) => {
      const me = signedIn(user);
      await db
        .insert(userGuidesRead)
        .values({ userId: me.id, guideId: params.id })
        .onConflictDoNothing();
      // /api/me answers the guides read from the cached session.
      await app.sessions.changed({ userId: me.id });
      return { guides_read: await guidesReadBy(db, me.id) };
    },
  });
}
