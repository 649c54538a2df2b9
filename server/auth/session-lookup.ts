import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { ROLES_AND_MODULES } from '../db/user-grants.sql.ts';
import type { LiveSession, SessionLookup } from '../realtime/session-watch.ts';

// What the realtime sockets ask when a session may have changed: the same rule as
// findSessionByToken (token not revoked, not expired, user active), by token id, and without
// touching the token: a socket staying open is not the user using it.

type Row = {
  token_id: number | string;
  user_id: number | string;
  expires_at: Date | string;
  roles: string[];
  modules: string[];
};

export function sessionLookup(db: Db): SessionLookup {
  return async (tokenIds) => {
    const live = new Map<number, LiveSession>();
    if (tokenIds.length === 0) return live;
    const ids = sql.join(
      tokenIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const rows = await queryRows<Row>(
      db,
      sql`
      select t.id as token_id, u.id as user_id, t.expires_at, ${ROLES_AND_MODULES}
        from access_tokens t
        join users u on u.id = t.user_id
       where t.id in (${ids}) and t.revoked_at is null and t.expires_at > now() and u.active`,
    );
    for (const row of rows) {
      live.set(Number(row.token_id), {
        userId: String(row.user_id),
        roles: row.roles,
        modules: row.modules,
        expiresAt: new Date(row.expires_at).getTime(),
      });
    }
    return live;
  };
}
