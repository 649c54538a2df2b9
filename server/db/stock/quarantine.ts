import { and, eq, inArray } from 'drizzle-orm';
import { ruleError } from '../../errors/api-error.ts';
import type { Tx } from '../client.ts';
import { locations } from '../schema/general.ts';
import { stockLots } from '../schema/inventory.ts';
import type { MovementInput } from './movement-input.ts';

// Quarantine lots may move only to lab, scrap or quarantine locations (docs/domain/README.md §0);
// the transit location is the road between two of those, so it is allowed too.
const QUARANTINE_DESTINATIONS = new Set(['lab', 'scrap', 'quarantine', 'transit']);

export async function assertQuarantineRoutes(
  tx: Tx,
  moves: readonly MovementInput[],
): Promise<void> {
  const inbound = moves.filter((m) => m.movementType === 'transfer_in' && m.lotId != null);
  if (inbound.length === 0) return;
  const lots = await tx
    .select({ id: stockLots.id, lotNo: stockLots.lotNo })
    .from(stockLots)
    .where(
      and(
        inArray(
          stockLots.id,
          inbound.map((m) => m.lotId ?? 0),
        ),
        eq(stockLots.status, 'quarantine'),
      ),
    );
  if (lots.length === 0) return;
  const types = new Map(
    (
      await tx
        .select({ id: locations.id, type: locations.type })
        .from(locations)
        .where(inArray(locations.id, [...new Set(inbound.map((m) => m.locationId))]))
    ).map((l) => [l.id, l.type]),
  );
  for (const m of inbound) {
    const lot = lots.find((l) => l.id === m.lotId);
    if (lot && !QUARANTINE_DESTINATIONS.has(types.get(m.locationId) ?? '')) {
      throw ruleError(
        `lines.${m.line ?? 0}.lot_id`,
        `Lot ${lot.lotNo} is in quarantine: it may move only to lab, scrap or quarantine`,
      );
    }
  }
}

/**
 * Stock may leave the plant or be used up only from a released lot (docs/domain/README.md §13, 4).
 */
const USES = new Set<MovementInput['movementType']>(['consume', 'ship']);

export async function assertLotsUsable(tx: Tx, moves: readonly MovementInput[]): Promise<void> {
  const used = moves.filter((m) => USES.has(m.movementType) && m.qty < 0 && m.lotId != null);
  if (used.length === 0) return;
  const [held] = await tx
    .select({ lotNo: stockLots.lotNo, status: stockLots.status })
    .from(stockLots)
    .where(
      and(
        inArray(
          stockLots.id,
          used.map((m) => m.lotId ?? 0),
        ),
        inArray(stockLots.status, ['quarantine', 'blocked']),
      ),
    )
    .limit(1);
  if (held) {
    throw ruleError('lot_id', `Lot ${held.lotNo} is ${held.status}: it cannot be used or shipped`);
  }
}
