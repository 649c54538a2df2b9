import { and, getNextSnapshot, setup } from 'xstate';
import { ACCESS_TABLE } from '../../domain/access.ts';
import {
  CORRECTION_STATUSES,
  type CorrectionStatus,
} from '../../domain/entities/production/correction-values.ts';
import type { ActionState, WorkflowDoc, WorkflowUser } from './stock-workflow.ts';

// A stamping order correction STC- (domain.md §3.2 "product_stamping_order_corrections"): the
// same shape as a production order correction, for a finished stamping order's stamp counters
// (per reel), wasted bottles and stamped units. One person requests it with a reason, a
// manager who is not that person approves or rejects it, and applying it writes compensating
// reel and stock movements only if the reels and the stock still reconcile afterwards.

export const STAMPING_CORRECTION_EVENTS = ['approve', 'reject', 'apply'] as const;
export type StampingCorrectionEventName = (typeof STAMPING_CORRECTION_EVENTS)[number];

export type StampingCorrectionActor = { readonly id: number; readonly roles: readonly string[] };

export type StampingCorrectionFacts = {
  readonly requestedBy: number | null;
  /** The corrected stamping order's status now: only finished orders are corrected. */
  readonly orderStatus: string;
  /** Why applying would leave the reels, the order or the stock wrong; null when clean. */
  readonly applyProblem: string | null;
};

export type StampingCorrectionEvent = {
  type: `stamping_correction.${StampingCorrectionEventName}`;
  actor: StampingCorrectionActor;
  facts: StampingCorrectionFacts;
  reason?: string | null;
};

/** Who requests and applies: the spec §6 "Stamping order corrections" row, admin aside. */
export const STAMPING_CORRECTORS = ACCESS_TABLE.production_stamping_corrections.roles;

type Action = StampingCorrectionEventName | 'request';

const RULES: Record<Action, { roles: readonly string[]; reason?: true }> = {
  request: { roles: STAMPING_CORRECTORS, reason: true },
  approve: { roles: ['manager'] },
  reject: { roles: ['manager'], reason: true },
  apply: { roles: STAMPING_CORRECTORS },
};

type Probe = {
  action: Action;
  actor: StampingCorrectionActor;
  facts: StampingCorrectionFacts;
  reason?: string | null;
};

const CHECKS = {
  isPermitted: {
    test: (p: Probe) =>
      p.actor.roles.includes('admin') ||
      RULES[p.action].roles.some((r) => p.actor.roles.includes(r)),
    message: (p: Probe) => `Only ${['admin', ...RULES[p.action].roles].join(', ')} may do this`,
  },
  hasReason: {
    test: (p: Probe) =>
      !RULES[p.action].reason || (typeof p.reason === 'string' && p.reason.trim() !== ''),
    message: () => 'A reason is required',
  },
  isOrderFinished: {
    test: (p: Probe) => p.facts.orderStatus === 'finished',
    message: (p: Probe) =>
      `A ${p.facts.orderStatus.replaceAll('_', ' ')} stamping order takes no corrections: only finished ones`,
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

export type StampingCorrectionCheck = keyof typeof CHECKS;

const CHECK_ORDER: Record<Action, readonly StampingCorrectionCheck[]> = {
  request: ['isPermitted', 'hasReason', 'isOrderFinished'],
  approve: ['isPermitted', 'isOrderFinished', 'isNotRequester'],
  reject: ['isPermitted', 'hasReason'],
  apply: ['isPermitted', 'isOrderFinished', 'appliesCleanly'],
};

const probeOf = (event: StampingCorrectionEvent): Probe => ({
  action: event.type.slice('stamping_correction.'.length) as StampingCorrectionEventName,
  actor: event.actor,
  facts: event.facts,
  reason: event.reason,
});

type GuardArgs = { event: StampingCorrectionEvent };

const guards = Object.fromEntries(
  Object.entries(CHECKS).map(([name, check]) => [
    name,
    ({ event }: GuardArgs) => check.test(probeOf(event)),
  ]),
) as Record<StampingCorrectionCheck, (args: GuardArgs) => boolean>;

const on = (name: StampingCorrectionEventName, target: CorrectionStatus) => ({
  [`stamping_correction.${name}`]: { target, guard: and([...CHECK_ORDER[name]]) },
});

export const stampingOrderCorrectionMachine = setup({
  types: { events: {} as StampingCorrectionEvent },
  guards,
}).createMachine({
  id: 'stampingOrderCorrection',
  initial: 'requested',
  states: {
    requested: { on: { ...on('approve', 'approved'), ...on('reject', 'rejected') } },
    approved: { on: { ...on('apply', 'applied'), ...on('reject', 'rejected') } },
    applied: { type: 'final' },
    rejected: { type: 'final' },
  },
});

export type StampingCorrectionDecision =
  | { ok: true; to: CorrectionStatus }
  | { ok: false; reason: string; check: StampingCorrectionCheck | 'unmapped' };

export const isStampingCorrectionEvent = (name: string): name is StampingCorrectionEventName =>
  (STAMPING_CORRECTION_EVENTS as readonly string[]).includes(name);

const isStatus = (status: string): status is CorrectionStatus =>
  (CORRECTION_STATUSES as readonly string[]).includes(status);

function firstFailure(probe: Probe): StampingCorrectionDecision | null {
  const failed = CHECK_ORDER[probe.action].find((check) => !CHECKS[check].test(probe));
  return failed ? { ok: false, check: failed, reason: CHECKS[failed].message(probe) } : null;
}

/** Whether `actor` may request a correction of a stamping order in `orderStatus`. */
export function decideStampingCorrectionRequest(
  actor: StampingCorrectionActor,
  orderStatus: string,
  reason: string | null,
): StampingCorrectionDecision {
  const facts = { requestedBy: null, applyProblem: null, orderStatus };
  return firstFailure({ action: 'request', actor, facts, reason }) ?? { ok: true, to: 'requested' };
}

/** Whether `event` may happen to a correction in `from`, and where it leads. */
export function decideStampingCorrection(
  from: string,
  event: StampingCorrectionEvent,
): StampingCorrectionDecision {
  const name = probeOf(event).action;
  const unmapped = {
    ok: false,
    check: 'unmapped',
    reason: `Transition ${from}→${name} not allowed`,
  } as const;
  if (!isStatus(from)) return unmapped;
  const snapshot = stampingOrderCorrectionMachine.resolveState({ value: from, context: undefined });
  const anyone: StampingCorrectionEvent = {
    ...event,
    actor: { id: -1, roles: ['admin'] },
    facts: { requestedBy: null, orderStatus: 'finished', applyProblem: null },
    reason: 'r',
  };
  if (!snapshot.can(anyone)) return unmapped;
  const refused = firstFailure(probeOf(event));
  if (refused) return refused;
  const next = getNextSnapshot(stampingOrderCorrectionMachine, snapshot, event);
  return { ok: true, to: next.value };
}

/** The buttons of a correction for `user`; the server checks applying again. */
export function allowedStampingCorrectionActions(
  doc: WorkflowDoc,
  user: WorkflowUser,
): ActionState[] {
  const row = doc as WorkflowDoc & Record<string, unknown>;
  const facts: StampingCorrectionFacts = {
    requestedBy: typeof row.created_by === 'number' ? row.created_by : null,
    orderStatus: typeof row.stamping_order_status === 'string' ? row.stamping_order_status : '',
    applyProblem: null,
  };
  return STAMPING_CORRECTION_EVENTS.flatMap((name) => {
    const decision = decideStampingCorrection(doc.status, {
      type: `stamping_correction.${name}`,
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
