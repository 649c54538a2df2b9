import { sql, type SQL } from 'drizzle-orm';
import { USERS } from '../../shared/entities/users.entity.ts';
import { users } from '../../../../server/db/schema/users.ts';
import { enabledModules, heldRoles } from '../../../../server/db/user-grants.sql.ts';
import { qualified, type EntityBinding } from '../../../../server/http/entity/entity-binding.ts';

// How the users screen reads users: one row per user with roles, modules and last sign-in,
// never the password hash. Last sign-in is read from access_tokens, so signing in never bumps
// the user row's version under an editor. A picker of people of one role (a sample's
// flavorist) asks for that role as its family.

const userId = qualified(users.id);

export const usersBinding: EntityBinding = {
  entity: USERS,
  table: users,
  computed: {
    roles: heldRoles(userId),
    modules: enabledModules(userId),
    last_login_at: sql`(select max(t.created_at) from access_tokens t where t.user_id = ${userId})`,
  },
  optionsOfType: (role) => holdsRole(role),
};

/** The user holds the role whose code is `role`. */
function holdsRole(role: string): SQL {
  return sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                      where ur.user_id = ${userId} and r.code = ${role})`;
}

/** The list's own parameters, kept beside the table filter for the API's callers. */
export type UserListParams = { role?: string; search?: string; active?: boolean };

/** `role`, `search` (username, name or email) and `active` as one condition; none gives undefined. */
export function userListWhere({ role, search, active }: UserListParams): SQL | undefined {
  const parts: SQL[] = [];
  if (role) parts.push(holdsRole(role));
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const [username, name, email] = [users.username, users.name, users.email].map(qualified);
    parts.push(sql`(${username} ilike ${like} or ${name} ilike ${like} or ${email} ilike ${like})`);
  }
  if (active !== undefined) parts.push(sql`${qualified(users.active)} = ${active}`);
  return parts.length > 0 ? sql.join(parts, sql` and `) : undefined;
}
