import { sql } from 'drizzle-orm';
import type { Db } from '../../../../server/db/client.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { logTraining } from './training-log.ts';
import { trainingSetting } from './training-settings.ts';

// The nightly pass over trainings (docs/domain/training.md §8), one transaction, run with the day
// it is for so tests give it any day: open trainings past their due date become overdue (still
// completable), and verified trainings older than `training.retraining_interval_months` are
// assigned again for retraining, due `training.overdue_notice_days` later.

export type NightlyOutcome = { overdue: number[]; retraining: number[] };

export async function runNightlyTraining(db: Db, now: Date): Promise<NightlyOutcome> {
  const today = now.toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const months = await trainingSetting(tx, 'training.retraining_interval_months');
    const days = await trainingSetting(tx, 'training.overdue_notice_days');
    const overdue = await queryRows<{ id: number }>(
      tx,
      sql`update trainings set status = 'overdue'
           where status in ('assigned', 'in_progress') and due_date < ${today}::date
           returning id`,
    );
    const retraining = await queryRows<{ id: number }>(
      tx,
      sql`update trainings
             set status = 'assigned', score = null, pass_mark = null, signed_at = null,
                 document_opened_at = null,
                 completed_at = null, trainer_id = null, verified_by = null, verified_at = null,
                 due_date = ${today}::date + ${days}::int
           where status = 'verified'
             and verified_at < ${today}::date - make_interval(months => ${months}::int)
           returning id`,
    );
    const ids = (rows: { id: number }[]) => rows.map((r) => Number(r.id));
    await logTraining(tx, ids(overdue), { event: 'overdue', actorId: null });
    await logTraining(tx, ids(retraining), {
      event: 'retraining',
      note: `Verified more than ${months} months ago`,
      actorId: null,
    });
    return { overdue: ids(overdue), retraining: ids(retraining) };
  });
}
