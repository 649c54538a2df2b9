import { SALES_ORDER_LINES, SALES_ORDERS } from '../../shared/entities/sales-orders.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import { sql } from 'drizzle-orm';
import {
  allocationStatusOf,
  shippingStatusOf,
  toAllocate,
  type SalesLineQuantities,
} from '../../shared/entities/sales-order-progress.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { nextNumber } from '../../../../server/db/document-number.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { ALLOCATION_OPEN_STATUSES } from '../../../../server/db/schema/allocations.ts';
import { allocatedAt } from '../../../../server/db/stock/allocated.ts';
import { postMovements } from '../../../../server/db/stock/post-movements.ts';
import { logTransition } from '../../../../server/db/transition-log.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import type { EventContext, EventOutcome } from '../../../../server/db/document-event.ts';
import type { PostingOutcome } from '../../../../server/db/stock/posting-outcome.ts';

// What a sales order's workflow does to stock (docs/domain/sales.md §6, docs/domain/README.md §13
// invariants 8, 11, 12). allocate: a packing list (PL-, the stock module's allocations) holds the
// order's stock, lot by lot first to expire first, only released lots (quarantine never), each ≤
// what its place has free (on hand − other open allocations); so every stock screen's "available"
// counts it. ship: `ship` movements through the one stock posting for every allocated,
// unshipped quantity, the packing lists shipped. close and cancel release what is held.

