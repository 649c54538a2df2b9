import type { Tx } from './client.ts';
import { users } from './schema/users.ts';
import { setUserModules, setUserRoles } from './user-grants.ts';

export type NewUser = typeof users.$inferInsert & {
  roles?: readonly string[];
  modules?: readonly string[];
};

/** Inserts a user with their roles and modules; every way of creating a user goes through here. */
export async function insertUser(tx: Tx, user: NewUser): Promise<number> {
  const { roles = [], modules = [], ...row } = user;
  const [created] = await tx.insert(users).values(row).returning({ id: users.id });
  if (!created) throw new Error(`could not create user ${row.username}`);
  await setUserRoles(tx, created.id, roles);
  await setUserModules(tx, created.id, modules);
  return created.id;
}
