import { PRODUCTION_ORDERS } from '../../domain/entities/production/production-orders.entity.ts';
import type { WorkLive } from '../../domain/my-work.ts';
import type { TransitionTable } from './document-workflow.ts';

// The small pieces the work queues of every module are declared with (work-queues.ts).

/** The roles of `event` from `status` in a transition table (none when it is not mapped). */
export function stepRoles(
  table: TransitionTable,
  status: string,
  event: string,
): readonly string[] {
  return table[status]?.[event]?.roles ?? [];
}

export const liveOf = (entity: { channel: string; event: string }): WorkLive => ({
  channel: entity.channel,
  event: entity.event,
});

export const ORDERS_LIVE = liveOf(PRODUCTION_ORDERS);
/** A production order's own page, its story. */
export const orderStory = (id: number) => `/production/production-orders/${id}`;
/** A list page with one row's drawer open. */
export const openIn = (page: string) => (id: number) => `${page}?open=${id}`;
