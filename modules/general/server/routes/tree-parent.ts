import { sql } from 'drizzle-orm';
import type { Tx } from '../../../../server/db/client.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';

// Self-referencing trees (locations, GL accounts): a row may not become its own ancestor.

export async function assertNotOwnAncestor(
  tx: Tx,
  tableName: string,
  id: number | undefined,
  parentId: unknown,
): Promise<void> {
  if (typeof parentId !== 'number' || id === undefined) return;
  if (parentId === id) throw ruleError('parent_id', 'A row cannot be its own parent');
  const table = sql.identifier(tableName);
  const [found] = await queryRows<{ cycle: boolean }>(
    tx,
    sql`with recursive up(id, parent_id, depth) as (
          select t.id, t.parent_id, 0 from ${table} t where t.id = ${parentId}
          union all
          select p.id, p.parent_id, up.depth + 1 from ${table} p join up on p.id = up.parent_id
           where up.depth < 50)
        select exists (select 1 from up where up.id = ${id}) as cycle`,
  );
  if (found?.cycle) {
    throw ruleError('parent_id', 'The parent is below this row; choose a row outside its branch');
  }
}
