import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../../server/db/client.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';

// Flashpoint classes hold non-overlapping ranges (docs/domain/lab-receiving.md §10), so a measured
// flashpoint resolves to at most one class. Writers take one transaction-scoped lock, so two
// classes saved at once cannot both pass the overlap check.

const WRITE_LOCK = 0x1ab_f1a5;

export type RangeClash = { code: string; min_c: number; max_c: number };

/** The first other class whose closed range meets [minC, maxC], or null. */
export async function overlappingClass(
  tx: Tx,
  minC: number,
  maxC: number,
  exceptId: number | null,
): Promise<RangeClash | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK})`);
  const [clash] = await queryRows<RangeClash>(
    tx,
    sql`select code, min_c::float8 as min_c, max_c::float8 as max_c from flashpoint_classes
         where id <> ${exceptId ?? 0} and min_c <= ${maxC} and max_c >= ${minC}
         order by min_c limit 1`,
  );
  return clash ?? null;
}

/** The active class whose range holds `celsius`, or null (none, or no flashpoint measured). */
export async function classOfFlashpoint(
  db: Db | Tx,
  celsius: number | null,
): Promise<number | null> {
  if (celsius === null || !Number.isFinite(celsius)) return null;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from flashpoint_classes
         where active and min_c <= ${celsius} and max_c >= ${celsius} order by min_c limit 1`,
  );
  return row ? Number(row.id) : null;
}

/** Every item of a receiving gets the class its flashpoint resolves to (or none). */
export async function resolveItemClasses(tx: Tx, labReceivingId: number): Promise<void> {
  await tx.execute(sql`
    update lab_receiving_items i
       set flashpoint_class_id = (select c.id from flashpoint_classes c
                                   where c.active and c.min_c <= i.flashpoint_c and c.max_c >= i.flashpoint_c
                                   order by c.min_c limit 1)
     where i.lab_receiving_id = ${labReceivingId}
       and i.flashpoint_class_id is distinct from (select c.id from flashpoint_classes c
                                   where c.active and c.min_c <= i.flashpoint_c and c.max_c >= i.flashpoint_c
                                   order by c.min_c limit 1)`);
}