type Line = { -readonly [K in keyof SalesLineQuantities]: SalesLineQuantities[K] } & {
  id: number;
  product_id: number;
  sku: string;
};

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const open = sql.join(
  ALLOCATION_OPEN_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** The lines as the lines binding read them (numerics as numbers), never null in practice. */
function quantities(lines: EventContext['lines']): Line[] {
  return lines.map((row) => {
    const l = rowOf(SALES_ORDER_LINES, row);
    return {
      id: l.id,
      product_id: l.product_id ?? 0,
      sku: l.product_sku ?? '',
      qty: l.qty ?? 0,
      qty_allocated: l.qty_allocated ?? 0,
      qty_shipped: l.qty_shipped ?? 0,
      qty_cancelled: l.qty_cancelled ?? 0,
    };
  });
}

const statuses = (lines: readonly SalesLineQuantities[]) => ({
  allocationStatus: allocationStatusOf(lines),
  shippingStatus: shippingStatusOf(lines),
});

type Place = { lot_id: number | null; bin_id: number | null; free: number };

/** Free stock of released lots (or no lot) at the location, first to expire first. */
async function freePlaces(tx: Tx, productId: number, locationId: number): Promise<Place[]> {
  const rows = await queryRows<Place>(
    tx,
    sql`select b.lot_id::int, b.bin_id::int,
               (b.qty_on_hand - ${allocatedAt(sql`b.product_id`, sql`b.location_id`, sql`b.lot_id`, sql`b.bin_id`)})::float8 as free
          from stock_balances b left join stock_lots l on l.id = b.lot_id
         where b.product_id = ${productId} and b.location_id = ${locationId}
           and b.qty_on_hand > 0 and (b.lot_id is null or l.status = 'released')
         order by l.expiry_date asc nulls last, l.received_at asc nulls last, l.id nulls last,
                  b.bin_id nulls first`,
  );
  return rows.filter((r) => Number(r.free) > 1e-9).map((r) => ({ ...r, free: Number(r.free) }));
}

export async function allocate({ tx, actor, doc, lines }: EventContext): Promise<EventOutcome> {
  const order = rowOf(SALES_ORDERS, doc);
  const location = order.ship_from_location_id;
  const rows = quantities(lines);
  const picks: { line: Line; place: Place; qty: number }[] = [];
  for (const line of rows) {
    let wanted = toAllocate(line);
    if (wanted <= 0) continue;
    for (const place of await freePlaces(tx, line.product_id, location)) {
      const qty = round3(Math.min(wanted, place.free));
      if (qty <= 0) continue;
      picks.push({ line, place, qty });
      wanted = round3(wanted - qty);
      if (wanted <= 0) break;
    }
  }
  if (picks.length === 0) {
    const sku = rows.find((l) => toAllocate(l) > 0)?.sku ?? '';
    throw ruleError(
      'status',
      `Insufficient stock for ${sku}: nothing released is free to allocate`,
    );
  }
  const number = await nextNumber(tx, 'allocation');
  const [list] = await queryRows<{ id: number }>(
    tx,
    sql`insert into allocations (number, sales_order_id, customer_id, ship_from_location_id,
                                 ship_date, status, created_by, updated_by)
        values (${number}, ${doc.id}, ${order.customer_id}, ${location},
                ${order.requested_ship_date ?? null}, 'allocated', ${actor.id}, ${actor.id})
        returning id::int`,
  );
  if (!list) throw new Error('allocation insert returned no row');
  for (const pick of picks) {
    await tx.execute(
      sql`insert into allocation_lines (allocation_id, sales_order_line_id, product_id, lot_id,
                                        bin_id, qty_allocated, created_by, updated_by)
          values (${list.id}, ${pick.line.id}, ${pick.line.product_id}, ${pick.place.lot_id},
                  ${pick.place.bin_id}, ${pick.qty}, ${actor.id}, ${actor.id})`,
    );
    pick.line.qty_allocated = round3(pick.line.qty_allocated + pick.qty);
  }
  for (const line of rows) {
    await tx.execute(
      sql`update sales_order_lines set qty_allocated = ${line.qty_allocated} where id = ${line.id}`,
    );
  }
  await logTransition(tx, {
    entityType: 'allocations',
    entityId: list.id,
    from: 'draft',
    to: 'allocated',
    event: 'allocate',
    reason: `For ${String(doc.number)}`,
    actorId: actor.id,
  });
  return { set: statuses(rows) };
}

type Held = {
  id: number;
  allocation_id: number;
  sales_order_line_id: number;
  product_id: number;
  lot_id: number | null;
  bin_id: number | null;
  qty: number;
};

async function heldLines(tx: Tx, orderId: number) {
  return queryRows<Held>(
    tx,
    sql`select al.id::int, al.allocation_id::int, al.sales_order_line_id::int,
               al.product_id::int, al.lot_id::int, al.bin_id::int,
               (al.qty_allocated - al.qty_shipped)::float8 as qty
          from allocation_lines al join allocations a on a.id = al.allocation_id
         where a.sales_order_id = ${orderId} and a.status in (${open})
         order by al.id for update of al`,
  );
}

/** Moves the order's open packing lists to `to`, each with its status_transitions row. */
async function endLists(tx: Tx, orderId: number, to: string, event: string, actorId: number) {
  const lists = await queryRows<{ id: number; status: string }>(
    tx,
    sql`update allocations a set status = ${to}, updated_by = ${actorId}
          from (select id, status from allocations
                 where sales_order_id = ${orderId} and status in (${open}) for update) old
         where a.id = old.id returning a.id::int, old.status`,
  );
  for (const list of lists) {
    await logTransition(tx, {
      entityType: 'allocations',
      entityId: list.id,
      from: list.status,
      to,
      event,
      reason: null,
      actorId,
    });
  }
}

export async function ship({ tx, actor, doc, lines }: EventContext): Promise<PostingOutcome> {
  const held = (await heldLines(tx, doc.id)).filter((h) => h.qty > 0);
  const posting = await postMovements(
    tx,
    held.map((h, i) => ({
      productId: h.product_id,
      locationId: rowOf(SALES_ORDERS, doc).ship_from_location_id,
      lotId: h.lot_id,
      binId: h.bin_id,
      qty: -h.qty,
      movementType: 'ship' as const,
      sourceType: 'allocations' as const,
      sourceId: h.allocation_id,
      sourceLineId: h.id,
      line: i,
    })),
    { actorId: actor.id },
  );
  await tx.execute(
    sql`update allocation_lines set qty_picked = qty_allocated, qty_shipped = qty_allocated
         where id in (select al.id from allocation_lines al join allocations a on a.id = al.allocation_id
                       where a.sales_order_id = ${doc.id} and a.status in (${open}))`,
  );
  await endLists(tx, doc.id, 'shipped', 'ship', actor.id);
  const rows = quantities(lines);
  for (const line of rows) {
    const shipped = held
      .filter((h) => h.sales_order_line_id === line.id)
      .reduce((a, h) => a + h.qty, 0);
    if (shipped <= 0) continue;
    line.qty_shipped = round3(line.qty_shipped + shipped);
    await tx.execute(
      sql`update sales_order_lines set qty_shipped = ${line.qty_shipped} where id = ${line.id}`,
    );
  }
  return { set: statuses(rows), posting };
}

/** Gives back what is allocated and not shipped (close, cancel): its packing lists cancelled. */
async function release(ctx: EventContext, cancelRemainder: boolean): Promise<EventOutcome> {
  const { tx, actor, doc, lines } = ctx;
  await endLists(tx, doc.id, 'cancelled', 'cancel', actor.id);
  const rows = quantities(lines).map((l) => ({
    ...l,
    qty_allocated: l.qty_shipped,
    qty_cancelled: cancelRemainder ? round3(l.qty - l.qty_shipped) : l.qty_cancelled,
  }));
  for (const line of rows) {
    await tx.execute(
      sql`update sales_order_lines set qty_allocated = ${line.qty_allocated},
                 qty_cancelled = ${line.qty_cancelled} where id = ${line.id}`,
    );
  }
  return { set: statuses(rows) };
}

export const close = (ctx: EventContext) => release(ctx, true);
export const cancel = (ctx: EventContext) => release(ctx, false);
