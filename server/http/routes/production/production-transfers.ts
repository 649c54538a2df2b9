import { eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps.ts';
import type { SessionUser } from '../../../auth/session-user.ts';
import { writeAudit, diffFields } from '../../../db/audit.ts';
import type { Tx } from '../../../db/client.ts';
import { nextNumber } from '../../../db/document-number.ts';
import { locationOfType } from '../../../db/location-of-type.ts';
import {
  moveTransferSkids,
  orderUnits,
  assertLotReleased,
  ordersOnTransfer,
  pendingUnitsSql,
  skidsById,
} from '../../../db/production/skid-loads.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { locations } from '../../../db/schema/general.ts';
import { skids } from '../../../db/schema/production-config.ts';
import { productionOrders } from '../../../db/schema/production-orders.ts';
import { skidItems } from '../../../db/schema/production-transfers.ts';
import { transferLines, transfers } from '../../../db/schema/stock.ts';
import { ApiError, ruleError } from '../../../errors/api-error.ts';
import { resolveBinding, type ResolvedBinding } from '../../entity/entity-binding.ts';
import {
  publishOrderTransition,
  transitionOrder,
  type OrderTransition,
} from './order-transition.ts';
import { productionOrderBinding } from './production-orders.binding.ts';
import { announceTransferNews, type TransferNews } from './transfer-broadcasts.ts';
import type { EventContext } from '../../../db/document-event.ts';
import type { DocumentEffect } from '../../entity/chain-effects.ts';
import type { TransferHooks } from '../stock/transfers.routes.ts';
import type { AllocationHooks } from '../stock/allocations.routes.ts';

// Production transfers (docs/domain/production.md §3.2 transfer_pending → transferred): closed
// skids of finished units leave the production floor on a transfer of kind production_output. The
// transfer's own workflow (transfer.machine.ts) moves the stock; here its skids follow it, and
// when it is received the server sends each order it carried `transfer_received` in the same
// transaction, with transferred_units = Σ received of the order's transfers, once nothing of
// the order waits on a skid or an open transfer (decision: units never loaded stay on the
// floor as stock of the order's lot).

/** Who puts skids on a transfer: the transfer's requesters that work the Transfer page. */
/** Who puts closed skids on a transfer (admin always may). */
export const TRANSFER_REQUESTERS = ['transfer', 'planning'] as const;
const REQUESTERS: readonly string[] = ['admin', ...TRANSFER_REQUESTERS];
/** Where finished goods go from the floor. */
const DESTINATIONS = ['distribution_center', 'warehouse'];

let orderBinding: ResolvedBinding | null = null;
const orders = () => (orderBinding ??= resolveBinding(productionOrderBinding));

export type NewProductionTransfer = {
  to_location_id: number;
  skid_ids: number[];
  requested_date?: string | null;
  note?: string | null;
};

/** The order rows' versions move with their skids, so their dashboard cards refresh. */
async function touchOrders(tx: Tx, ids: readonly number[], actorId: number): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(productionOrders)
    .set({ updatedBy: actorId })
    .where(inArray(productionOrders.id, [...ids]));
}

export const mayRequest = (user: SessionUser) => user.roles.some((r) => REQUESTERS.includes(r));

