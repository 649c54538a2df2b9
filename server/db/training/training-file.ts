import { sql } from 'drizzle-orm';
import { canUseArea } from '../../../src/domain/area-modules.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import type { Db } from '../client.ts';
import { queryRows } from '../query-rows.ts';

/**
 * Whether `user` reads attachment `id` as a training document's file: every Training-module
 * user reads the documents they are trained on (domain.md §8), wherever else files are kept.
 */
export async function readsTrainingFile(db: Db, user: SessionUser, id: number): Promise<boolean> {
  if (!canUseArea(user, 'training_self') && !canUseArea(user, 'training_trainer')) return false;
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from training_documents where attachment_id = ${id} limit 1`,
  );
  return rows.length > 0;
}
