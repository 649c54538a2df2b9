// What pressing a workflow button does to the document, so every bar of buttons reads the same
// way: the step that moves the document forward first and filled, side steps
// (hold, ask for changes, count again) next and quiet, and the ones that end or undo its
// course (cancel, scrap, reject) last, in red, asking before they go.

/**
 * primary: the forward step a person came for (one per bar). neutral: another forward step
 * or a side step. danger: ends, refuses or undoes the document's course.
 */
export type Consequence = 'primary' | 'neutral' | 'danger';

/** Events that end, refuse or undo a document's course, across every workflow. */
const DESTRUCTIVE: ReadonlySet<string> = new Set([
  'cancel',
  'scrap',
  'reject',
  'reject_receipt',
  'withdraw',
  'mark_lost',
  'reverse',
  'lapse',
  'delete',
  'dispose',
]);

/** Events that step aside from the forward path without ending it. */
const SIDE_STEPS: ReadonlySet<string> = new Set([
  'hold',
  'request_changes',
  'revise',
  'recount',
  'reopen',
  'return',
  'adjust',
  'receive_partial',
  'archive',
  'save',
]);

export function isDestructive(event: string): boolean {
  return DESTRUCTIVE.has(event);
}

const isForward = (event: string) => !DESTRUCTIVE.has(event) && !SIDE_STEPS.has(event);

const RANK: Record<Consequence, number> = { primary: 0, neutral: 1, danger: 2 };

/**
 * The actions of one bar in the order they are shown, each with its consequence: the first
 * forward step the person may take (else the first forward step, shown refused) is primary,
 * the other steps neutral in their declared order, destructive ones last.
 */
export function arrangeByConsequence<
  A extends { readonly event: string; readonly allowed: boolean },
>(actions: readonly A[]): (A & { consequence: Consequence })[] {
  const forward = actions.filter((a) => isForward(a.event));
  const primary = forward.find((a) => a.allowed) ?? forward[0];
  return actions
    .map((action) => {
      const consequence: Consequence = isDestructive(action.event)
        ? 'danger'
        : action === primary
          ? 'primary'
          : 'neutral';
      return { ...action, consequence };
    })
    .sort((a, b) => RANK[a.consequence] - RANK[b.consequence]);
}
