import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { locations } from '../../server/db/schema/general.ts';
import { stockLots } from '../../server/db/schema/inventory.ts';
import { postMovements } from '../../server/db/stock/post-movements.ts';

// Stock as receiving would have left it, for the journeys whose story starts after it (a
// count, a packing list): a lot of a product and its receipt into a location (and a bin),
// written straight to the database the way the posting service writes it.

export type ReceivedLot = {
  productId: number;
  locationId: number;
  lotNo: string;
  qty: number;
  expiryDate?: string | null;
  binId?: number;
};

/** Writes the lot and posts its receipt; answers the lot's id. */
export async function receivedLot(db: Db, lot: ReceivedLot): Promise<number> {
  const [row] = await db
    .insert(stockLots)
    .values({
      productId: lot.productId,
      lotNo: lot.lotNo,
      source: 'receipt',
      expiryDate: lot.expiryDate ?? null,
    })
    .returning();
  await db.transaction((tx) =>
    postMovements(
      tx,
      [
        {
          productId: lot.productId,
          locationId: lot.locationId,
          lotId: row!.id,
          binId: lot.binId,
          qty: lot.qty,
          movementType: 'receipt',
        },
      ],
      { actorId: null },
    ),
  );
  return row!.id;
}

/** A demo location's id by its code (WH-MAIN, DC-MTL). */
export async function locationIdOf(db: Db, code: string): Promise<number> {
  const [row] = await db.select().from(locations).where(eq(locations.code, code));
  if (!row) throw new Error(`no location ${code} in the demo data`);
  return row.id;
}
