import { eq, sql } from 'drizzle-orm';
import {
  countLines,
  lineStatusOf,
  type DailyLineCounts,
  type DailyLineStatus,
  type LinkedOrder,
} from '../../../../src/domain/entities/production/daily-order-values.ts';
import { DAILY_ORDERS } from '../../../../src/domain/entities/production/daily-orders.entity.ts';
import type {
  OrderStage,
  OrderStatus,
} from '../../../../src/domain/entities/production/production-order-values.ts';
import {
  decideDailyOrder,
  derivedDailyOrderEvent,
} from '../../../../src/machines/workflows/daily-order.machine.ts';
import type { Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { dailyOrderLines, dailyOrders } from '../../../db/schema/daily-orders.ts';
import { logTransition } from '../../../db/transition-log.ts';
import { readOrFail } from '../../entity/entity-routes.ts';
import { dailyOrderRows } from './daily-orders.binding.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';

// A daily order follows the production orders accepting made of it
// (docs/domain/production.md §3.2): each time one of those orders changes status
// (order-transition.ts, in the order's transaction), its line takes the order's news and the daily
// order is moved on by the event the machine derives (in_production once one order is released;
// fulfilled once every line is delivered; cancelled when every order was). The daily order's row is
// locked before the order's (lockDailyOrderOf), in the order a daily order's own events take them.

type LineRow = {
  id: number;
  line_status: DailyLineStatus;
  order_status: OrderStatus | null;
  order_stage: OrderStage | null;
};

async function linesWithOrders(tx: Tx, dailyOrderId: number): Promise<LineRow[]> {
  return queryRows<LineRow>(
    tx,
    sql`select l.id, l.line_status, o.status as order_status, o.stage as order_stage
          from daily_order_lines l
          left join production_orders o on o.id = l.production_order_id
         where l.daily_order_id = ${dailyOrderId}
         order by l.id`,
  );
}

const orderOf = (row: LineRow): LinkedOrder | null =>
  row.order_status ? { status: row.order_status, stage: row.order_stage } : null;

/** What the machine's guards read of a daily order's lines, as they are in this transaction. */
export async function dailyLineCounts(tx: Tx, dailyOrderId: number): Promise<DailyLineCounts> {
  const rows = await linesWithOrders(tx, dailyOrderId);
  return countLines(rows.map((r) => ({ line_status: r.line_status, order: orderOf(r) })));
}

/** Locks the daily order a production order was made for, if any (its line never changes). */
export async function lockDailyOrderOf(tx: Tx, productionOrderId: number): Promise<void> {
  await tx.execute(
    sql`select 1 from daily_orders d
         where d.id = (select l.daily_order_id from daily_order_lines l
                        where l.production_order_id = ${productionOrderId})
           for update of d`,
  );
}

/**
 * After a production order's transition: its daily order line's status, and the daily order's
 * derived status with its status_transitions row. The daily order's row as the list reads it
 * when something changed (to broadcast after commit), else null.
 */
export async function followDailyOrder(
  tx: Tx,
  productionOrderId: number,
  actorId: number,
): Promise<EntityRow | null> {
  const [link] = await queryRows<{ daily_order_id: number }>(
    tx,
    sql`select daily_order_id from daily_order_lines where production_order_id = ${productionOrderId}`,
  );
  if (!link) return null;
  const dailyOrderId = Number(link.daily_order_id);
  await tx.execute(sql`select 1 from daily_orders where id = ${dailyOrderId} for update`);
  const [header] = await tx
    .select({ status: dailyOrders.status })
    .from(dailyOrders)
    .where(eq(dailyOrders.id, dailyOrderId));
  // A draft, submitted or settled daily order has no lines following orders any more.
  if (!header || !['accepted', 'in_production'].includes(header.status)) return null;
  let changed = false;
  for (const row of await linesWithOrders(tx, dailyOrderId)) {
    const next = lineStatusOf(orderOf(row));
    if (next === row.line_status) continue;
    changed = true;
    await tx
      .update(dailyOrderLines)
      .set({ lineStatus: next, updatedBy: actorId })
      .where(eq(dailyOrderLines.id, row.id));
  }
  const doc = { status: header.status, line_counts: await dailyLineCounts(tx, dailyOrderId) };
  const event = derivedDailyOrderEvent(doc);
  const decision = event ? decideDailyOrder(event, { id: actorId, roles: ['admin'] }, doc) : null;
  if (!changed && decision?.kind !== 'ok') return null;
  const to = decision?.kind === 'ok' ? decision.to : header.status;
  // The header's version moves with its lines, so a form open on it reloads them.
  await tx
    .update(dailyOrders)
    .set({ status: to, updatedBy: actorId })
    .where(eq(dailyOrders.id, dailyOrderId));
  if (event && to !== header.status) {
    await logTransition(tx, {
      entityType: DAILY_ORDERS.name,
      entityId: dailyOrderId,
      from: header.status,
      to,
      event,
      reason: null,
      payload: { production_order_id: productionOrderId },
      actorId,
    });
  }
  return readOrFail(tx, dailyOrderRows, dailyOrderId);
}
