import { eq, sql } from 'drizzle-orm';
import {
  CUSTODY_MOVEMENTS,
  OUTGOING_MOVEMENTS,
  type ReelMovementType,
} from '../../../src/domain/entities/production/stamp-reel-values.ts';
import { ruleError } from '../../errors/api-error.ts';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';
import { lockResources, stampReelKey } from '../resource-locks.ts';
import { stampReels } from '../schema/stamp-reels.ts';
import { reelMovements } from '../schema/reel-movements.ts';

// The one way stamps move on a reel (docs/domain/production.md §3.2, invariant 5): movements are
// appended to reel_movements and each reel's remaining_qty is set to Σ of its ledger, in the
// caller's transaction. A reel may never go below zero; the whole call is refused instead, nothing
// written. Stamping orders call this for issue, return, apply, waste and damage.

export type ReelMove = {
  reelId: number;
  type: ReelMovementType;
  /** Signed stamps: + in (receive, adjust up), − out (apply, waste, damage, lost); 0 for custody. */
  qty: number;
  stampingOrderId?: number | null;
  assemblyOrderId?: number | null;
  reasonId?: number | null;
  approvedBy?: number | null;
  note?: string | null;
  /** When it happened, if not now (demo history, back-dated corrections). */
  at?: Date;
};

/** Remaining stamps per reel id after the call. */
export type LedgerResult = Map<number, number>;

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

function checkSign(move: ReelMove, index: number): void {
  if (!Number.isInteger(move.qty)) throw ruleError(`moves.${index}.qty`, 'integer');
  if (CUSTODY_MOVEMENTS.includes(move.type) && move.qty !== 0) {
    throw ruleError(`moves.${index}.qty`, `A ${move.type} moves custody only: its qty is 0`);
  }
  if (OUTGOING_MOVEMENTS.includes(move.type) && move.qty > 0) {
    throw ruleError(`moves.${index}.qty`, `A ${move.type} takes stamps off the reel: qty ≤ 0`);
  }
  if (move.type === 'receive' && move.qty <= 0) {
    throw ruleError(`moves.${index}.qty`, 'A receipt adds stamps: qty > 0');
  }
  if (move.type === 'adjust' && move.qty === 0) {
    throw ruleError(`moves.${index}.qty`, 'An adjustment changes the count: qty ≠ 0');
  }
}

/**
 * Appends `moves` and brings each reel's remaining_qty to Σ of its ledger. Returns the new
 * remaining per reel id. Locks the reels' keys, then their rows in id order (so two callers
 * never deadlock).
 */
export async function postReelMovements(
  tx: Tx,
  moves: readonly ReelMove[],
  actorId: number,
): Promise<LedgerResult> {
  if (moves.length === 0) return new Map();
  moves.forEach(checkSign);
  const ids = [...new Set(moves.map((m) => m.reelId))].sort((a, b) => a - b);
  // Each reel's key before its row, as every event that reads a reel's stamps takes them: a
  // caller that declared the keys already holds them, and one that did not waits its turn.
  await lockResources(tx, ids.map(stampReelKey));
  const locked = await queryRows<{ id: number | string; reel_no: string }>(
    tx,
    sql`select id, reel_no from stamp_reels where id in (${idList(ids)}) order by id for update`,
  );
  if (locked.length !== ids.length) throw ruleError('reel_id', 'exists');
  await tx.insert(reelMovements).values(
    moves.map((m) => ({
      reelId: m.reelId,
      type: m.type,
      qty: m.qty,
      stampingOrderId: m.stampingOrderId ?? null,
      assemblyOrderId: m.assemblyOrderId ?? null,
      reasonId: m.reasonId ?? null,
      approvedBy: m.approvedBy ?? null,
      note: m.note ?? null,
      createdBy: actorId,
      ...(m.at ? { createdAt: m.at } : {}),
    })),
  );
  const sums = await queryRows<{ id: number | string; total: number | string }>(
    tx,
    sql`select reel_id as id, coalesce(sum(qty), 0) as total from reel_movements
         where reel_id in (${idList(ids)}) group by reel_id`,
  );
  const result: LedgerResult = new Map();
  for (const row of sums) {
    const id = Number(row.id);
    const total = Number(row.total);
    if (total < 0) {
      const reelNo = locked.find((r) => Number(r.id) === id)?.reel_no ?? String(id);
      throw ruleError('qty', `Reel ${reelNo} would go below zero stamps (${total})`);
    }
    result.set(id, total);
  }
  for (const [id, total] of result) {
    await tx
      .update(stampReels)
      .set({ remainingQty: total, updatedBy: actorId })
      .where(eq(stampReels.id, id));
  }
  return result;
}
