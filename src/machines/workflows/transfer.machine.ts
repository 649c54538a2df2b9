import {
  actionsFor,
  factOf,
  workflowMachine,
  type ActionState,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from './document-workflow.ts';

// Transfer (docs/domain/inventory.md §2). **decision**, as Odoo's one-step internal
// transfer and ERPNext's material transfer: stock moved between two locations of one site
// (the same top location) is moved in one step by whoever made it (`transfer`: one out/in
// pair, draft → received). Between sites the shipment takes its steps, each open to the roles
// that perform it: request (inventory, transfer, planning), prepare (transfer, warehouse),
// ship (shipping: out of the source into transit), receive (warehouse, inventory: transit →
// destination), close + resolve a shortfall (manager), cancel before the goods leave.
// Production output on skids is prepared first even on one site, then moved in one step.
// Guards read `same_site` and `kind`; a document that does not say lets the server decide.

const REQUESTERS = ['inventory', 'transfer', 'planning'];
const MOVERS = ['inventory', 'warehouse', 'transfer'];
const cancel = { to: 'cancelled', roles: REQUESTERS, needsReason: true } as const;

const isStock = (doc: WorkflowDoc) => doc.kind === undefined || doc.kind === 'stock';

/** Moving stock within one site: one step, straight from the draft. */
const oneStepFromDraft = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(doc.same_site) === false
    ? 'Between sites a transfer is requested, prepared, shipped and received'
    : isStock(doc)
      ? null
      : 'Production output is prepared on skids first';

/** Within one site nothing is requested or shipped: the stock is moved in one step. */
const multiStepOnly = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(doc.same_site) === true && isStock(doc)
    ? 'Both locations are on one site: move it in one step with Transfer'
    : null;

const betweenSites = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(doc.same_site) === true ? 'Both locations are on one site: move it with Transfer' : null;

const withinSite = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(doc.same_site) === false ? 'Between sites the goods are shipped and then received' : null;

export const TRANSFER_TRANSITIONS: TransitionTable = {
  draft: {
    transfer: { to: 'received', roles: MOVERS, pathGuard: oneStepFromDraft, confirm: true },
    request: { to: 'requested', roles: REQUESTERS, pathGuard: multiStepOnly },
    cancel,
  },
  requested: { prepare: { to: 'ready', roles: ['transfer', 'warehouse'] }, cancel },
  ready: {
    ship: { to: 'in_transit', roles: ['shipping'], pathGuard: betweenSites, confirm: true },
    transfer: { to: 'received', roles: MOVERS, pathGuard: withinSite, confirm: true },
    cancel,
  },
  in_transit: {
    receive: { to: 'received', roles: ['warehouse', 'inventory'], confirm: true },
    receive_partial: {
      to: 'partially_received',
      roles: ['warehouse', 'inventory'],
      confirm: true,
    },
  },
  partially_received: { close: { to: 'discrepancy', roles: ['manager'] } },
  discrepancy: {
    resolve: { to: 'received', roles: ['manager'], needsReason: true, confirm: true },
  },
};

export const transferMachine = workflowMachine('transfer', 'draft', TRANSFER_TRANSITIONS);

export function allowedTransferActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(TRANSFER_TRANSITIONS, user, doc);
}

// The facts of this document its guards read (document-workflow.ts, WorkflowDoc).
declare module './document-workflow.ts' {
  interface WorkflowDoc {
    /** A transfer whose two ends are on one site (the same top location): one step moves it. */
    readonly same_site?: boolean | number;
    /** A transfer's kind: stock moves by hand, production output on skids. */
    readonly kind?: string;
  }
}
