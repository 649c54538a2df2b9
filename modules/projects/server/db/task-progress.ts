import { sql } from 'drizzle-orm';
import type { Tx } from '../../../../server/db/client.ts';

// A task's progress (docs/domain/projects.md §9): done items ÷ items × 100, 0 while it has none.
// Written in the transaction of every change to its items, so lists and reports read it as stored.

/**
 * Writes task `taskId`'s progress from its items, leaving out `leaving` (an item being
 * deleted in this transaction); the row's version moves only when the figure does.
 */
export async function refreshTaskProgress(tx: Tx, taskId: number, leaving?: number): Promise<void> {
  const skip = leaving ?? 0;
  await tx.execute(sql`
    update pm_tasks t set progress_pct = p.pct
    from (
      select coalesce(round(100.0 * count(*) filter (where i.status = 'done')
        / nullif(count(*), 0), 2), 0) as pct
      from pm_task_items i where i.task_id = ${taskId} and i.id <> ${skip}
    ) p
    where t.id = ${taskId} and t.progress_pct is distinct from p.pct`);
}
