import type { AppDeps } from '../../../app-deps.ts';
import type { EventContext, EventOutcome } from '../../../db/document-event.ts';
import type { PostingOutcome } from '../../../db/stock/posting-outcome.ts';
import { publishStockPosting } from './publish-stock-posting.ts';

// The document engine runs an event's effect and its after-commit news without knowing what
// the effect wrote. An effect that posts stock hands back its posting too; this wraps a
// document's effects so that each posting's stock events go out once committed, before the
// effect's own news (docs/architecture.md, the engine's pieces).

type Effect<Outcome> = (ctx: EventContext) => Promise<Outcome | void>;

/** `effect`, announcing its posting after commit. */
function announcingPosting(
  deps: Pick<AppDeps, 'realtime'>,
  effect: Effect<PostingOutcome>,
): Effect<EventOutcome> {
  return async (ctx) => {
    const outcome = await effect(ctx);
    if (!outcome) return;
    const { posting, afterCommit, ...rest } = outcome;
    if (!posting) return afterCommit ? { ...rest, afterCommit } : rest;
    return {
      ...rest,
      afterCommit: async () => {
        await publishStockPosting(deps, posting);
        await afterCommit?.();
      },
    };
  };
}

/** `effects`, each announcing its posting after commit. */
export function announcingPostings<Event extends string>(
  deps: Pick<AppDeps, 'realtime'>,
  effects: Record<Event, Effect<PostingOutcome>>,
): Record<Event, Effect<EventOutcome>> {
  const wrapped = {} as Record<Event, Effect<EventOutcome>>;
  for (const event of Object.keys(effects) as Event[]) {
    wrapped[event] = announcingPosting(deps, effects[event]);
  }
  return wrapped;
}
