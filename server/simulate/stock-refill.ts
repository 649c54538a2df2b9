import { SIM_MARK, where, type Answer, type ListData, type PlantPerson } from './plant-api.ts';

// The simulator's stock clerk: before the floor runs out of what a batch needs, it tops the
// ingredient up with a posted stock adjustment, five batches' worth, in the lot and bin that
// expires first. `force` refills even when three batches' worth is still on hand (a pick or
// a batch was just refused for lack of stock).

export type Ingredient = { product_id: number; required_qty: number };

export type RefillContext = {
  clerk: PlantPerson;
  /** Counts a refusal; true when the request went through. */
  settle: (answer: Answer, what: string) => boolean;
  stats: { restocks: number };
};

export async function refillStock(
  { clerk, settle, stats }: RefillContext,
  ingredients: readonly Ingredient[],
  force: boolean,
): Promise<void> {
  for (const line of ingredients) {
    const need = Number(line.required_qty);
    if (!(need > 0)) continue;
    const held = await clerk.get<
      ListData<{
        location_id: number;
        lot_id: number | null;
        bin_id: number | null;
        available: number;
      }>
    >('/api/inventory/stock-on-hand', {
      per_page: 20,
      filter: [where('product_id', 'number', 'equals', line.product_id)],
      sort: { field: 'expiry_date', direction: 'asc' },
    });
    if (!held.ok) continue;
    const usable = held.data.rows.filter((r) => Number(r.available) > 0);
    const available = usable.reduce((sum, r) => sum + Number(r.available), 0);
    const at = usable[0];
    if (!at || (!force && available >= 3 * need)) continue;
    const doc = await clerk.send<{ id: number; version: number }>(
      'POST',
      '/api/inventory/stock-adjustments',
      {
        location_id: at.location_id,
        note: `Refill for the floor ${SIM_MARK}`,
        lines: [
          {
            product_id: line.product_id,
            lot_id: at.lot_id,
            bin_id: at.bin_id,
            qty_delta: Math.ceil(need * 5),
          },
        ],
      },
    );
    if (!settle(doc, 'restock')) continue;
    const posted = await clerk.send(
      'POST',
      `/api/inventory/stock-adjustments/${doc.data.id}/events/post`,
      { version: doc.data.version },
    );
    if (settle(posted, 'post the restock')) stats.restocks += 1;
  }
}
