import { eq } from 'drizzle-orm';
import type { Tx } from '../../../../server/db/client.ts';
import { forecastPeriodKey, type ResourceKey } from '../../../../server/db/resource-locks.ts';
import { forecastAllocations, forecastProductionPlans } from './forecast.schema.ts';

// A forecast period's lock is taken before any row by everyone who writes under it: an
// allocation's edit rewrites its product's plan row, which a plan event holds while it reads
// the period (see "Lock order" in server/http/README.md). A row never moves to another
// period, so which period it belongs to can be read before its own lock.

/** The lock of the period an allocation or a plan row belongs to; none when the row is gone. */
export async function periodLockOf(
  tx: Tx,
  table: typeof forecastAllocations | typeof forecastProductionPlans,
  id: number,
): Promise<ResourceKey[]> {
  const rows: { period: number }[] =
    table === forecastAllocations
      ? await tx
          .select({ period: forecastAllocations.forecastPeriodId })
          .from(forecastAllocations)
          .where(eq(forecastAllocations.id, id))
      : await tx
          .select({ period: forecastProductionPlans.forecastPeriodId })
          .from(forecastProductionPlans)
          .where(eq(forecastProductionPlans.id, id));
  return rows.map((row) => forecastPeriodKey(row.period));
}
