import { ACCESS_TABLE } from '../../domain/access.ts';
import {
  REEL_REQUEST_TRANSITIONS,
  reelRequestRefusal,
  type ReelRequestEvent,
} from '../../domain/entities/production/stamp-cover.ts';
import type { ActionState, WorkflowDoc, WorkflowUser } from './document-workflow.ts';

// A reel request's buttons (docs/domain/production.md "Stamp cover") for the approval inbox,
// from the same lifecycle and maker-checker rule the pending reel approvals and the events
// route apply (stamp-cover.ts); who may send them is the pending reel approvals' area.

/** Who decides reel requests and marks them received, admin aside. */
export const REEL_REQUEST_DECIDERS: readonly string[] = ACCESS_TABLE.production_pending_reel.roles;

const EVENTS = Object.keys(REEL_REQUEST_TRANSITIONS) as ReelRequestEvent[];

export function allowedReelRequestActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  const mayAct = user.roles.some(
    (role) => role === 'admin' || REEL_REQUEST_DECIDERS.includes(role),
  );
  return EVENTS.filter((event) => REEL_REQUEST_TRANSITIONS[event].from === doc.status).map(
    (event) => {
      const transition = REEL_REQUEST_TRANSITIONS[event];
      const refusal = mayAct
        ? reelRequestRefusal(event, doc.status, user.id, doc.created_by ?? null)
        : 'Only stamp inventory or a manager decides reel requests';
      return {
        event,
        to: transition.to,
        allowed: refusal === null,
        reason: refusal,
        needsReason: transition.needsReason,
        ...(mayAct ? {} : { forbidden: true as const }),
      };
    },
  );
}
