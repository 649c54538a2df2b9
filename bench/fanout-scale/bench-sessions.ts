import { hashPassword } from '../../server/auth/passwords.ts';
import { issueToken } from '../../server/auth/tokens.ts';
import type { Db } from '../../server/db/client.ts';
import { insertUser } from '../../server/db/users.commands.ts';
import { WEB_CLIENT } from '../../src/domain/auth-client.ts';

// The people of a scale bench: `users` real users in the users table (one argon2 hash shared,
// since nobody signs in with it) and `sessions` real bearer tokens among them, issued as
// POST /api/login issues them. Channel authorisation then checks them as it checks anyone's.
// Several sessions per user, as a person with a few tabs and screens has: a presence channel
// holds at most 100 distinct members (protocol.ts), so users ≤ 100 keeps presence real.

export async function createBenchSessions(
  db: Db,
  want: { users: number; sessions: number; roles: string[]; modules: string[]; prefix: string },
): Promise<string[]> {
  const passwordHash = await hashPassword(`bench-${want.prefix}-unused`);
  const ids: number[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < want.users; i += 1) {
      ids.push(
        await insertUser(tx, {
          username: `${want.prefix}${String(i).padStart(4, '0')}`,
          name: `Bench person ${i}`,
          passwordHash,
          roles: want.roles,
          modules: want.modules,
        }),
      );
    }
  });
  const tokens: string[] = [];
  for (let i = 0; i < want.sessions; i += 1) {
    const userId = ids[i % ids.length];
    if (userId === undefined) throw new Error('no bench users');
    const issued = await issueToken(db, { userId, clientId: WEB_CLIENT.client_id, ttlHours: 24 });
    tokens.push(issued.accessToken);
  }
  return tokens;
}
