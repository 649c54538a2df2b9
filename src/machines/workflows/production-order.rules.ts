import type { OrderEventName } from './production-order-events.ts';
import { eventRolesOfRules } from './document-workflow.ts';

// Who may send each production order event (docs/domain/production.md §3.2), apart from the
// machine's states and guards: the machine asks it on every event, the routes refuse anyone outside
// it before reading the order, and the home page's work queues name whom a waiting order waits for.

const SUPERVISORS = ['supervisor_batcher', 'supervisor_production'];
const BATCHERS = ['batcher', 'head_batcher', 'supervisor_batcher'];

/** Who may send each event (admin always may) and whether a reason must come with it. */
export const ORDER_RULES: Record<
  OrderEventName,
  { roles: readonly string[]; reason?: true; auto?: true }
> = {
  submit: { roles: ['planning'] },
  approve: { roles: ['manager', 'planning'] },
  reject: { roles: ['manager', 'planning'], reason: true },
  release: { roles: ['planning'] },
  cancel: { roles: ['planning', 'manager'], reason: true },
  hold: { roles: [...SUPERVISORS, 'manager', 'qa_manager'], reason: true },
  resume: { roles: [...SUPERVISORS, 'manager'] },
  close: { roles: [...SUPERVISORS, 'manager'] },
  scrap: { roles: ['qa_manager'], reason: true },
  start_batching: { roles: BATCHERS },
  finish_batching: { roles: BATCHERS },
  // Sent by the server when an HPLC result, a stamping order or a transfer settles.
  hplc_pass: { roles: ['hplc_tech'], auto: true },
  hplc_fail: { roles: ['hplc_tech'], auto: true },
  retest: { roles: ['qa_manager'] },
  rework: { roles: ['qa_manager'] },
  override: { roles: ['qa_manager', 'manager'], reason: true },
  start_bottling: { roles: ['bottler'] },
  finish_bottling: { roles: ['bottler'] },
  finish_labeling: { roles: ['labeler'] },
  finish_stamping: { roles: ['stamper'], auto: true },
  transfer_received: { roles: ['transfer'], auto: true },
};

/** Who may send each order event at all: the route refuses anyone else first. */
export const ORDER_EVENT_ROLES = eventRolesOfRules(ORDER_RULES);

/** Who sends `name` (admin aside): whom an order waiting for that step waits for. */
export function orderEventRoles(name: OrderEventName): readonly string[] {
  return ORDER_RULES[name].roles;
}
