// Closed lists of stamp reels and their ledger (docs/domain/production.md §3.2 "stamp_reels"),
// shared by the declarations, the reel machine and the database CHECKs in
// server/db/schema/stamp-reels.ts.

export const REEL_STATUSES = [
  'received',
  'available',
  'rejected',
  'requested',
  'issued',
  'in_use',
  'depleted',
  'lost',
] as const;

export type ReelStatus = (typeof REEL_STATUSES)[number];

/**
 * What a reel movement records. `issue` and `return` move custody only (qty 0); `receive` adds
 * the reel's stamps once, on approval; apply, waste, damage and lost take stamps away; an
 * adjust may go either way.
 */
export const REEL_MOVEMENT_TYPES = [
  'receive',
  'issue',
  'return',
  'apply',
  'waste',
  'damage',
  'adjust',
  'lost',
] as const;

export type ReelMovementType = (typeof REEL_MOVEMENT_TYPES)[number];

/** Movement types whose qty must be 0 (custody only). */
export const CUSTODY_MOVEMENTS: readonly ReelMovementType[] = ['issue', 'return'];

/** Movement types whose qty is never positive. */
export const OUTGOING_MOVEMENTS: readonly ReelMovementType[] = ['apply', 'waste', 'damage', 'lost'];

/**
 * Fields of a reel that may still change once its receipt is decided (docs/domain/production.md
 * decision).
 */
export const REEL_LIMITED_EDIT_FIELDS = ['location_id', 'note'] as const;

/** Reel statuses the pending-reel-approvals list shows. */
export const PENDING_REEL_STATUSES: readonly ReelStatus[] = ['received', 'requested'];
