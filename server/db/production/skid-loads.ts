import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ruleError } from '../../errors/api-error.ts';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { skids } from '../schema/production-config.ts';
import { skidItems } from '../schema/production-transfers.ts';
import { setPhaseOperations } from './order-operations.ts';

// What an order's finished units are doing on their way out (docs/domain/production.md §3.2
// transfer_pending): produced (the ledger's `produce` of the finished product), loaded on skids
// (items not on a cancelled transfer), transferred (Σ received). Loading never takes more than was
// produced and not loaded yet (conservation: transferred ≤ produced), and only from a released lot.

/** Finished units the ledger holds for the order (the bulk batch is another product). */
export const producedUnitsSql = (orderId: SQL) => sql`(
  select coalesce(sum(m.qty), 0)::float8 from stock_movements m
   where m.source_type = 'production_orders' and m.source_id = ${orderId}
     and m.movement_type = 'produce'
     and m.product_id = (select o.product_id from production_orders o where o.id = ${orderId}))`;

/** Units of the order on skids, whether waiting, on a transfer or already received. */
export const loadedUnitsSql = (orderId: SQL) => sql`(
  select coalesce(sum(i.units), 0)::int from skid_items i
   where i.production_order_id = ${orderId})`;

/** Units of the order still on their way: on a skid not sent, or on an open transfer. */
export const pendingUnitsSql = (orderId: SQL, exceptTransferId: number | null = null) => sql`(
  select coalesce(sum(i.units), 0)::int from skid_items i
    left join transfers t on t.id = i.transfer_id
   where i.production_order_id = ${orderId}
     and (i.transfer_id is null
          or (t.status not in ('received', 'cancelled')
              and t.id is distinct from ${exceptTransferId}::bigint)))`;

/** The order's finished lot (numbered like the order, made at its last counting phase). */
export const finishedLotSql = (orderId: SQL, column: 'id' | 'lot_no' | 'status') => sql`(
  select l.${sql.identifier(column)} from stock_lots l
    join production_orders o on o.id = l.production_order_id and o.product_id = l.product_id
   where o.id = ${orderId} order by l.id limit 1)`;

export type OrderUnits = {
  produced: number;
  loaded: number;
  lot_id: number | null;
  lot_no: string | null;
  lot_status: string | null;
};

export async function orderUnits(tx: Tx, orderId: number): Promise<OrderUnits> {
  const id = sql`${orderId}::bigint`;
  const [row] = await queryRows<OrderUnits>(
    tx,
    sql`select ${producedUnitsSql(id)} as produced, ${loadedUnitsSql(id)} as loaded,
               ${finishedLotSql(id, 'id')}::int as lot_id, ${finishedLotSql(id, 'lot_no')} as lot_no,
               ${finishedLotSql(id, 'status')} as lot_status`,
  );
  return {
    produced: Number(row?.produced ?? 0),
    loaded: Number(row?.loaded ?? 0),
    lot_id: row?.lot_id ?? null,
    lot_no: row?.lot_no ?? null,
    lot_status: row?.lot_status ?? null,
  };
}

/** Quarantine (or blocked) lots never travel to a warehouse (docs/domain/README.md §13, 4). */
export function assertLotReleased(units: OrderUnits, field: string): void {
  if (units.lot_id === null) throw ruleError(field, 'The order has no finished units yet');
  if (units.lot_status !== 'released') {
    throw ruleError(
      field,
      `Lot ${String(units.lot_no)} is ${String(units.lot_status)}: it cannot be transferred`,
    );
  }
}

export type SkidLoad = {
  skidId: number;
  order: { id: number; product_id: number; number: string };
  units: number;
  cases: number;
  actorId: number;
};

