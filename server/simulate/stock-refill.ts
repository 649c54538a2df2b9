import type { CrewContext } from './crew-context.ts';
import type { ChemicalReceipts } from './lab-receipts.ts';
import { SIM_MARK, where, type ListData } from './plant-api.ts';
import { raiseSentOrder, supplierSources, type SupplierSource } from './purchase-clerk.ts';
import { ordersAwaitingGoods, receiveOrder } from './warehouse-receipts.ts';

// The simulator's stock replenishment: before the floor runs out of what a batch needs, the
// ingredient is bought and received: goods already ordered are received first (sometimes only part
// of them, the rest on a later truck), else the purchase clerk raises, submits and sends an order
// for five batches' worth and the warehouse receives it. What no supplier sells (bulk made in the
// plant) is topped up with a posted stock adjustment, as before. `force` refills even when three
// batches' worth is still on hand (a pick or a batch was just refused for lack of stock) and then
// receives in full, so production never starves. Chemicals arrive through the lab instead
// (lab-receipts.ts), forced or not only when short; what sits where no pick is ever suggested (the
// lab, quarantine) is not on hand for the floor.

export type Ingredient = { product_id: number; required_qty: number };

export type RefillStats = {
  restocks: number;
  /** Purchase orders the clerk raised and sent. */
  purchaseOrders: number;
};

export type RefillContext = {
  crew: CrewContext;
  stats: RefillStats;
  /** Who buys what, read once (purchase-clerk.ts). */
  sources: { known: Map<number, SupplierSource> | null };
  /** Chemicals through lab receiving; without it they are received as any material. */
  chemicals?: ChemicalReceipts;
};

type Held = {
  location_id: number;
  lot_id: number | null;
  bin_id: number | null;
  available: number;
};

export async function refillStock(
  { crew, stats, sources, chemicals }: RefillContext,
  ingredients: readonly Ingredient[],
  force: boolean,
): Promise<void> {
  const clerk = crew.as('inventory');
  const unpickable = (await chemicals?.unpickable()) ?? new Set<number>();
  for (const line of ingredients) {
    const need = Number(line.required_qty);
    if (!(need > 0)) continue;
    const held = await clerk.get<ListData<Held>>('/api/inventory/stock-on-hand', {
      per_page: 20,
      filter: [where('product_id', 'number', 'equals', line.product_id)],
      sort: { field: 'expiry_date', direction: 'asc' },
    });
    if (!held.ok) continue;
    const floor = held.data.rows.filter((r) => !unpickable.has(r.location_id));
    const usable = floor.filter((r) => Number(r.available) > 0);
    const available = usable.reduce((sum, r) => sum + Number(r.available), 0);
    const at = usable[0] ?? floor[0] ?? held.data.rows[0];
    if (!at || (!force && available >= 3 * need)) continue;
    sources.known ??= await supplierSources(crew);
    const source = sources.known.get(line.product_id);
    if (source && (await chemicals?.isChemical(line.product_id))) {
      // A lab delivery is an order, a receiving and its inspection: a stuck floor gets one
      // only for a chemical it is short of, not for every ingredient of the batch.
      if (available >= 3 * need) continue;
      const arrived = await chemicals?.restock(
        source,
        line.product_id,
        need,
        at.location_id,
        force,
      );
      if (arrived) stats.restocks += 1;
    } else if (source) await buy(crew, stats, source, line.product_id, need, at, force);
    else await adjust(crew, stats, line.product_id, need, at);
  }
}

async function buy(
  crew: CrewContext,
  stats: RefillStats,
  source: SupplierSource,
  productId: number,
  need: number,
  at: Held,
  force: boolean,
) {
  const to = { location_id: at.location_id, bin_id: at.bin_id, product_id: productId };
  // A stuck floor takes the whole delivery; otherwise now and then a truck brings half.
  const share = () => (force || !crew.chance(0.3) ? 1 : 0.5);
  for (const order of await ordersAwaitingGoods(crew, productId)) {
    if (await receiveOrder(crew, order, to, share())) {
      stats.restocks += 1;
      return;
    }
  }
  const orderId = await raiseSentOrder(
    crew,
    source,
    productId,
    Math.ceil(need * 5),
    at.location_id,
  );
  if (orderId === null) return;
  stats.purchaseOrders += 1;
  if (await receiveOrder(crew, { id: orderId, supplier_id: source.supplier_id }, to, share())) {
    stats.restocks += 1;
  }
}

/** Made in the plant, bought from no one: a posted stock adjustment where the stock is. */
async function adjust(
  crew: CrewContext,
  stats: RefillStats,
  productId: number,
  need: number,
  at: Held,
) {
  const clerk = crew.as('inventory');
  const doc = await clerk.send<{ id: number; version: number }>(
    'POST',
    '/api/inventory/stock-adjustments',
    {
      location_id: at.location_id,
      note: `Refill for the floor ${SIM_MARK}`,
      lines: [
        {
          product_id: productId,
          lot_id: at.lot_id,
          bin_id: at.bin_id,
          qty_delta: Math.ceil(need * 5),
        },
      ],
    },
  );
  if (!crew.settle(doc, 'restock')) return;
  const posted = await clerk.send(
    'POST',
    `/api/inventory/stock-adjustments/${doc.data.id}/events/post`,
    { version: doc.data.version },
  );
  if (crew.settle(posted, 'post the restock')) stats.restocks += 1;
}
