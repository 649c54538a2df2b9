import { and, getNextSnapshot, setup } from 'xstate';
import { ACCESS_TABLE } from '../../domain/access.ts';
import {
  CORRECTABLE_ORDER_STATUSES,
  CORRECTION_STATUSES,
  type CorrectionStatus,
} from '../../domain/entities/production/correction-values.ts';
import type { ActionState, WorkflowDoc, WorkflowUser } from './stock-workflow.ts';

// A production order correction CR- (domain.md §3.2): one person requests a changed count with
// a reason, a manager who is not that person approves or rejects it, and applying it writes the
// order's new count with compensating `correction` movements, only if the order's units still
// add up. Orders that are closed are corrected by admin alone. Isomorphic and free of I/O: the
// server gathers the facts under the row locks; the browser lists the buttons and why not.

export const CORRECTION_EVENTS = ['approve', 'reject', 'apply'] as const;
export type CorrectionEventName = (typeof CORRECTION_EVENTS)[number];

export type CorrectionActor = { readonly id: number; readonly roles: readonly string[] };

/** What the server knows of the correction and its order when the event arrives. */
export type CorrectionFacts = {
  /** Who requested it (maker-checker). */
  readonly requestedBy: number | null;
  /** The corrected order's status now. */
  readonly orderStatus: string;
  /**
   * Why applying would leave the order wrong (its count moved since the request, or its units
   * would no longer add up); null when the correction applies cleanly.
   */
  readonly applyProblem: string | null;
};

export type CorrectionEvent = {
  type: `correction.${CorrectionEventName}`;
  actor: CorrectionActor;
  facts: CorrectionFacts;
  reason?: string | null;
};

/** Who requests (and applies) corrections: the spec §6 row, admin aside. */
export const CORRECTORS = ACCESS_TABLE.production_order_corrections.roles;

type Action = CorrectionEventName | 'request';

const RULES: Record<Action, { roles: readonly string[]; reason?: true }> = {
  request: { roles: CORRECTORS, reason: true },
  approve: { roles: ['manager'] },
  reject: { roles: ['manager'], reason: true },
  // The maker applies what the checker approved (or the manager does it at once).
  apply: { roles: CORRECTORS },
};

type Probe = {
  action: Action;
  actor: CorrectionActor;
  facts: CorrectionFacts;
  reason?: string | null;
};

const given = (text: string | null | undefined) => typeof text === 'string' && text.trim() !== '';

/** Each guard with the message a refused person reads. */
const CHECKS = {
  isPermitted: {
    test: (p: Probe) =>
      p.actor.roles.includes('admin') ||
      RULES[p.action].roles.some((r) => p.actor.roles.includes(r)),
    message: (p: Probe) => `Only ${['admin', ...RULES[p.action].roles].join(', ')} may do this`,
  },
  hasReason: {
    test: (p: Probe) => !RULES[p.action].reason || given(p.reason),
    message: () => 'A reason is required',
  },
  isOrderCorrectable: {
    test: (p: Probe) =>
      (CORRECTABLE_ORDER_STATUSES as readonly string[]).includes(p.facts.orderStatus),
    message: (p: Probe) =>
      `A ${p.facts.orderStatus.replaceAll('_', ' ')} order takes no corrections: only orders in progress, on hold, completed or closed`,
  },
  isOrderOpenToActor: {
    test: (p: Probe) => p.facts.orderStatus !== 'closed' || p.actor.roles.includes('admin'),
    message: () => 'The order is closed: only admin corrects it',
  },
  isNotRequester: {
    test: (p: Probe) => p.facts.requestedBy !== p.actor.id,
    message: () => 'You requested this correction: another person must approve it',
  },
  appliesCleanly: {
    test: (p: Probe) => p.facts.applyProblem === null,
    message: (p: Probe) => p.facts.applyProblem ?? '',
  },
} as const;

export type CorrectionCheck = keyof typeof CHECKS;

/** What each action needs, in the order a refusal names them. */
const CHECK_ORDER: Record<Action, readonly CorrectionCheck[]> = {
  request: ['isPermitted', 'hasReason', 'isOrderCorrectable', 'isOrderOpenToActor'],
  approve: ['isPermitted', 'isOrderCorrectable', 'isOrderOpenToActor', 'isNotRequester'],
  reject: ['isPermitted', 'hasReason', 'isOrderOpenToActor'],
  apply: ['isPermitted', 'isOrderCorrectable', 'isOrderOpenToActor', 'appliesCleanly'],
};

