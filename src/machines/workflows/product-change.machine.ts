import { and, getNextSnapshot, not, setup } from 'xstate';
import {
  PRODUCT_CHANGE_STATUSES,
  type ProductChangeStatus,
} from '../../domain/entities/inventory/inventory-values.ts';
import { ACCESS_TABLE } from '../../domain/access.ts';
import type { ActionState, WorkflowDoc, WorkflowUser } from './document-workflow.ts';

// The lifecycle of a product change request (docs/domain/inventory.md §2, maker-checker).
// Isomorphic and free of I/O: the server resolves a request's status, asks whether an event is
// allowed (role, guard, approver ≠ requester) and where it leads; the browser lists the allowed
// actions with the reason the others are refused. Everything a guard needs travels on the event.

export type ChangeActor = { readonly id: number; readonly roles: readonly string[] };

type EventBase = {
  /** Who sends the event. */
  actor: ChangeActor;
  /** Who made the request (maker-checker). */
  requestedBy: number;
  /**
   * The request was opened by promoting an R&D sample (its change set's source is
   * rd_promotion): its author, a recipe change role, is a maker of it.
   */
  promoted?: boolean;
};

export type ProductChangeEvent =
  | (EventBase & { type: 'change.submit'; proposalValid: boolean })
  | (EventBase & { type: 'change.approve'; baseVersionCurrent: boolean })
  | (EventBase & { type: 'change.reject'; reason?: string | null })
  | (EventBase & { type: 'change.request_changes'; reason?: string | null })
  | (EventBase & { type: 'change.revise' })
  | (EventBase & { type: 'change.withdraw' });

export type ProductChangeEventType = ProductChangeEvent['type'];

/** The events as the API names them: `POST …/product_changes/:id/events/approve`. */
export const PRODUCT_CHANGE_EVENTS = {
  submit: 'change.submit',
  approve: 'change.approve',
  reject: 'change.reject',
  request_changes: 'change.request_changes',
  revise: 'change.revise',
  withdraw: 'change.withdraw',
} as const satisfies Record<string, ProductChangeEventType>;

export type ProductChangeEventName = keyof typeof PRODUCT_CHANGE_EVENTS;

const APPROVERS = ['product_approval_admin'] as const;
const MAKERS = ['inventory'] as const;
/**
 * The recipe change roles (docs/domain/rd.md §7) promote a sample with a new bulk product: they are
 * makers of the requests their promotion opened, and of no other.
 */
const PROMOTERS = ACCESS_TABLE.rd_recipe_change.roles;

const hasRole = (actor: ChangeActor, roles: readonly string[]) =>
  actor.roles.includes('admin') || roles.some((r) => actor.roles.includes(r));

/** Each guard with the message a refused user reads. */
const CHECKS = {
  isMaker: {
    test: (e: ProductChangeEvent) =>
      hasRole(e.actor, MAKERS) ||
      (e.promoted === true && e.actor.id === e.requestedBy && hasRole(e.actor, PROMOTERS)),
    message: 'Only inventory users may do this',
  },
  isApprover: {
    test: (e: ProductChangeEvent) => hasRole(e.actor, APPROVERS),
    message: 'Only product approvers may do this',
  },
  isRequester: {
    test: (e: ProductChangeEvent) =>
      e.actor.roles.includes('admin') || e.actor.id === e.requestedBy,
    message: 'Only the requester may do this',
  },
  isNotRequester: {
    test: (e: ProductChangeEvent) => e.actor.id !== e.requestedBy,
    message: 'You cannot review your own change (maker-checker)',
  },
  hasReason: {
    test: (e: ProductChangeEvent) =>
      'reason' in e && typeof e.reason === 'string' && e.reason.trim() !== '',
    message: 'A reason is required',
  },
  isProposalValid: {
    test: (e: ProductChangeEvent) => 'proposalValid' in e && e.proposalValid,
    message: 'The proposed product is not valid',
  },
  isBaseVersionCurrent: {
    test: (e: ProductChangeEvent) => 'baseVersionCurrent' in e && e.baseVersionCurrent,
    message: 'The product changed since the request was made',
  },
} as const;

/** A guard of the machine; a refusal names the first one that failed. */
export type CheckName = keyof typeof CHECKS;

/** What each event needs before it may happen, in the order a refusal names them. */
const REQUIRED: Record<ProductChangeEventType, readonly CheckName[]> = {
  'change.submit': ['isMaker', 'isRequester', 'isProposalValid'],
  'change.approve': ['isApprover', 'isNotRequester'],
  'change.reject': ['isApprover', 'isNotRequester', 'hasReason'],
  'change.request_changes': ['isApprover', 'isNotRequester', 'hasReason'],
  'change.revise': ['isMaker', 'isRequester'],
  'change.withdraw': ['isRequester'],
};

/**
 * Who may send each event at all (admin always may): the makers' events, the approvers', and
 * the requester's own withdrawal, whichever side opened it. The route refuses anyone else first.
 */
export const PRODUCT_CHANGE_EVENT_ROLES: Readonly<Record<string, readonly string[]>> =
  Object.fromEntries(
    Object.entries(PRODUCT_CHANGE_EVENTS).map(([name, type]) => {
      const checks = REQUIRED[type];
      const roles = checks.includes('isMaker')
        ? [...MAKERS, ...PROMOTERS]
        : checks.includes('isApprover')
          ? APPROVERS
          : [...MAKERS, ...PROMOTERS, ...APPROVERS];
      return [name, roles];
    }),
  );

