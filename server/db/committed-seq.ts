import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { queryRows } from './query-rows.ts';

// The seq a live list may resume from: every change at or below it is committed and visible
// to a read that starts afterwards. A transaction draws its seqs as it writes, so one that is
// slow to commit holds seqs below those a quicker one has already committed; before drawing
// its first it holds a floor (migration 0072, `plantline_next_seq`), and the answer stays below
// every floor held. The sequence is read first: a transaction whose floor the lock read misses
// took it after that, so all its seqs lie above the value read.

/** The newest change seq behind which no transaction still running has written. */
export async function committedSeq(db: Db | Tx): Promise<number> {
  const [drawn] = await queryRows<{ seq: string | number }>(
    db,
    sql`select case when is_called then last_value else last_value - 1 end as seq from change_seq`,
  );
  const [held] = await queryRows<{ floor: string | number | null }>(
    db,
    sql`select min((classid::bigint << 31) | objid::bigint) as floor
          from pg_locks
         where locktype = 'advisory' and objsubid = 2
           and database = (select oid from pg_database where datname = current_database())`,
  );
  const seq = Number(drawn?.seq ?? 0);
  return held?.floor === null || held?.floor === undefined
    ? seq
    : Math.min(seq, Number(held.floor) - 1);
}
