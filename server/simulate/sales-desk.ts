import { SALES_ORDERS } from '../../modules/sales/shared/entities/sales-orders.entity.ts';
import type { CrewContext } from './crew-context.ts';
import { SIM_MARK, where, type ListData } from './plant-api.ts';
import type { PlantPlaces } from './plant-places.ts';

// The simulator's sales desk (docs/domain/sales.md §6): now and then the `sale` demo
// user takes a customer's order for goods the plant makes, shipped from a distribution centre
// where they are in stock; confirms it when the customer's credit allows (an order over the
// limit stays a draft and is cancelled, never forced: only an admin overrides, with a reason),
// allocates released stock, ships it (in part when some is short, the rest closed off or
// allocated later) and now and then cancels one. Every write is the sale user's, through the
// API, so docs/product.md §6 holds; where the stock is, the desk asks the inventory clerk (sale
// reads no stock screens). One step per order per tick.

const ORDERS = SALES_ORDERS.api;
const OPEN = ['draft', 'confirmed'];
const QTYS = [6, 12, 12, 24, 24, 36, 48, 72];
/** Orders the desk keeps open at once, and the chance of a new one each tick below that. */
const OPEN_TARGET = 2;
const NEW_ORDER = 0.1;
/** Ticks a draft over the credit limit waits (for payments that never come) before cancelling. */
const CREDIT_WAIT = 3;

type OrderRow = {
  id: number;
  version: number;
  number: string;
  status: string;
  customer_active: boolean | number;
  over_credit_limit: boolean | number;
  shipped_any: boolean | number;
  ships_in_full: boolean | number;
  to_allocate: boolean | number;
  to_ship: boolean | number;
};

type Followed = { id: number; row: OrderRow | null; waits: number; allocations: number };

type FreeStock = { product_id: number; location_id: number; available: number };

export type SalesStats = {
  /** Sales orders the desk took, confirmed, shipped (a ship or ship_partial), closed, cancelled. */
  salesOrders: number;
  salesConfirmed: number;
  salesShipped: number;
  salesClosed: number;
  salesCancelled: number;
};

export const SALES_STATS: SalesStats = {
  salesOrders: 0,
  salesConfirmed: 0,
  salesShipped: 0,
  salesClosed: 0,
  salesCancelled: 0,
};

export type SalesDeskContext = CrewContext & {
  stats: SalesStats;
  places: () => Promise<PlantPlaces | null>;
  /** The finished goods the plant makes (plant-setup.ts). */
  goods: () => readonly number[];
};

const yes = (value: boolean | number | undefined) => value === true || value === 1;

