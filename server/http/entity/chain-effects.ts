import type { EventContext, EventOutcome } from '../../db/document-event.ts';

// One workflow event whose effect is two modules' work: the document's own (a transfer moves
// stock) and what another module adds to it (production's skids and orders follow the
// transfer). Both run in the event's transaction, the first before the second; what they
// announce goes out after commit in the same order.

export type DocumentEffect = (ctx: EventContext) => Promise<EventOutcome | void>;

/** `first`, then `then`, as one effect; either may be absent. */
export function chainEffects(
  first: DocumentEffect | undefined,
  then: DocumentEffect | undefined,
): DocumentEffect | undefined {
  if (!first || !then) return first ?? then;
  return async (ctx) => {
    const own = (await first(ctx)) ?? {};
    const more = (await then(ctx)) ?? {};
    const [before, after] = [own.afterCommit, more.afterCommit];
    if (!before || !after) return { ...own, ...(after ? { afterCommit: after } : {}) };
    return {
      ...own,
      afterCommit: async () => {
        await before();
        await after();
      },
    };
  };
}
