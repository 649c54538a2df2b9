import {
  actionsFor,
  factOf,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './document-workflow.ts';

// Supplier invoice (docs/domain/purchase.md §5): draft → posted → paid, or cancelled while unpaid.
// Posting is the three-way match's gate: it is refused while a line bills more than was received
// (unless `purchase.allow_bill_before_receipt`), and while a price variance over
// `purchase.price_variance_pct` has not been accepted, with a reason, by `accept_variance`
// (offered only on an invoice that has one). Posting writes the PO lines' billed quantities;
// cancelling a posted invoice takes them back.

const AP = ['purchase'];

const matchHolds = (_user: WorkflowUser, doc: WorkflowDoc) => {
  if (doc.qty_mismatch) return doc.qty_mismatch;
  return factOf(doc.variance_unaccepted) === true
    ? 'A price variance is over tolerance: accept it with a reason first'
    : null;
};
const hasVariance = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(doc.has_price_variance) === false ? 'No price variance to accept' : null;

const cancel = { to: 'cancelled', roles: AP, needsReason: true } as const;

export const PURCHASE_INVOICE_TRANSITIONS: TransitionTable = {
  draft: {
    post: { to: 'posted', roles: AP, confirm: true, guard: matchHolds },
    accept_variance: { to: 'draft', roles: AP, needsReason: true, pathGuard: hasVariance },
    cancel,
  },
  posted: {
    pay: { to: 'paid', roles: AP },
    cancel,
  },
};

export const purchaseInvoiceMachine = workflowMachine(
  'purchaseInvoice',
  'draft',
  PURCHASE_INVOICE_TRANSITIONS,
);

/**
 * Maker-checker on a price variance: whoever entered the invoice does not accept their own
 * variance; another buyer (or an admin) does. The server answers it 403, as a role refusal,
 * after the machine's decision; the buttons show it off with these words.
 */
export const ownVariance = (user: WorkflowUser, doc: WorkflowDoc): string | null =>
  doc.created_by != null && Number(doc.created_by) === user.id
    ? 'You entered this invoice: another buyer must accept its price variance'
    : null;

export function allowedPurchaseInvoiceActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(PURCHASE_INVOICE_TRANSITIONS, user, doc).map((action) => {
    const own =
      action.event === 'accept_variance' && action.allowed ? ownVariance(user, doc) : null;
    return own ? { ...action, allowed: false, reason: own } : action;
  });
}

// The facts of this document its guards read (document-workflow.ts, WorkflowDoc).
declare module './document-workflow.ts' {
  interface WorkflowDoc {
    /** A supplier invoice's lines billing more than was received: why it cannot be posted. */
    readonly qty_mismatch?: string | null;
    /** A supplier invoice with a price variance nobody has accepted yet. */
    readonly variance_unaccepted?: boolean | number;
    /** A supplier invoice with a price variance over tolerance (accepted or not). */
    readonly has_price_variance?: boolean | number;
  }
}