const probeOf = (event: CorrectionEvent): Probe => ({
  action: event.type.slice('correction.'.length) as CorrectionEventName,
  actor: event.actor,
  facts: event.facts,
  reason: event.reason,
});

type GuardArgs = { event: CorrectionEvent };

const guards = Object.fromEntries(
  Object.entries(CHECKS).map(([name, check]) => [
    name,
    ({ event }: GuardArgs) => check.test(probeOf(event)),
  ]),
) as Record<CorrectionCheck, (args: GuardArgs) => boolean>;

const on = (name: CorrectionEventName, target: CorrectionStatus) => ({
  [`correction.${name}`]: { target, guard: and([...CHECK_ORDER[name]]) },
});

export const productionOrderCorrectionMachine = setup({
  types: { events: {} as CorrectionEvent },
  guards,
}).createMachine({
  id: 'productionOrderCorrection',
  initial: 'requested',
  states: {
    requested: { on: { ...on('approve', 'approved'), ...on('reject', 'rejected') } },
    approved: { on: { ...on('apply', 'applied'), ...on('reject', 'rejected') } },
    applied: { type: 'final' },
    rejected: { type: 'final' },
  },
});

export type CorrectionDecision =
  | { ok: true; to: CorrectionStatus }
  | { ok: false; reason: string; check: CorrectionCheck | 'unmapped' };

export function isCorrectionEvent(name: string): name is CorrectionEventName {
  return (CORRECTION_EVENTS as readonly string[]).includes(name);
}

export function isCorrectionStatus(status: string): status is CorrectionStatus {
  return (CORRECTION_STATUSES as readonly string[]).includes(status);
}

function firstFailure(probe: Probe): CorrectionDecision | null {
  const failed = CHECK_ORDER[probe.action].find((check) => !CHECKS[check].test(probe));
  return failed ? { ok: false, check: failed, reason: CHECKS[failed].message(probe) } : null;
}

/**
 * Whether `actor` may request a correction of an order in `facts.orderStatus`. A refusal names
 * its check: `isPermitted` is the person's role (403), the rest are the order's (422).
 */
export function decideCorrectionRequest(
  actor: CorrectionActor,
  facts: Pick<CorrectionFacts, 'orderStatus'>,
  reason: string | null,
): CorrectionDecision {
  const probe: Probe = {
    action: 'request',
    actor,
    facts: { requestedBy: null, applyProblem: null, ...facts },
    reason,
  };
  return firstFailure(probe) ?? { ok: true, to: 'requested' };
}

/** Whether `event` may happen to a correction in `from`, and where it leads. */
export function decideCorrection(
  from: CorrectionStatus,
  event: CorrectionEvent,
): CorrectionDecision {
  const snapshot = productionOrderCorrectionMachine.resolveState({
    value: from,
    context: undefined,
  });
  const name = probeOf(event).action;
  const anyone: CorrectionEvent = {
    ...event,
    actor: { id: -1, roles: ['admin'] },
    facts: { requestedBy: null, orderStatus: 'completed', applyProblem: null },
    reason: 'r',
  };
  if (!snapshot.can(anyone)) {
    return { ok: false, check: 'unmapped', reason: `Transition ${from}→${name} not allowed` };
  }
  const refused = firstFailure(probeOf(event));
  if (refused) return refused;
  const next = getNextSnapshot(productionOrderCorrectionMachine, snapshot, event);
  return { ok: true, to: next.value };
}

/** A correction's facts as its row reads in the browser; the server checks applying again. */
export function correctionFactsOfRow(row: Readonly<Record<string, unknown>>): CorrectionFacts {
  return {
    requestedBy: typeof row.created_by === 'number' ? row.created_by : null,
    orderStatus: typeof row.production_order_status === 'string' ? row.production_order_status : '',
    applyProblem: null,
  };
}

/** The buttons of a correction for `user`: every event of its status, and why not. */
export function allowedCorrectionActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  if (!isCorrectionStatus(doc.status)) return [];
  const from = doc.status;
  const facts = correctionFactsOfRow(doc);
  return CORRECTION_EVENTS.flatMap((name) => {
    const decision = decideCorrection(from, {
      type: `correction.${name}`,
      actor: user,
      facts,
      reason: 'given',
    });
    if (!decision.ok && decision.check === 'unmapped') return [];
    return [
      {
        event: name,
        to: decision.ok ? decision.to : '',
        allowed: decision.ok,
        reason: decision.ok ? null : decision.reason,
        needsReason: RULES[name].reason ?? false,
      },
    ];
  });
}
