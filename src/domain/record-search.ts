import { z } from 'zod';

// What GET /api/search?q= answers (Ctrl+K's records group): the records the caller may open
// whose number, code, name, SKU or lot holds the text, exact matches first. One zod schema for
// the route's declaration and the browser's type.

/** How well a hit matches, best first; the answer is ordered by it across entities. */
export const MATCH_RANKS = ['exact', 'prefix', 'partial'] as const;

export type RecordMatch = (typeof MATCH_RANKS)[number];

export const recordHitSchema = z.object({
  /** The entity's declared name (`production_orders`). */
  entity: z.string(),
  /** The entity's title, one row (`Production order`). */
  title: z.string(),
  id: z.number().int(),
  /** What names the row: its number, code, SKU or name. */
  label: z.string(),
  /** Its other searched fields that have a value (`RM-1001 · Strawberry 30 ml`). */
  detail: z.string(),
  /** Where it opens in the browser. */
  path: z.string(),
  match: z.enum(MATCH_RANKS),
});
export type RecordHit = z.infer<typeof recordHitSchema>;

export const recordSearchSchema = z.object({ q: z.string(), hits: z.array(recordHitSchema) });
