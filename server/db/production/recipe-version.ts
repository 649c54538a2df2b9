import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';

/**
 * Gives recipe `id` the next version of `code` (docs/domain/production.md §3.1: one code, numbered
 * versions). Writers of one code queue on a lock until commit, so two drafts never take the same
 * number.
 */
export async function numberRecipeVersion(tx: Tx, id: number, code: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recipe:${code}`}))`);
  await tx.execute(sql`
    update recipes set recipe_version =
      (select coalesce(max(r.recipe_version), 0) + 1 from recipes r
        where r.code = ${code} and r.id <> ${id})
     where id = ${id}`);
}
