import { and, asc, eq } from 'drizzle-orm';
import { ruleError } from '../errors/api-error.ts';
import type { Tx } from './client.ts';
import { locations } from './schema/general.ts';

/**
 * The place of a kind the plant has one of in practice (the transit road between sites, the
 * production floor, the finished goods warehouse): the first active location of `type`, or a
 * refusal saying what to add.
 */
export async function locationOfType(
  tx: Tx,
  type: 'transit' | 'production' | 'warehouse',
): Promise<number> {
  const [row] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.type, type), eq(locations.active, true)))
    .orderBy(asc(locations.id))
    .limit(1);
  if (!row) throw ruleError('status', `No ${type} location exists: add one under Locations`);
  return row.id;
}
