import { MODULES } from '../../src/domain/modules.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from './client.ts';
import { hasAnyUser } from './reference-data.ts';
import { insertUser } from './users.commands.ts';

export class FirstAdminError extends Error {}

/** The first administrator, only on a database without users: never a back door later. */
export async function createFirstAdmin(
  db: Db,
  admin: { username: string; name: string; password: string; timezone: string },
): Promise<number> {
  if (admin.password.length < 8) throw new FirstAdminError('The password needs at least 8 characters.');
  if (!/^[A-Za-z0-9._@-]{1,60}$/.test(admin.username)) {
    throw new FirstAdminError('The username may use letters, digits and . _ @ - only.');
  }
  if (await hasAnyUser(db)) {
    throw new FirstAdminError('This database already has users: sign in as an administrator and add users there.');
  }
  const passwordHash = await hashPassword(admin.password);
  return db.transaction((tx) =>
    insertUser(tx, {
      username: admin.username,
      name: admin.name,
      passwordHash,
      timezone: admin.timezone,
      roles: ['admin'],
      modules: MODULES,
    }),
  );
}
