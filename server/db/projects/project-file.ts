import { sql } from 'drizzle-orm';
import { canUseArea } from '../../../src/domain/area-modules.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import type { Db } from '../client.ts';
import { queryRows } from '../query-rows.ts';

/**
 * Whether `user` reads attachment `id` as a time record's file: the Project Management roles
 * read every time record (domain.md §9), so they read the files attached to one too.
 */
export async function readsProjectFile(db: Db, user: SessionUser, id: number): Promise<boolean> {
  if (!canUseArea(user, 'projects')) return false;
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from pm_task_item_record_attachments where attachment_id = ${id} limit 1`,
  );
  return rows.length > 0;
}
