import {
  actionsFor,
  factOf,
  isAdmin,
  workflowMachine,
  type ActionState,
  type TransitionRule,
  type TransitionTable,
  type WorkflowDoc,
  type WorkflowUser,
} from '../../../../src/machines/workflows/document-workflow.ts';

// Sales order (docs/domain/sales.md §6), shared by the server (decides) and the browser (buttons).
// draft → confirmed by sale when the customer is active and its open confirmed orders plus
// this one stay within its credit limit; over it only an admin confirms, with a reason
// (`override_credit`). A confirmed order allocates released stock (FEFO, never quarantine)
// and ships what is allocated; shipping the whole order closes it, shipping part keeps it
// confirmed (two events, one offered at a time, as purchase's submit paths). Close cancels
// what was not shipped; cancel is for orders with nothing shipped and releases allocations.

const SELLERS = ['sale'];

/** The facts the server computes beside the header (sales-orders.entity.ts `fact` fields). */
export type SalesOrderFacts = {
  readonly customer_active?: boolean | number;
  readonly over_credit_limit?: boolean | number;
  readonly shipped_any?: boolean | number;
  /** Shipping what is allocated completes every line. */
  readonly ships_in_full?: boolean | number;
  /** Some line has quantity left to allocate. */
  readonly to_allocate?: boolean | number;
  /** Some allocated quantity is not shipped yet. */
  readonly to_ship?: boolean | number;
};

type SalesOrderDoc = WorkflowDoc & SalesOrderFacts;

const facts = (doc: WorkflowDoc) => doc as SalesOrderDoc;

const customerActive = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(facts(doc).customer_active) === false ? 'The customer is inactive' : null;

const withinCredit = (user: WorkflowUser, doc: WorkflowDoc) =>
  customerActive(user, doc) ??
  (factOf(facts(doc).over_credit_limit) === true
    ? isAdmin(user)
      ? 'Over the credit limit: override it with a reason'
      : "Over the customer's credit limit: an admin must confirm it"
    : null);

const overCredit = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(facts(doc).over_credit_limit) === true ? null : 'Within the credit limit';

const nothingShipped = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(facts(doc).shipped_any) === true ? 'Goods were shipped against this order' : null;

const somethingToAllocate = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(facts(doc).to_allocate) === false ? 'Every line is allocated' : null;

const somethingToShip = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(facts(doc).to_ship) === false ? 'Nothing allocated is waiting to ship' : null;

const shipsInFull = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(facts(doc).ships_in_full) === false ? 'Part of the order is not allocated' : null;
const shipsInPart = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(facts(doc).ships_in_full) === true ? 'Shipping completes the order' : null;

const shippedSome = (_user: WorkflowUser, doc: WorkflowDoc) =>
  factOf(facts(doc).shipped_any) === false ? 'Nothing was shipped: cancel it instead' : null;

const cancel: TransitionRule = {
  to: 'cancelled',
  roles: SELLERS,
  needsReason: true,
  guard: nothingShipped,
};

export const SALES_ORDER_TRANSITIONS: TransitionTable = {
  draft: {
    confirm: { to: 'confirmed', roles: SELLERS, guard: withinCredit },
    // Admin only (no roles): the credit limit overridden, with the reason on record.
    override_credit: {
      to: 'confirmed',
      roles: [],
      needsReason: true,
      pathGuard: overCredit,
      guard: customerActive,
    },
    cancel,
  },
  confirmed: {
    allocate: { to: 'confirmed', roles: SELLERS, guard: somethingToAllocate },
    ship: {
      to: 'closed',
      roles: SELLERS,
      confirm: true,
      pathGuard: shipsInFull,
      guard: somethingToShip,
    },
    ship_partial: {
      to: 'confirmed',
      roles: SELLERS,
      confirm: true,
      pathGuard: shipsInPart,
      guard: somethingToShip,
    },
    close: { to: 'closed', roles: SELLERS, needsReason: true, guard: shippedSome },
    cancel,
  },
};

export const salesOrderMachine = workflowMachine('salesOrder', 'draft', SALES_ORDER_TRANSITIONS);

export function allowedSalesOrderActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  return actionsFor(SALES_ORDER_TRANSITIONS, user, doc);
}
