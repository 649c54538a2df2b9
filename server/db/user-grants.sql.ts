import { sql, type SQL } from 'drizzle-orm';

/**
 * `roles` and `modules` columns (sorted code arrays) for the user row aliased `u`: the one
 * definition of "what a user holds", read by the session check and the users screen alike.
 */
export const ROLES_AND_MODULES: SQL = sql`
  coalesce((select array_agg(r.code order by r.code) from user_roles ur
              join roles r on r.id = ur.role_id where ur.user_id = u.id), '{}') as roles,
  coalesce((select array_agg(m.code order by m.code) from user_modules um
              join modules m on m.id = um.module_id where um.user_id = u.id), '{}') as modules`;
