import { sql } from 'drizzle-orm';
import { MODULE_LABELS } from '../../src/domain/module-labels.ts';
import { MODULES } from '../../src/domain/modules.ts';
import { ROLES } from '../../src/domain/roles.ts';
import { roleLabel } from '../../src/domain/role-labels.ts';
import type { Db, Tx } from './client.ts';
import { modules, roles } from './schema/users.ts';
import { queryRows } from './query-rows.ts';

/**
 * Rows the product cannot work without, demo or not: the 36 roles of the access table and
 * the modules. Inserted on every start when missing, never overwriting an edited name.
 */
export async function ensureReferenceData(db: Db | Tx): Promise<void> {
  await db
    .insert(roles)
    .values(ROLES.map((code) => ({ code, name: roleLabel(code) })))
    .onConflictDoNothing({ target: roles.code });
  await db
    .insert(modules)
    .values(MODULES.map((code) => ({ code, name: MODULE_LABELS[code] })))
    .onConflictDoNothing({ target: modules.code });
}

export async function hasAnyUser(db: Db | Tx): Promise<boolean> {
  const rows = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from users) as any`,
  );
  return Boolean(rows[0]?.any);
}
