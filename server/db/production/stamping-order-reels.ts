import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { stampingOrderReels } from '../schema/stamping-orders.ts';

/**
 * The reels a stamping order's event reads and moves, whose keys it holds (stampReelKey): the
 * reels it asks for when it starts, else the reels on its lines.
 */
export async function reelsOf(
  tx: Tx,
  orderId: number,
  requested: readonly number[] | undefined,
): Promise<number[]> {
  if (requested) return [...new Set(requested)];
  const rows = await tx
    .select({ reelId: stampingOrderReels.reelId })
    .from(stampingOrderReels)
    .where(eq(stampingOrderReels.stampingOrderId, orderId));
  return rows.map((r) => r.reelId);
}
