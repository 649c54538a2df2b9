import type { CrewContext } from './crew-context.ts';
import { SIM_MARK } from './plant-api.ts';

// The simulator's purchase clerk: when the floor runs low on a material a supplier sells, it raises
// a purchase order through the API as the purchase demo user, submits it (an admin approves it when
// it is over the approval threshold) and sends it; the warehouse then receives it
// (warehouse-receipts.ts). Suppliers' products are read once.

const ORDERS = '/api/purchase/purchase_orders';

export type SupplierSource = {
  supplier_id: number;
  unit_price: number;
  moq: number;
  preferred: boolean;
};

type OrderRow = { id: number; version: number; status: string; needs_approval?: boolean | number };

/** product id → the supplier the clerk buys it from: the preferred one, else the cheapest. */
export async function supplierSources(ctx: CrewContext): Promise<Map<number, SupplierSource>> {
  const buyer = ctx.as('purchase');
  const list = await buyer.get<{ rows: { id: number; active: boolean | number }[] }>(
    '/api/purchase/suppliers',
    { per_page: 100 },
  );
  const sources = new Map<number, SupplierSource>();
  if (!list.ok) return sources;
  for (const supplier of list.data.rows.filter((s) => Boolean(s.active))) {
    const read = await buyer.get<{
      products?: { product_id: number; unit_price: number; moq: number; preferred: unknown }[];
    }>(`/api/purchase/suppliers/${supplier.id}`);
    for (const p of read.ok ? (read.data.products ?? []) : []) {
      const source = {
        supplier_id: supplier.id,
        unit_price: Number(p.unit_price),
        moq: Number(p.moq),
        preferred: p.preferred === true || p.preferred === 1,
      };
      const known = sources.get(Number(p.product_id));
      const better =
        !known ||
        (source.preferred && !known.preferred) ||
        (source.preferred === known.preferred && source.unit_price < known.unit_price);
      if (better) sources.set(Number(p.product_id), source);
    }
  }
  return sources;
}

/** At least `qty`, in whole multiples of the supplier's minimum order. */
const packed = (qty: number, moq: number) => (moq > 0 ? Math.ceil(qty / moq) * moq : qty);

/**
 * A sent order for `qty` of the product to `locationId`, or null when a step was refused
 * (counted by `settle`; the next shortage tries again).
 */
export async function raiseSentOrder(
  ctx: CrewContext,
  source: SupplierSource,
  productId: number,
  qty: number,
  locationId: number,
): Promise<number | null> {
  const buyer = ctx.as('purchase');
  const today = new Date().toISOString().slice(0, 10);
  const created = await buyer.send<OrderRow>('POST', ORDERS, {
    supplier_id: source.supplier_id,
    order_date: today,
    ship_to_location_id: locationId,
    note: `Floor running low ${SIM_MARK}`,
    lines: [{ product_id: productId, qty: packed(qty, source.moq), unit_price: source.unit_price }],
  });
  if (!ctx.settle(created, 'raise a purchase order')) return null;
  let order = created.data;
  const event = async (who: string, name: string, what: string, more: object = {}) => {
    const answer = await ctx
      .as(who)
      .send<OrderRow>('POST', `${ORDERS}/${order.id}/events/${name}`, {
        ...more,
        version: order.version,
      });
    if (ctx.settle(answer, what)) order = answer.data;
    return answer.ok;
  };
  // Over the threshold an admin approves it: never the buyer who submitted it.
  if (order.needs_approval === true || order.needs_approval === 1) {
    if (!(await event('purchase', 'submit_for_approval', 'submit a purchase order'))) return null;
    if (!(await event('admin', 'approve', 'approve a purchase order'))) return null;
  } else if (!(await event('purchase', 'submit', 'submit a purchase order'))) {
    return null;
  }
  // Sent by hand: a simulated order never emails a real supplier, SMTP or not.
  const sent = await event('purchase', 'send', 'send a purchase order', { sent_by_hand: true });
  return sent ? order.id : null;
}
