import { eq, inArray } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { modules, roles, userModules, userRoles } from './schema/users.ts';

/** Replaces a user's roles with exactly `codes` (already validated against the role list). */
export async function setUserRoles(tx: Tx, userId: number, codes: readonly string[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (codes.length === 0) return;
  const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.code, [...codes]));
  await tx.insert(userRoles).values(found.map((r) => ({ userId, roleId: r.id })));
}

/** Replaces a user's enabled modules with exactly `codes`. */
export async function setUserModules(tx: Tx, userId: number, codes: readonly string[]) {
  await tx.delete(userModules).where(eq(userModules.userId, userId));
  if (codes.length === 0) return;
  const found = await tx
    .select({ id: modules.id })
    .from(modules)
    .where(inArray(modules.code, [...codes]));
  await tx.insert(userModules).values(found.map((m) => ({ userId, moduleId: m.id })));
}
