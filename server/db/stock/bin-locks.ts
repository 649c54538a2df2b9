import { sql } from 'drizzle-orm';
import { ruleError } from '../../errors/api-error.ts';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { COUNT_LOCKING_STATUSES } from '../schema/stock.ts';
import type { MovementInput } from './movement-input.ts';

// A count in progress holds its bins (docs/domain/inventory.md §2 stock_counts): from `start` to
// `approve` or `cancel`, no other movement may touch them, so counted − snapshot stays the true
// variance. A full-scope count holds its whole location.

export async function assertBinsUnlocked(tx: Tx, moves: readonly MovementInput[]): Promise<void> {
  const locationIds = [...new Set(moves.map((m) => m.locationId))];
  const locks = await queryRows<{
    id: string;
    number: string;
    location_id: string;
    scope: string;
    bin_ids: (string | number)[] | null;
  }>(
    tx,
    sql`select c.id, c.number, c.location_id, c.scope,
               array_remove(array_agg(distinct l.bin_id), null) as bin_ids
          from stock_counts c
          left join stock_count_lines l on l.count_id = c.id
         where c.status in (${sql.join(
           COUNT_LOCKING_STATUSES.map((s) => sql`${s}`),
           sql`, `,
         )})
           and c.location_id in (${sql.join(
             locationIds.map((id) => sql`${id}`),
             sql`, `,
           )})
         group by c.id`,
  );
  if (locks.length === 0) return;
  moves.forEach((m, index) => {
    for (const lock of locks) {
      if (m.sourceType === 'stock_counts' && m.sourceId === Number(lock.id)) continue;
      if (Number(lock.location_id) !== m.locationId) continue;
      const bins = (lock.bin_ids ?? []).map(Number);
      if (lock.scope === 'full' || (m.binId != null && bins.includes(m.binId))) {
        throw ruleError(`lines.${m.line ?? index}.bin_id`, `Bin locked by ${lock.number}`);
      }
    }
  });
}
