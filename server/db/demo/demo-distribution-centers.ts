import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import {
  warehouseProductLocationLogs,
  warehouseProductLocations,
} from '../schema/distribution-centers.ts';
import { locations } from '../schema/general.ts';
import { bins, products } from '../schema/inventory.ts';
import { users } from '../schema/users.ts';

// A few finished goods placed in the Montréal DC's pick bins (one primary each, a bulk
// overflow for some) with the log rows their assignment wrote.

export async function seedDemoDistributionCenters(tx: Tx): Promise<void> {
  const [dc] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.code, 'DC-MTL'));
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  if (!dc || !admin) return;
  const codes = ['P-01', 'P-02', 'P-03', 'P-04', 'BULK-01'];
  await tx
    .insert(bins)
    .values(
      codes.map((code) => ({
        locationId: dc.id,
        code,
        zone: code.startsWith('P') ? 'Pick' : 'Bulk',
      })),
    )
    .onConflictDoNothing();
  const binRows = await tx
    .select({ id: bins.id, code: bins.code })
    .from(bins)
    .where(and(eq(bins.locationId, dc.id), inArray(bins.code, codes)));
  const bin = (code: string) => binRows.find((b) => b.code === code)?.id;
  const goods = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.type, 'finished_good'))
    .orderBy(products.sku)
    .limit(4);
  const places: {
    productId: number;
    binId: number;
    isPrimary: boolean;
    min: number;
    max: number;
  }[] = [];
  goods.forEach((good, i) => {
    const pick = bin(`P-0${i + 1}`);
    if (pick) places.push({ productId: good.id, binId: pick, isPrimary: true, min: 24, max: 240 });
    const bulk = bin('BULK-01');
    if (bulk && i < 2)
      places.push({ productId: good.id, binId: bulk, isPrimary: false, min: 0, max: 1200 });
  });
  for (const place of places) {
    const [row] = await tx
      .insert(warehouseProductLocations)
      .values({
        locationId: dc.id,
        productId: place.productId,
        binId: place.binId,
        isPrimary: place.isPrimary,
        minUnits: place.min,
        maxUnits: place.max,
        createdBy: admin.id,
        updatedBy: admin.id,
      })
      .returning({ id: warehouseProductLocations.id });
    if (!row) continue;
    await tx.insert(warehouseProductLocationLogs).values({
      warehouseProductLocationId: row.id,
      locationId: dc.id,
      productId: place.productId,
      action: 'assigned',
      newBinId: place.binId,
      createdBy: admin.id,
    });
  }
}