/** A draft transfer TR- of the closed skids, one line per order on each skid. */
export async function createProductionTransfer(
  tx: Tx,
  input: NewProductionTransfer,
  actor: SessionUser,
  ip: string,
): Promise<{ id: number; orderIds: number[] }> {
  if (!mayRequest(actor)) {
    throw new ApiError(`Only ${REQUESTERS.join(', ')} may put skids on a transfer`, null, 403);
  }
  const from = await locationOfType(tx, 'production');
  const [to] = await tx.select().from(locations).where(eq(locations.id, input.to_location_id));
  if (!to) throw ruleError('to_location_id', 'exists');
  if (to.id === from || !DESTINATIONS.includes(to.type) || !to.active) {
    throw ruleError('to_location_id', 'Choose a distribution centre or a warehouse');
  }
  const ids = [...new Set(input.skid_ids)];
  await tx.execute(
    sql`select 1 from skids where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) for update`,
  );
  const chosen = await skidsById(tx, ids);
  if (chosen.length !== ids.length) throw ruleError('skid_ids', 'exists');
  for (const skid of chosen) {
    if (skid.status !== 'closed' || skid.transferId !== null) {
      throw ruleError('skid_ids', `Skid ${skid.code} is ${skid.status}: close it first`);
    }
  }
  const items = await tx.select().from(skidItems).where(inArray(skidItems.skidId, ids));
  const waiting = items.filter((i) => i.transferId === null);
  const empty = chosen.find((s) => !waiting.some((i) => i.skidId === s.id));
  if (empty) throw ruleError('skid_ids', `Skid ${empty.code} is empty`);
  const orderIds = [...new Set(waiting.map((i) => i.productionOrderId))];
  for (const orderId of orderIds) assertLotReleased(await orderUnits(tx, orderId), 'skid_ids');

  const number = await nextNumber(tx, 'transfer');
  const [header] = await tx
    .insert(transfers)
    .values({
      number,
      kind: 'production_output',
      fromLocationId: from,
      toLocationId: to.id,
      productionOrderId: orderIds.length === 1 ? (orderIds[0] ?? null) : null,
      requestedDate: input.requested_date ?? null,
      note: input.note ?? null,
      createdBy: actor.id,
      updatedBy: actor.id,
    })
    .returning({ id: transfers.id });
  if (!header) throw new Error('transfers: insert returned no row');
  await tx.insert(transferLines).values(
    waiting.map((item) => ({
      transferId: header.id,
      productId: item.productId,
      lotId: item.lotId,
      skidId: item.skidId,
      qtySent: String(item.units),
      createdBy: actor.id,
      updatedBy: actor.id,
    })),
  );
  await tx
    .update(skidItems)
    .set({ transferId: header.id, updatedBy: actor.id })
    .where(
      inArray(
        skidItems.id,
        waiting.map((i) => i.id),
      ),
    );
  await tx
    .update(skids)
    .set({ transferId: header.id, updatedBy: actor.id })
    .where(inArray(skids.id, ids));
  await touchOrders(tx, orderIds, actor.id);
  await writeAudit(tx, {
    entityType: 'transfers',
    entityId: header.id,
    action: 'create',
    // Names, not ids: the transfer's story reads 'To: Montréal distribution centre'.
    changes: diffFields(
      {},
      {
        number,
        kind: 'production_output',
        to_location_name: to.name,
        skid_codes: chosen.map((s) => s.code).join(', '),
      },
    ),
    userId: actor.id,
    ip,
  });
  return { id: header.id, orderIds };
}

/**
 * Sends `transfer_received` to each order that has nothing left on its way and some transfer
 * received, with what its received transfers brought. `transferId` is the transfer being
 * received: it counts as received already (its status is written after its effects, in the
 * same transaction). Null when an order resumes from a hold it was put on while its last
 * transfer arrived.
 */
export async function settleOrders(
  tx: Tx,
  transferId: number | null,
  orderIds: readonly number[],
  actor: SessionUser,
): Promise<OrderTransition[]> {
  const settled: OrderTransition[] = [];
  for (const orderId of orderIds) {
    const id = sql`${orderId}::bigint`;
    const [row] = await queryRows<{
      status: string;
      stage: string | null;
      pending: number;
      received: number;
      transfers: number;
    }>(
      tx,
      sql`select o.status, o.stage, ${pendingUnitsSql(id, transferId)} as pending, r.received,
                 r.transfers
            from production_orders o,
            lateral (select coalesce(sum(tl.qty_received), 0)::float8 as received,
                            count(distinct t.id)::int as transfers
                       from transfer_lines tl
                       join transfers t on t.id = tl.transfer_id
                       join stock_lots l on l.id = tl.lot_id
                      where l.production_order_id = o.id and l.product_id = o.product_id
                        and t.kind = 'production_output'
                        and (t.status = 'received' or t.id = ${transferId}::bigint)) r
           where o.id = ${orderId}`,
    );
    // An order on hold (settled when it resumes), or already past its transfer, is left alone.
    if (!row || row.status !== 'in_progress' || row.stage !== 'transfer_pending') continue;
    if (Number(row.pending) > 0 || Number(row.transfers) === 0) continue;
    settled.push(
      await transitionOrder(tx, orders(), {
        id: orderId,
        version: null,
        event: 'transfer_received',
        actor,
        reason: null,
        input: { transferred_units: Math.round(Number(row.received)) },
        auto: true,
      }),
    );
  }
  return settled;
}