export function salesDesk(ctx: SalesDeskContext) {
  const { as, chance, pick, rng, settle, stats } = ctx;
  const orders = new Map<number, Followed>();
  let customers: number[] | null = null;
  let adopted = false;

  async function read(t: Followed): Promise<void> {
    const answer = await as('sale').get<OrderRow>(`${ORDERS}/${t.id}`);
    if (answer.httpStatus === 404) orders.delete(t.id);
    t.row = answer.ok ? answer.data : null;
  }

  async function send(t: Followed, event: string, extra: Record<string, unknown> = {}) {
    const row = t.row as OrderRow;
    const answer = await as('sale').send<OrderRow>('POST', `${ORDERS}/${t.id}/events/${event}`, {
      version: row.version,
      ...extra,
    });
    if (settle(answer, `${event} a sales order`)) {
      t.row = answer.data;
      return true;
    }
    await read(t);
    return false;
  }

  async function cancel(t: Followed, reason: string) {
    if (await send(t, 'cancel', { reason: `${reason} ${SIM_MARK}` })) stats.salesCancelled += 1;
  }

  /** Released stock free at the distribution centres, of goods the plant makes. */
  async function freeStock(places: PlantPlaces): Promise<FreeStock[]> {
    const goods = new Set(ctx.goods());
    if (places.distributionCentres.length === 0 || goods.size === 0) return [];
    // The goods are too many for one `in` filter (docs/product.md §7 caps its values): kept here.
    const held = await as('inventory').get<ListData<FreeStock>>('/api/inventory/stock-on-hand', {
      per_page: 200,
      sort: { field: 'available', direction: 'desc' },
      filter: [
        where('location_id', 'number', 'in', places.distributionCentres),
        where('lot_status', 'enum', 'equals', 'released'),
        where('available', 'number', 'greater_or_equal', 1),
      ],
    });
    return (held.ok ? held.data.rows : []).filter((r) => goods.has(r.product_id));
  }

  async function takeOrder(): Promise<void> {
    const places = await ctx.places();
    if (!places) return;
    const free = await freeStock(places);
    if (free.length === 0) return;
    const at = pick(free).location_id;
    // One to three of the goods there, each once (a product may sit in several lots).
    const byProduct = new Map<number, number>();
    for (const r of free.filter((f) => f.location_id === at)) {
      byProduct.set(r.product_id, (byProduct.get(r.product_id) ?? 0) + Number(r.available));
    }
    const products = [...byProduct.keys()];
    const lines = [];
    for (let n = 1 + Math.floor(rng() * 3); n > 0 && products.length > 0; n -= 1) {
      const productId = products.splice(Math.floor(rng() * products.length), 1)[0] as number;
      const available = Math.floor(byProduct.get(productId) ?? 0);
      // Now and then the customer wants more than is there: it ships in part.
      const qty = chance(0.1) ? available + pick(QTYS) : Math.min(available, pick(QTYS));
      if (qty > 0) lines.push({ product_id: productId, qty });
    }
    customers ??= await customerIds();
    if (lines.length === 0 || customers.length === 0) return;
    const shipBy = new Date(Date.now() + (2 + Math.floor(rng() * 9)) * 86_400_000);
    const created = await as('sale').send<OrderRow>('POST', ORDERS, {
      customer_id: pick(customers),
      ship_from_location_id: at,
      order_date: new Date().toISOString().slice(0, 10),
      requested_ship_date: shipBy.toISOString().slice(0, 10),
      note: `Phoned in ${SIM_MARK}`,
      lines,
    });
    if (!settle(created, 'take a sales order')) return;
    stats.salesOrders += 1;
    orders.set(created.data.id, {
      id: created.data.id,
      row: created.data,
      waits: 0,
      allocations: 0,
    });
  }

  async function customerIds(): Promise<number[]> {
    const options = await as('sale').get<{ value: number }[]>('/api/general/customers/options');
    return options.ok ? options.data.map((o) => o.value) : [];
  }

  async function advance(t: Followed): Promise<void> {
    if (!t.row) await read(t);
    const o = t.row;
    if (!o) return;
    switch (o.status) {
      case 'draft':
        if (!yes(o.customer_active)) return cancel(t, 'The customer is inactive');
        if (yes(o.over_credit_limit)) {
          // The sale user cannot confirm over the limit, and never asks for an override.
          t.waits += 1;
          if (t.waits >= CREDIT_WAIT) await cancel(t, 'Over the customer’s credit limit');
          return;
        }
        if (chance(0.03)) return cancel(t, 'The customer changed their mind');
        if (await send(t, 'confirm')) stats.salesConfirmed += 1;
        return;
      case 'confirmed':
        return advanceConfirmed(t, o);
      default:
        // closed or cancelled: off the desk.
        orders.delete(t.id);
    }
  }

  async function advanceConfirmed(t: Followed, o: OrderRow): Promise<void> {
    if (yes(o.to_allocate) && t.allocations < 2) {
      // A refusal (nothing free any more) is counted; after two the rest is given up.
      t.allocations += 1;
      await send(t, 'allocate');
      return;
    }
    if (yes(o.to_ship)) {
      if (!yes(o.shipped_any) && chance(0.03)) return cancel(t, 'Cancelled by the customer');
      const full = yes(o.ships_in_full);
      if (await send(t, full ? 'ship' : 'ship_partial')) {
        stats.salesShipped += 1;
        if (t.row?.status === 'closed') stats.salesClosed += 1;
      }
      return;
    }
    if (yes(o.shipped_any)) {
      if (await send(t, 'close', { reason: `The rest is not in stock: closed ${SIM_MARK}` })) {
        stats.salesClosed += 1;
      }
      return;
    }
    await cancel(t, 'Nothing free to ship');
  }

  /** The desk's orders a previous run left open are carried on. */
  async function adopt(): Promise<void> {
    adopted = true;
    const open = await as('sale').get<ListData<{ id: number }>>(ORDERS, {
      per_page: OPEN_TARGET * 2,
      sort: { field: 'id', direction: 'asc' },
      filter: [where('note', 'text', 'contains', SIM_MARK), where('status', 'enum', 'in', OPEN)],
    });
    for (const row of open.ok ? open.data.rows : []) {
      orders.set(row.id, { id: row.id, row: null, waits: 0, allocations: 0 });
    }
  }

  return {
    async step(): Promise<void> {
      if (!adopted) await adopt();
      for (const t of [...orders.values()]) await advance(t);
      if (orders.size < OPEN_TARGET && chance(NEW_ORDER)) await takeOrder();
    },
    tracked: () => orders.size,
  };
}
