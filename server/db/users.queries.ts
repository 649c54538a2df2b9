import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { queryRows } from './query-rows.ts';
import { ROLES_AND_MODULES } from './user-grants.sql.ts';

// Reads of users as the users screen and its broadcasts show them: one row per user with
// roles, modules and last sign-in, never the password hash.

export type UserRow = {
  id: number;
  username: string;
  name: string;
  email: string | null;
  company: string;
  timezone: string;
  active: boolean;
  is_demo: boolean;
  config: Record<string, unknown>;
  roles: string[];
  modules: string[];
  version: number;
  seq: number;
  created_at: Date;
  updated_at: Date;
  last_login_at: Date | null;
};

const SELECT = sql`
  select u.id::int as id, u.username, u.name, u.email, u.company, u.timezone, u.active, u.is_demo,
         u.config, u.version, u.seq::bigint as seq, u.created_at, u.updated_at,
         ${ROLES_AND_MODULES},
         (select max(t.created_at) from access_tokens t where t.user_id = u.id) as last_login_at
    from users u`;

export type UserListFilter = { role?: string; search?: string; active?: boolean };

function whereOf(filter: UserListFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.role) {
    parts.push(sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                            where ur.user_id = u.id and r.code = ${filter.role})`);
  }
  if (filter.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(u.username ilike ${like} or u.name ilike ${like} or u.email ilike ${like})`);
  }
  if (filter.active !== undefined) parts.push(sql`u.active = ${filter.active}`);
  return sql.join(parts, sql` and `);
}

export async function listUsers(
  db: Db,
  filter: UserListFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await queryRows<UserRow>(
    db,
    sql`${SELECT} where ${where} order by lower(u.username) limit ${page.limit} offset ${page.offset}`,
  );
  const count = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from users u where ${where}`,
  );
  return { rows: rows.map(normalise), total: count[0]?.total ?? 0 };
}

export async function findUser(db: Db | Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await queryRows<UserRow>(db, sql`${SELECT} where u.id = ${id}`);
  return row ? normalise(row) : undefined;
}

// node-postgres returns bigint as string; PGlite as number. The API always sends numbers.
function normalise(row: UserRow): UserRow {
  return { ...row, id: Number(row.id), seq: Number(row.seq), version: Number(row.version) };
}
