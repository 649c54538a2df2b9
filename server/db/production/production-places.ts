import { and, asc, eq } from 'drizzle-orm';
import { ruleError } from '../../http/api-error.ts';
import type { Tx } from '../client.ts';
import { locations } from '../schema/general.ts';

/** The production floor, where batches are made and bottled (the first active one). */
export async function productionFloor(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.type, 'production'), eq(locations.active, true)))
    .orderBy(asc(locations.id))
    .limit(1);
  if (!row) throw ruleError('status', 'No production location exists: add one under Locations');
  return row.id;
}
