import type { stampReels } from '../../../db/schema/stamp-reels.ts';
import type { ReelMove } from '../../../db/stamp-reels/reel-ledger.ts';
import { ruleError, validationError } from '../../../errors/api-error.ts';
import type { STAMP_REELS } from '../../../../src/domain/entities/production/stamp-reels.entity.ts';
import type { RowOf } from '../../../../src/domain/entity/row-of.ts';

// What a stamp reel's own events (stamp-reels.routes.ts) put on its ledger besides the status:
// the received stamps on approval, what was left when it is lost, the adjustment.

/** The serial span of a reel must be its stamp count (the approve_receipt guard). */
export function spanProblem(row: Record<string, unknown>): string | null {
  const span = Number(row.last_serial) - Number(row.first_serial) + 1;
  const qty = Number(row.stamps_qty);
  return span === qty
    ? null
    : `The serials ${String(row.first_serial)}–${String(row.last_serial)} span ${span} stamps, not ${qty}`;
}

/** What a reel event writes on the reel's ledger, and on the reel besides its status. */
export function reelEventMoves(
  event: string,
  doc: RowOf<typeof STAMP_REELS>,
  sent: { actorId: number; reason: string | null; reasonId: number | null; qty?: number },
): { set: Partial<typeof stampReels.$inferInsert>; moves: ReelMove[] } {
  const set: Partial<typeof stampReels.$inferInsert> = {};
  const moves: ReelMove[] = [];
  const base = {
    reelId: doc.id,
    reasonId: sent.reasonId,
    approvedBy: sent.actorId,
    note: sent.reason,
  };
  if (event === 'approve_receipt') {
    const problem = spanProblem(doc);
    if (problem) throw ruleError('stamps_qty', problem);
    moves.push({ ...base, type: 'receive', qty: doc.stamps_qty });
    set.approvedBy = sent.actorId;
  } else if (event === 'mark_lost') {
    const remaining = doc.remaining_qty ?? 0;
    if (remaining > 0) moves.push({ ...base, type: 'lost', qty: -remaining });
  } else if (event === 'adjust') {
    if (sent.qty === undefined) throw validationError({ qty: 'required' });
    if (sent.qty === 0) throw ruleError('qty', 'An adjustment changes the count: qty ≠ 0');
    moves.push({ ...base, type: 'adjust', qty: sent.qty });
  }
  return { set, moves };
}
