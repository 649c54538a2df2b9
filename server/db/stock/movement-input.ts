import type { MovementSource } from '../../../src/domain/entities/stock/inventory-movements.entity.ts';
import type { MovementType } from '../schema/stock.ts';

/** One movement a posting appends to the ledger (post-movements.ts), as its writers describe it. */
export type MovementInput = {
  productId: number;
  locationId: number;
  lotId?: number | null;
  binId?: number | null;
  /** Signed: + in, − out. */
  qty: number;
  movementType: MovementType;
  unitCost?: number | null;
  /** The document the movement belongs to (the movements report names it by its number). */
  sourceType?: MovementSource | null;
  sourceId?: number | null;
  sourceLineId?: number | null;
  reversalOfId?: number | null;
  note?: string | null;
  movedAt?: Date;
  /** The document line this movement comes from, for the error path `lines.N.qty`. */
  line?: number;
};
