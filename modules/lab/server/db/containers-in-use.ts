import { sql } from 'drizzle-orm';
import type { Tx } from '../../../../server/db/client.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { logTransition } from '../../../../server/db/transition-log.ts';

// A released container goes into use with the first batching pick of its lot
// (docs/domain/lab-receiving.md §10 receiving_containers): the batcher opens it to take from it.
// Every released container of a lot an order picks from moves at once (the pick names the lot, not
// the drum), each with its status_transitions row, in the pick's transaction. A pick changed back
// to another lot leaves the container in use: it was opened.

/** Moves the containers of the lots the order picked from to in_use; answers their ids. */
export async function putPickedContainersInUse(
  tx: Tx,
  orderId: number,
  actorId: number,
): Promise<number[]> {
  const moved = await queryRows<{ id: number }>(
    tx,
    sql`update receiving_containers c
           set status = 'in_use', updated_by = ${actorId}
          from lab_receiving_items i
         where i.id = c.lab_receiving_item_id
           and c.status = 'released'
           and i.lot_id in (select p.lot_id from batching_picks p
                             where p.production_order_id = ${orderId}
                               and p.lot_id is not null and p.picked_qty > 0)
     returning c.id::int as id`,
  );
  for (const { id } of moved) {
    await logTransition(tx, {
      entityType: 'receiving_containers',
      entityId: id,
      from: 'released',
      to: 'in_use',
      event: 'first_pick',
      reason: null,
      payload: { production_order_id: orderId },
      actorId,
    });
  }
  return moved.map((m) => m.id);
}
