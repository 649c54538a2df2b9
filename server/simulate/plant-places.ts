import type { CrewContext } from './crew-context.ts';
import { where, type ListData } from './plant-api.ts';

// The plant's locations by what they are for, read once through the API as the admin sees
// them: where chemicals are received (the lab), where the floor picks from (release-order.ts
// never suggests a pick in a lab, quarantine, scrap, transit or production location), the
// main warehouse and the distribution centres the sales desk ships from.

export type PlantPlaces = {
  /** The lab (else a quarantine location) chemicals are received into; null when none. */
  lab: number | null;
  /** The first warehouse: where released chemicals go when the floor keeps none yet. */
  warehouse: number | null;
  distributionCentres: number[];
  /** Locations no pick is ever suggested from. */
  unpickable: Set<number>;
};

const UNPICKABLE = ['quarantine', 'lab', 'scrap', 'transit', 'production'];

type LocationRow = { id: number; type: string };

export async function readPlantPlaces(ctx: CrewContext): Promise<PlantPlaces | null> {
  const found = await ctx.as('admin').get<ListData<LocationRow>>('/api/general/locations', {
    per_page: 200,
    sort: { field: 'id', direction: 'asc' },
    filter: [where('active', 'boolean', 'equals', true)],
  });
  if (!found.ok) return null;
  const rows = found.data.rows;
  const ofType = (type: string) => rows.filter((r) => r.type === type).map((r) => r.id);
  return {
    lab: ofType('lab')[0] ?? ofType('quarantine')[0] ?? null,
    warehouse: ofType('warehouse')[0] ?? null,
    distributionCentres: ofType('distribution_center'),
    unpickable: new Set(rows.filter((r) => UNPICKABLE.includes(r.type)).map((r) => r.id)),
  };
}

/** Reads the places on first use and keeps them; a failed read is tried again next time. */
export function plantPlaces(ctx: CrewContext): () => Promise<PlantPlaces | null> {
  let known: PlantPlaces | null = null;
  return async () => (known ??= await readPlantPlaces(ctx));
}