/** Puts finished units of an order on an open skid (one item per order and skid). */
export async function loadSkid(tx: Tx, load: SkidLoad): Promise<void> {
  const units = await orderUnits(tx, load.order.id);
  assertLotReleased(units, 'production_order_id');
  const left = units.produced - units.loaded;
  if (load.units > left) {
    throw ruleError(
      'units',
      `Only ${Math.max(0, left)} units of ${load.order.number} are left to load (produced ${units.produced})`,
    );
  }
  const waiting = and(
    eq(skidItems.skidId, load.skidId),
    eq(skidItems.productionOrderId, load.order.id),
    isNull(skidItems.transferId),
  );
  const [item] = await tx.select().from(skidItems).where(waiting);
  if (item) {
    await tx
      .update(skidItems)
      .set({
        units: item.units + load.units,
        cases: item.cases + load.cases,
        updatedBy: load.actorId,
      })
      .where(eq(skidItems.id, item.id));
  } else {
    await tx.insert(skidItems).values({
      skidId: load.skidId,
      productionOrderId: load.order.id,
      productId: load.order.product_id,
      lotId: units.lot_id as number,
      units: load.units,
      cases: load.cases,
      createdBy: load.actorId,
      updatedBy: load.actorId,
    });
  }
  // The first load starts the order's transfer step; later loads leave it running.
  const [op] = await queryRows<{ status: string }>(
    tx,
    sql`select o.status from production_order_operations o join phases p on p.id = o.phase_id
         where o.production_order_id = ${load.order.id} and p.code = 'transfer' limit 1`,
  );
  if (op && op.status !== 'in_progress' && op.status !== 'done') {
    await setPhaseOperations(tx, load.order.id, 'transfer', {
      status: 'in_progress',
      assignedTo: load.actorId,
    });
  }
}

/** Takes an item off a skid still open (a mistake at loading). Returns its order. */
export async function unloadSkidItem(tx: Tx, skidId: number, itemId: number): Promise<number> {
  const [item] = await tx
    .delete(skidItems)
    .where(
      and(eq(skidItems.id, itemId), eq(skidItems.skidId, skidId), isNull(skidItems.transferId)),
    )
    .returning({ orderId: skidItems.productionOrderId });
  if (!item) throw ruleError('item_id', 'exists');
  return item.orderId;
}

/** Items loaded on the skid and not yet sent. */
export async function waitingItems(tx: Tx, skidId: number) {
  return tx
    .select()
    .from(skidItems)
    .where(and(eq(skidItems.skidId, skidId), isNull(skidItems.transferId)));
}

/** The skids a transfer carries, moved along with it; returns their ids. */
export async function moveTransferSkids(
  tx: Tx,
  transferId: number,
  change:
    | { status: 'in_transfer' }
    | { status: 'received'; locationId: number }
    | { status: 'closed'; released: true },
  actorId: number,
): Promise<number[]> {
  const onTransfer = eq(skids.transferId, transferId);
  if (change.status === 'closed') {
    // A cancelled transfer gives its skids and their items back to the floor, still wrapped.
    await tx
      .update(skidItems)
      .set({ transferId: null, updatedBy: actorId })
      .where(eq(skidItems.transferId, transferId));
    const moved = await tx
      .update(skids)
      .set({ status: 'closed', transferId: null, updatedBy: actorId })
      .where(onTransfer)
      .returning({ id: skids.id });
    return moved.map((s) => s.id);
  }
  const moved = await tx
    .update(skids)
    .set({
      status: change.status,
      ...(change.status === 'received' ? { locationId: change.locationId } : {}),
      updatedBy: actorId,
    })
    .where(onTransfer)
    .returning({ id: skids.id });
  return moved.map((s) => s.id);
}

/** The orders whose units a transfer carries. */
export async function ordersOnTransfer(tx: Tx, transferId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: skidItems.productionOrderId })
    .from(skidItems)
    .where(eq(skidItems.transferId, transferId));
  return rows.map((r) => r.id);
}

/** Skids by id, for the checks of a new transfer. */
export async function skidsById(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(skids)
    .where(inArray(skids.id, [...ids]));
}