/**
 * What a transfer event does to the skids and orders of a production transfer, after the
 * event's own stock effect. Other kinds of transfer carry no skids and pass through.
 */
function productionTransferEffects(deps: Pick<AppDeps, 'database' | 'realtime'>) {
  const after =
    (
      step: (ctx: EventContext) => Promise<{
        skidIds?: number[];
        orderIds?: number[];
        transitions?: OrderTransition[];
      }>,
    ): DocumentEffect =>
    async (ctx) => {
      if (ctx.doc.kind !== 'production_output') return {};
      const done = await step(ctx);
      await touchOrders(ctx.tx, done.orderIds ?? [], ctx.actor.id);
      const news: TransferNews = {
        transfer: [ctx.doc.id],
        skid: done.skidIds ?? [],
        order: done.orderIds ?? [],
      };
      return {
        afterCommit: async () => {
          for (const t of done.transitions ?? []) await publishOrderTransition(deps, t);
          await announceTransferNews(deps, news);
        },
      };
    };

  const received = (settle: boolean) =>
    after(async ({ tx, doc, actor }) => {
      const skidIds = await moveTransferSkids(
        tx,
        doc.id,
        { status: 'received', locationId: Number(doc.to_location_id) },
        actor.id,
      );
      const orderIds = await ordersOnTransfer(tx, doc.id);
      const transitions = settle ? await settleOrders(tx, doc.id, orderIds, actor) : [];
      return { skidIds, orderIds, transitions };
    });

  return {
    /** docs/domain/inventory.md §2 "prepare: skids closed". */
    prepare: after(async ({ tx, doc }) => {
      const open = await tx
        .select({ code: skids.code, status: skids.status })
        .from(skids)
        .where(eq(skids.transferId, doc.id));
      const notClosed = open.find((s) => s.status !== 'closed');
      if (notClosed) throw ruleError('status', `Skid ${notClosed.code} is ${notClosed.status}`);
      return {};
    }),
    ship: after(async ({ tx, doc, actor }) => ({
      skidIds: await moveTransferSkids(tx, doc.id, { status: 'in_transfer' }, actor.id),
      orderIds: await ordersOnTransfer(tx, doc.id),
    })),
    receive: received(true),
    receive_partial: received(false),
    transfer: received(true),
    resolve: after(async ({ tx, doc, actor }) => {
      const orderIds = await ordersOnTransfer(tx, doc.id);
      return { orderIds, transitions: await settleOrders(tx, doc.id, orderIds, actor) };
    }),
    cancel: after(async ({ tx, doc, actor }) => {
      const orderIds = await ordersOnTransfer(tx, doc.id);
      const skidIds = await moveTransferSkids(
        tx,
        doc.id,
        { status: 'closed', released: true },
        actor.id,
      );
      return { skidIds, orderIds };
    }),
  };
}

/**
 * Production's part in the stock transfers (registered with them by the server's stock
 * registrar): a production transfer's skids and orders follow its events, and the dashboards
 * hear of them. The shipping dashboard follows every transfer that is ready or on the road; the
 * transfer dashboard every production transfer, also through the events without effects of
 * their own (request), else its card would keep offering the step just taken.
 */
export function productionTransferHooks(
  deps: Pick<AppDeps, 'database' | 'realtime'>,
): TransferHooks {
  return {
    effects: productionTransferEffects(deps),
    afterEvent: (row) =>
      announceTransferNews(deps, {
        shipments: { transfers: [row.id] },
        ...(row.kind === 'production_output' ? { transfer: [row.id] } : {}),
      }),
  };
}

/** Production's part in the packing lists: the shipping dashboard follows them. */
export function productionAllocationHooks(
  deps: Pick<AppDeps, 'database' | 'realtime'>,
): AllocationHooks {
  return {
    afterEvent: (row) => announceTransferNews(deps, { shipments: { packingLists: [row.id] } }),
  };
}
