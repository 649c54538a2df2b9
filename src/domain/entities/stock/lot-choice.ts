import { z } from 'zod';
import { formatDate } from '../../formats/date.format.ts';
import { formatMeasured } from '../../formats/quantity.format.ts';

// The lots a line may take: a product's lots on hand at one location,
// once each, first to expire first (FEFO), with what is left to take. The server answers
// GET LOTS_AT_API?product_id=&location_id= and refuses any other lot on a document's line.

export const LOTS_AT_API = '/api/inventory/lots-at';

export const lotChoiceSchema = z.object({
  lot_id: z.number().int(),
  lot_no: z.string(),
  /** yyyy-MM-dd, or null for a lot that does not expire. */
  expiry_date: z.string().nullable(),
  /** quarantine, released or blocked: only released stock is available. */
  status: z.string(),
  on_hand: z.number(),
  /** On hand less open allocations; 0 for a lot that is not released. */
  available: z.number(),
  /** The product's unit of measure ('ea', 'ml'), which the quantities are counted in. */
  measure_code: z.string().nullable().optional(),
});
export type LotChoice = Readonly<z.infer<typeof lotChoiceSchema>>;

/**
 * How a lot reads in a picker, as every other quantity and date on screen reads:
 * `L-123 · 591,023.856 ml available · exp 03/01/2026`.
 */
export function lotChoiceLabel(lot: LotChoice): string {
  const unit = lot.measure_code ?? '';
  const parts = [lot.lot_no, `${formatMeasured(lot.available, unit)} available`];
  if (lot.available !== lot.on_hand) parts.push(`${formatMeasured(lot.on_hand, unit)} on hand`);
  parts.push(lot.expiry_date ? `exp ${formatDate(lot.expiry_date)}` : 'no expiry');
  if (lot.status !== 'released') parts.push(lot.status);
  return parts.join(' · ');
}