const guards = Object.fromEntries(
  Object.entries(CHECKS).map(([name, check]) => [
    name,
    ({ event }: { event: ProductChangeEvent }) => check.test(event),
  ]),
) as Record<CheckName, (args: { event: ProductChangeEvent }) => boolean>;

const allowed = (type: ProductChangeEventType) => and([...REQUIRED[type]]);

export const productChangeMachine = setup({
  types: { events: {} as ProductChangeEvent },
  guards,
}).createMachine({
  id: 'productChange',
  initial: 'draft',
  states: {
    draft: {
      on: {
        'change.submit': { target: 'submitted', guard: allowed('change.submit') },
        'change.withdraw': { target: 'withdrawn', guard: allowed('change.withdraw') },
      },
    },
    submitted: {
      on: {
        // A product edited since the request was made is sent back, not overwritten.
        'change.approve': [
          { target: 'applied', guard: and([allowed('change.approve'), 'isBaseVersionCurrent']) },
          {
            target: 'changes_requested',
            guard: and([allowed('change.approve'), not('isBaseVersionCurrent')]),
          },
        ],
        'change.reject': { target: 'rejected', guard: allowed('change.reject') },
        'change.request_changes': {
          target: 'changes_requested',
          guard: allowed('change.request_changes'),
        },
        'change.withdraw': { target: 'withdrawn', guard: allowed('change.withdraw') },
      },
    },
    changes_requested: {
      on: {
        'change.revise': { target: 'draft', guard: allowed('change.revise') },
        'change.withdraw': { target: 'withdrawn', guard: allowed('change.withdraw') },
      },
    },
    applied: { type: 'final' },
    rejected: { type: 'final' },
    withdrawn: { type: 'final' },
  },
});

/** The events a status accepts at all, whoever sends them. */
export function eventsFrom(status: ProductChangeStatus): ProductChangeEventType[] {
  const node = productChangeMachine.states[status];
  return node ? (Object.keys(node.on) as ProductChangeEventType[]) : [];
}

/**
 * Where `event` takes a request in `status`, or why it may not: the server's one check before
 * it writes anything.
 */
export function decideProductChange(
  status: ProductChangeStatus,
  event: ProductChangeEvent,
): { ok: true; to: ProductChangeStatus } | { ok: false; reason: string; check?: CheckName } {
  if (!eventsFrom(status).includes(event.type)) {
    return { ok: false, reason: `Transition ${status} → ${event.type} not allowed` };
  }
  const failed = REQUIRED[event.type].find((name) => !CHECKS[name].test(event));
  if (failed) return { ok: false, reason: CHECKS[failed].message, check: failed };
  const next = getNextSnapshot(
    productChangeMachine,
    productChangeMachine.resolveState({ value: status }),
    event,
  );
  return { ok: true, to: next.value };
}

export type AllowedProductChangeAction = {
  event: ProductChangeEventName;
  allowed: boolean;
  /** Why it is refused (absent when allowed). */
  reason?: string;
  /** The action asks for a reason before it is sent. */
  needsReason: boolean;
};

/**
 * The actions a user may take on a request, with the reason for each one refused, for the
 * browser's buttons. Facts only the server knows (the product's current version, the
 * proposal's validity) are assumed favourable; the server checks them when the event arrives.
 */
export function allowedProductChangeActions(
  state: { status: ProductChangeStatus; requested_by: number; promoted?: boolean },
  user: ChangeActor,
): AllowedProductChangeAction[] {
  const types = eventsFrom(state.status);
  return (
    Object.entries(PRODUCT_CHANGE_EVENTS) as [ProductChangeEventName, ProductChangeEventType][]
  )
    .filter(([, type]) => types.includes(type))
    .map(([event, type]) => {
      const needsReason = REQUIRED[type].includes('hasReason');
      const failed = REQUIRED[type].find(
        (name) =>
          name !== 'hasReason' &&
          name !== 'isProposalValid' &&
          !CHECKS[name].test({
            type,
            actor: user,
            requestedBy: state.requested_by,
          } as ProductChangeEvent),
      );
      return failed
        ? { event, allowed: false, reason: CHECKS[failed].message, needsReason }
        : { event, allowed: true, needsReason };
    });
}

const isChangeStatus = (status: string): status is ProductChangeStatus =>
  (PRODUCT_CHANGE_STATUSES as readonly string[]).includes(status);

/** Where `type` leads from `status` when its guards pass (approve: applied). */
function targetOf(status: ProductChangeStatus, type: ProductChangeEventType): string {
  const transition = productChangeMachine.states[status]?.on[type]?.[0];
  return transition?.target?.[0]?.key ?? status;
}

/**
 * The same decisions as allowedProductChangeActions, shaped for the document action bar
 * (views/common/entity/document-actions.tsx), which hands it the request row as read.
 */
export function productChangeActionStates(
  doc: WorkflowDoc & {
    readonly requested_by?: number | null;
    readonly change_set_source?: string | null;
  },
  user: WorkflowUser,
): ActionState[] {
  const status = doc.status;
  if (!isChangeStatus(status)) return [];
  return allowedProductChangeActions(
    {
      status,
      requested_by: Number(doc.requested_by ?? 0),
      promoted: doc.change_set_source === 'rd_promotion',
    },
    user,
  ).map((action) => ({
    event: action.event,
    to: targetOf(status, PRODUCT_CHANGE_EVENTS[action.event]),
    allowed: action.allowed,
    reason: action.reason ?? null,
    needsReason: action.needsReason,
  }));
}
