import type { EntityRow } from '../../src/domain/entities/entity-row.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Tx } from './client.ts';

// What a document's workflow event hands its effect, and what the effect hands back: the
// contract between the routes that run an event and the effects of each module
// (docs/architecture.md "One write, traced to a grid cell"). It lives with the database layer because the
// effects do, so an effect never reaches up into HTTP for its own types.

export type EventContext = {
  tx: Tx;
  actor: SessionUser;
  doc: EntityRow;
  lines: EntityRow[];
  reason: string | null;
  /** Fields of the event body beyond version and reason (e.g. received quantities). */
  body: Record<string, unknown>;
};

export type EventOutcome = {
  /** Header columns (Drizzle keys) written with the status. */
  set?: Record<string, unknown>;
  /**
   * Never handed to the engine: an effect that posts stock is wrapped by `announcingPostings`
   * (http/routes/stock/posting-effects.ts), which announces the posting after commit. Typed so
   * that an effect left unwrapped does not compile rather than post in silence.
   */
  posting?: never;
  /** What the event announces once committed (the orders and skids a transfer moved). */
  afterCommit?: () => Promise<void>;
  /** The timeline's reason when the effect says what it did (how much an allocation covered). */
  reason?: string;
};
