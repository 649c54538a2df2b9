import type { EventOutcome } from '../document-event.ts';
import type { StockPosting } from './post-movements.ts';

/**
 * What a document event's effect that posts stock hands back: the event's outcome and the
 * posting it wrote, which http/routes/stock/posting-effects.ts announces after commit.
 */
export type PostingOutcome = Omit<EventOutcome, 'posting'> & { posting?: StockPosting };
