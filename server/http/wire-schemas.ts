import { z } from 'zod';

// How values look in the envelope's `data` (envelope.ts toWire), for the `response` schemas
// routes declare: a boolean travels as 1/0 (docs/product.md §7), a date as ISO text.

/** A boolean on the wire. */
export const wireFlag = z.literal([0, 1]);

/** A timestamp on the wire (Date.toISOString, or PostgreSQL's text of a timestamptz). */
export const wireTimestamp = z.string();
