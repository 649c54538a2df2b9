import { TRANSFERS } from '../../src/domain/entities/stock/transfers.entity.ts';
import type { CrewContext } from './crew-context.ts';
import { LOT_PREFIX } from './lab-receiving-doc.ts';
import { SIM_MARK, where, type ListData } from './plant-api.ts';
import type { PlantPlaces } from './plant-places.ts';

// Released chemicals leave the lab: the inventory clerk moves them to where the floor picks.

type HeldRow = {
  product_id: number;
  location_id: number;
  lot_id: number | null;
  bin_id: number | null;
  qty_on_hand: number;
};

type PutAwayContext = CrewContext & {
  stats: { chemicalsPutAway: number };
  places: () => Promise<PlantPlaces | null>;
};

/** Where the floor picks the product from now, else the main warehouse. */
async function pickPlace({ as }: CrewContext, productId: number, places: PlantPlaces) {
  const held = await as('inventory').get<ListData<HeldRow>>('/api/inventory/stock-on-hand', {
    per_page: 50,
    filter: [where('product_id', 'number', 'equals', productId)],
  });
  // The place holding the most, where the pickers already go for it.
  const at = (held.ok ? held.data.rows : [])
    .filter((r) => !places.unpickable.has(r.location_id))
    .sort((a, b) => Number(b.qty_on_hand) - Number(a.qty_on_hand))[0];
  if (at) return { location_id: at.location_id, bin_id: at.bin_id };
  return places.warehouse === null ? null : { location_id: places.warehouse, bin_id: null };
}

/**
 * The inventory clerk moves released lots of the simulator's receipts out of the lab to
 * where the floor picks the product, in one step (both on one site; transfer.machine.ts).
 */
export async function putAwayReleasedChemicals(ctx: PutAwayContext): Promise<number> {
  const { as, settle, stats } = ctx;
  const places = await ctx.places();
  if (places?.lab == null) return 0;
  const clerk = as('inventory');
  const released = await clerk.get<ListData<HeldRow>>('/api/inventory/stock-on-hand', {
    per_page: 20,
    filter: [
      where('location_id', 'number', 'equals', places.lab),
      where('lot_status', 'enum', 'equals', 'released'),
      where('lot_no', 'text', 'contains', LOT_PREFIX),
    ],
  });
  let moved = 0;
  for (const lot of released.ok ? released.data.rows : []) {
    if (!(Number(lot.qty_on_hand) > 0)) continue;
    const to = await pickPlace(ctx, lot.product_id, places);
    if (!to) continue;
    const draft = await clerk.send<{ id: number; version: number }>('POST', TRANSFERS.api, {
      kind: 'stock',
      from_location_id: places.lab,
      to_location_id: to.location_id,
      note: `Released chemicals to the floor's stock ${SIM_MARK}`,
      lines: [
        {
          product_id: lot.product_id,
          lot_id: lot.lot_id,
          from_bin_id: lot.bin_id,
          to_bin_id: to.bin_id,
          qty_sent: Number(lot.qty_on_hand),
        },
      ],
    });
    if (!settle(draft, 'draft a put-away')) continue;
    const done = await as('warehouse').send(
      'POST',
      `${TRANSFERS.api}/${draft.data.id}/events/transfer`,
      { version: draft.data.version },
    );
    if (settle(done, 'put chemicals away')) {
      stats.chemicalsPutAway += 1;
      moved += 1;
    }
  }
  return moved;
}
