// The lots a line may take (issue 13 defect 6): a product's lots on hand at one location,
// once each, first to expire first (FEFO), with what is left to take. The server answers
// GET LOTS_AT_API?product_id=&location_id= and refuses any other lot on a document's line.

export const LOTS_AT_API = '/api/inventory/lots-at';

export type LotChoice = {
  readonly lot_id: number;
  readonly lot_no: string;
  /** yyyy-MM-dd, or null for a lot that does not expire. */
  readonly expiry_date: string | null;
  /** quarantine, released or blocked: only released stock is available. */
  readonly status: string;
  readonly on_hand: number;
  /** On hand less open allocations; 0 for a lot that is not released. */
  readonly available: number;
};

/** How a lot reads in a picker: `L-123 · 40 available · exp 2026-03-01`. */
export function lotChoiceLabel(lot: LotChoice): string {
  const parts = [lot.lot_no, `${lot.available} available`];
  if (lot.available !== lot.on_hand) parts.push(`${lot.on_hand} on hand`);
  parts.push(lot.expiry_date ? `exp ${lot.expiry_date}` : 'no expiry');
  if (lot.status !== 'released') parts.push(lot.status);
  return parts.join(' · ');
}
