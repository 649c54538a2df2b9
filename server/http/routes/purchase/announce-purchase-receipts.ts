import { PURCHASE_ORDERS } from '../../../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { EntityBindings } from '../../entity/binding-registry.ts';
import { findRow } from '../../entity/entity-queries.ts';
import { publishChange } from '../../entity/publish-change.ts';

// After a receipt commits (an inventory or a lab receiving, po-receipt-cache.ts), each order it
// touched goes out on `private-purchase.orders` as purchase.updated (the row as the list reads
// it, so live lists show the new receipt status) and purchase.received
// (docs/domain/purchase.md §5).

export async function announcePurchaseReceipts(
  deps: Pick<AppDeps, 'database' | 'realtime'>,
  bindings: EntityBindings,
  orderIds: readonly number[],
): Promise<void> {
  const binding = bindings.get(PURCHASE_ORDERS.name);
  if (!binding) return;
  for (const id of orderIds) {
    const found = await findRow(deps.database.db, binding, id);
    if (!found) continue;
    const row = rowOf(PURCHASE_ORDERS, found);
    await publishChange(deps, PURCHASE_ORDERS, 'updated', row);
    await deps.realtime.publisher.publish({
      channels: [PURCHASE_ORDERS.channel],
      event: `${PURCHASE_ORDERS.event}.received`,
      data: { id, seq: row.seq, version: row.version, data: null },
    });
  }
}
