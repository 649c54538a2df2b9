import { sql, type SQL } from 'drizzle-orm';

// The one definition of "what a user holds", read by the session check and the users screen
// alike: sorted code arrays, empty when nothing is granted.

/** The role codes of the user whose id is `userId`. */
export function heldRoles(userId: SQL): SQL<string[]> {
  return sql<string[]>`coalesce((select array_agg(r.code order by r.code) from user_roles ur
              join roles r on r.id = ur.role_id where ur.user_id = ${userId}), '{}')`;
}

/** The module codes enabled for the user whose id is `userId`. */
export function enabledModules(userId: SQL): SQL<string[]> {
  return sql<string[]>`coalesce((select array_agg(m.code order by m.code) from user_modules um
              join modules m on m.id = um.module_id where um.user_id = ${userId}), '{}')`;
}

/** `roles` and `modules` columns for the user row aliased `u`. */
export const ROLES_AND_MODULES: SQL = sql`
  ${heldRoles(sql`u.id`)} as roles,
  ${enabledModules(sql`u.id`)} as modules`;
