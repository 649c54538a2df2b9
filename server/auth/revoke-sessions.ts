import type { Db } from '../db/client.ts';
import type { SessionCache } from './session-cache.ts';
import type { Realtime } from '../realtime/realtime.factory.ts';
import type { SessionTarget } from '../realtime/session-watch.ts';
import { revokeToken, revokeUserTokens } from './tokens.ts';

/**
 * Ends sessions everywhere: revokes the token (or every token of the user) and has every
 * server process close the websockets that depended on it, within a second.
 *
 * Code that revokes inside a larger transaction calls `revokeUserTokens(tx, …)` there and
 * `sessions.changed({ userId })` and `deps.realtime.recheckSessions({ userId })` after the
 * commit instead.
 */
export async function revokeSessions(
  deps: { db: Db; sessions: SessionCache; realtime: Pick<Realtime, 'recheckSessions'> },
  target: SessionTarget,
): Promise<void> {
  if ('tokenId' in target) await revokeToken(deps.db, target.tokenId);
  else await revokeUserTokens(deps.db, Number(target.userId));
  await deps.sessions.changed(target);
  await deps.realtime.recheckSessions(target);
}
