import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { queryRows } from './query-rows.ts';
import { SEQ_FLOOR_SETTING, SINGLE_WRITER } from './seq-floor-setting.ts';

// The seq a live list may resume from: every change at or below it is committed and visible
// to a read that starts afterwards. A transaction draws its seqs as it writes, so one that is
// slow to commit holds seqs below those a quicker one has already committed; before drawing
// its first it holds a floor (migration 0072, `plantline_next_seq`), and the answer stays below
// every floor held. The sequence is read before the floors (a subquery over the row read from
// it runs after that row): a transaction whose floor the lock read misses took it after that,
// so all its seqs lie above the value read.

/** The newest change seq behind which no transaction still running has written. */
export async function committedSeq(db: Db | Tx): Promise<number> {
  const [row] = await queryRows<{ seq: string | number; floor: string | number | null }>(
    db,
    sql`select drawn.seq,
               case when current_setting(${SEQ_FLOOR_SETTING}, true) = ${SINGLE_WRITER} then null
                    else (select min((l.classid::bigint << 31) | l.objid::bigint)
                            from pg_locks l
                           where l.locktype = 'advisory' and l.objsubid = 2 and drawn.seq is not null
                             and l.database = (select oid from pg_database where datname = current_database()))
               end as floor
          from (select case when is_called then last_value else last_value - 1 end as seq
                  from change_seq) drawn`,
  );
  const seq = Number(row?.seq ?? 0);
  return row?.floor === null || row?.floor === undefined
    ? seq
    : Math.min(seq, Number(row.floor) - 1);
}
