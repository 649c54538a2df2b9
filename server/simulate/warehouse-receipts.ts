import type { CrewContext } from './crew-context.ts';
import { SIM_MARK } from './plant-api.ts';

// The simulator's warehouse receiving sent purchase orders: it opens a receiving against the order,
// fills it from the order's open lines as the form's "Receive against PO" does, sometimes receives
// only part of it (the rest comes on a later truck) and posts it, which writes the stock and the
// order's received quantities.

const RECEIVINGS = '/api/inventory/receivings';

type OpenLine = {
  purchase_order_line_id: number;
  product_id: number;
  qty_open: number;
  unit_cost: number;
};

/** Where the goods go: the location, and a bin there when the product keeps one. */
export type Destination = { location_id: number; bin_id: number | null };

/**
 * Receives `share` (0–1] of what is open on the order at `to`; true when it was posted.
 * Lot-tracked goods get a lot of the receipt's own.
 */
export async function receiveOrder(
  ctx: CrewContext,
  order: { id: number; supplier_id: number },
  to: Destination & { product_id: number },
  share = 1,
): Promise<boolean> {
  const clerk = ctx.as('warehouse');
  const open = await clerk.get<OpenLine[]>(
    `/api/inventory/receivable-orders/${order.id}/open-lines`,
  );
  if (!open.ok || open.data.length === 0) return false;
  const lot = `SIM-${Date.now().toString(36).toUpperCase()}`;
  const draft = await clerk.send<{ id: number; version: number }>('POST', RECEIVINGS, {
    supplier_id: order.supplier_id,
    purchase_order_id: order.id,
    location_id: to.location_id,
    received_date: new Date().toISOString().slice(0, 10),
    packing_slip_no: lot,
    note: SIM_MARK,
    lines: open.data.map((l) => ({
      purchase_order_line_id: l.purchase_order_line_id,
      product_id: l.product_id,
      qty: Math.max(0.001, Math.round(l.qty_open * share * 1000) / 1000),
      lot_no: lot,
      // The short product goes to the bin it is picked from; the rest to the location.
      bin_id: l.product_id === to.product_id ? to.bin_id : null,
      unit_cost: l.unit_cost,
    })),
  });
  if (!ctx.settle(draft, 'receive a purchase order')) return false;
  const posted = await clerk.send('POST', `${RECEIVINGS}/${draft.data.id}/events/post`, {
    version: draft.data.version,
  });
  return ctx.settle(posted, 'post a receiving');
}

/** The simulator's own orders still waiting for goods (sent or partly received). */
export async function ordersAwaitingGoods(
  ctx: CrewContext,
  productId: number,
): Promise<{ id: number; supplier_id: number }[]> {
  const answer = await ctx
    .as('warehouse')
    .get<{ id: number; supplier_id: number }[]>('/api/inventory/receivable-orders');
  if (!answer.ok) return [];
  const mine = [];
  for (const order of answer.data) {
    const lines = await ctx
      .as('warehouse')
      .get<OpenLine[]>(`/api/inventory/receivable-orders/${order.id}/open-lines`);
    if (lines.ok && lines.data.some((l) => l.product_id === productId)) mine.push(order);
  }
  return mine;
}
