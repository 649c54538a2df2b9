import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { hashToken } from './tokens.ts';
import { arrayParam } from '../db/array-param.ts';
import { queryRows } from '../db/query-rows.ts';
import { ROLES_AND_MODULES } from '../db/user-grants.sql.ts';

/** The signed-in user as every route and channel check sees it. */
export type SessionUser = {
  id: number;
  username: string;
  name: string;
  company: string;
  email: string | null;
  timezone: string;
  config: Record<string, unknown>;
  isDemo: boolean;
  roles: string[];
  modules: string[];
  /** Guides (tours) this user has marked read, oldest first (`/api/me` answers them). */
  guidesRead: string[];
  tokenId: number;
  /** When the token expires, as of this request (it slides with use). */
  tokenExpiresAt: Date;
  version: number;
};

type Row = Omit<SessionUser, 'isDemo' | 'tokenId' | 'tokenExpiresAt' | 'guidesRead'> & {
  is_demo: boolean;
  guides_read: string[];
  token_id: number | string;
  token_hash: string;
  expires_at: Date | string;
  last_used_at: Date | string | null;
};

/** Whether `token` can be a bearer token at all; anything else is refused without a query. */
export function plausibleToken(token: string): boolean {
  return token.length >= 20 && token.length <= 200;
}

// One query answers "who is this token": the token must be live and the user active.
export async function findSessionByToken(db: Db, token: string): Promise<SessionUser | null> {
  if (!plausibleToken(token)) return null;
  const key = hashToken(token);
  return (await findSessionsByHash(db, [key])).get(key) ?? null;
}

/**
 * The live sessions among tokens given by their hashes (`hashToken`), in one query and at most
 * one write: a thousand pages coming back after a restart ask for their sessions at once.
 */
export async function findSessionsByHash(
  db: Db,
  hashes: readonly string[],
): Promise<Map<string, SessionUser>> {
  const found = new Map<string, SessionUser>();
  if (hashes.length === 0) return found;
  const rows = await queryRows<Row>(
    db,
    sql`
    select u.id, u.version, u.username, u.name, u.company, u.email, u.timezone, u.config, u.is_demo,
           t.id as token_id, t.token_hash, t.last_used_at, t.expires_at,
           ${ROLES_AND_MODULES},
           coalesce((select array_agg(g.guide_id order by g.read_at, g.guide_id)
                       from user_guides_read g where g.user_id = u.id), '{}') as guides_read
      from access_tokens t
      join users u on u.id = t.user_id
     where t.token_hash = any(${arrayParam(hashes, 'text')})
       and t.revoked_at is null and t.expires_at > now() and u.active`,
  );
  await touchTokens(db, rows);
  for (const row of rows) {
    found.set(row.token_hash, {
      id: Number(row.id),
      username: row.username,
      name: row.name,
      company: row.company,
      email: row.email,
      timezone: row.timezone,
      config: row.config,
      isDemo: row.is_demo,
      roles: row.roles,
      modules: row.modules,
      guidesRead: row.guides_read,
      tokenId: Number(row.token_id),
      tokenExpiresAt: new Date(row.expires_at),
      version: Number(row.version),
    });
  }
  return found;
}

// Last use is for the sessions list and for expiring idle tokens; a minute's precision is
// plenty and saves a write on every request. Expiry slides with use (decision): a token lives
// its lifetime past its last use, so a wall display's session, used all day and night, stays
// signed in, while one left idle still expires. The window kept is the one the token had at
// its last use (expires − last use), which is the configured lifetime from the start.
async function touchTokens(db: Db, rows: readonly Row[]) {
  const stale = rows
    .filter(
      (row) => !row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() >= 60_000,
    )
    .map((row) => row.token_id);
  if (stale.length === 0) return;
  await db.execute(sql`
    update access_tokens
       set expires_at = greatest(expires_at, now() + (expires_at - coalesce(last_used_at, created_at))),
           last_used_at = now()
     where id = any(${arrayParam(stale, 'bigint')})`);
}

/** `/api/me` and the login check read the same shape. */
export function userInfo(user: SessionUser) {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    company: user.company,
    email: user.email,
    timezone: user.timezone,
    roles: user.roles,
    modules: user.modules,
    config: user.config,
    is_demo: user.isDemo,
    version: user.version,
  };
}
