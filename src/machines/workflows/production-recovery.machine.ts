import {
  actionsFor,
  decide,
  workflowMachine,
  type ActionState,
  type Decision,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './document-workflow.ts';

// A production recovery RY- (docs/domain/production.md §3.2): finished units or leftover bulk taken
// back into a quarantine bulk lot. The recovery role drafts and posts it (or cancels the draft with
// a reason); posting raises an HPLC request. The lab's verdict moves it: a pass releases it and
// its lot (hplc_pass, sent by the server as the result is entered), a fail leaves it posted for
// QA to retest or scrap. Same table for the server's decision and the browser's buttons.

/** The lab's verdict arrives with the result: the server sends these, nobody presses them. */
export const RECOVERY_AUTO_EVENTS = ['hplc_pass', 'hplc_fail'] as const;

/** QA decides only what the lab failed. */
const hplcFailed = (_user: WorkflowUser, doc: WorkflowDoc) =>
  doc.hplc_status === 'failed' ? null : 'Only a recovery whose HPLC test failed is decided by QA';

export const RECOVERY_TRANSITIONS: TransitionTable = {
  draft: {
    post: { to: 'posted', roles: ['recovery'] },
    cancel: { to: 'cancelled', roles: ['recovery'], needsReason: true },
  },
  posted: {
    hplc_pass: { to: 'released', roles: ['hplc_tech'] },
    hplc_fail: { to: 'posted', roles: ['hplc_tech'] },
    retest: { to: 'posted', roles: ['qa_manager'], guard: hplcFailed },
    // Scrapping writes the whole recovered lot off: confirmed first, saying what goes.
    scrap: {
      to: 'scrapped',
      roles: ['qa_manager'],
      guard: hplcFailed,
      needsReason: true,
      confirm: true,
    },
  },
};

export const productionRecoveryMachine = workflowMachine(
  'production_recovery',
  'draft',
  RECOVERY_TRANSITIONS,
);

/** The status `event` leads a recovery to for `user`, or why not (403 role, 422 guard). */
export function decideRecovery(event: string, user: WorkflowUser, doc: WorkflowDoc): Decision {
  return decide(productionRecoveryMachine, RECOVERY_TRANSITIONS, event, user, doc);
}

/** The buttons of a recovery: what a person sends (the lab's verdict comes with the result). */
export function allowedRecoveryActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(RECOVERY_TRANSITIONS, user, doc).filter(
    (a) => !(RECOVERY_AUTO_EVENTS as readonly string[]).includes(a.event),
  );
}

// The facts of this document its guards read (document-workflow.ts, WorkflowDoc).
declare module './document-workflow.ts' {
  interface WorkflowDoc {
    /** A recovery's HPLC verdict: QA decides one the lab failed. */
    readonly hplc_status?: string | null;
  }
}
