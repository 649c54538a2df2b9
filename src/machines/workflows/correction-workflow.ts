import { onlyRolesMay } from '../../domain/role-labels.ts';
import { getNextSnapshot, setup } from 'xstate';
import {
  CORRECTION_STATUSES,
  type CorrectionStatus,
} from '../../domain/entities/production/correction-values.ts';
import {
  buttonOf,
  eventRolesOfRules,
  type ActionState,
  type WorkflowDoc,
  type WorkflowUser,
} from './document-workflow.ts';

// The workflow every correction of a finished count shares (docs/domain/production.md §3.2:
// production order corrections CR-, stamping order corrections STC-): one person requests it with a
// reason, a manager who is not that person approves or rejects it, and applying it writes
// compensating movements only if the corrected order still adds up. Each kind names its event
// prefix, its correctors and the checks its corrected order must pass. Isomorphic and free of I/O:
// the server gathers the facts under the row locks; the browser lists the buttons and why not.

export const CORRECTION_EVENTS = ['approve', 'reject', 'apply'] as const;
export type CorrectionEventName = (typeof CORRECTION_EVENTS)[number];

export type CorrectionActor = { readonly id: number; readonly roles: readonly string[] };

/** What the server knows of the correction and its order when the event arrives. */
export type CorrectionFacts = {
  /** Who requested it (maker-checker). */
  readonly requestedBy: number | null;
  /** The corrected order's status now. */
  readonly orderStatus: string;
  /** Why applying would leave the order (its reels, its stock) wrong; null when clean. */
  readonly applyProblem: string | null;
};

export type CorrectionEvent<Prefix extends string> = {
  type: `${Prefix}.${CorrectionEventName}`;
  actor: CorrectionActor;
  facts: CorrectionFacts;
  reason?: string | null;
};

type Action = CorrectionEventName | 'request';

export type CorrectionProbe = {
  action: Action;
  actor: CorrectionActor;
  facts: CorrectionFacts;
  reason?: string | null;
};

/** A guard with the message a refused person reads. */
type Check = { test: (p: CorrectionProbe) => boolean; message: (p: CorrectionProbe) => string };

/** A check of the corrected order, and the actions it guards. */
export type OrderCheck = Check & { on: readonly Action[] };

export type CorrectionDecision<OrderCheckName extends string> =
  | { ok: true; to: CorrectionStatus }
  | { ok: false; reason: string; check: CommonCheck | OrderCheckName | 'unmapped' };

type CommonCheck = 'isPermitted' | 'hasReason' | 'isNotRequester' | 'appliesCleanly';

export type CorrectionWorkflowConfig<Prefix extends string, OrderCheckName extends string> = {
  id: string;
  /** Event types are `${prefix}.approve` and so on. */
  prefix: Prefix;
  /** Who requests and applies, admin aside; a manager approves and rejects. */
  correctors: readonly string[];
  /** The corrected order's checks, in the order a refusal names them. */
  orderChecks: Record<OrderCheckName, OrderCheck>;
  /** An order status every order check passes (to ask whether an event is mapped at all). */
  correctableStatus: string;
  /** The list row's field with the corrected order's status, for the buttons. */
  orderStatusField: string;
};

/** Who approves or rejects a requested correction (admin aside): the checker of maker-checker. */
export const CORRECTION_APPROVERS = ['manager'] as const;

const given = (text: string | null | undefined) => typeof text === 'string' && text.trim() !== '';

export function correctionWorkflow<Prefix extends string, OrderCheckName extends string>(
  config: CorrectionWorkflowConfig<Prefix, OrderCheckName>,
) {
  type Event = CorrectionEvent<Prefix>;
  /** The machine reads event types as plain strings (an unknown one is simply not mapped). */
  type MachineEvent = Omit<Event, 'type'> & { type: string };
  type Decision = CorrectionDecision<OrderCheckName>;
  type CheckName = CommonCheck | OrderCheckName;

  const rules: Record<Action, { roles: readonly string[]; reason?: true }> = {
    request: { roles: config.correctors, reason: true },
    approve: { roles: CORRECTION_APPROVERS },
    reject: { roles: CORRECTION_APPROVERS, reason: true },
    // The maker applies what the checker approved (or the manager does it at once).
    apply: { roles: config.correctors },
  };
  const checks = {
    isPermitted: {
      test: (p: CorrectionProbe) =>
        p.actor.roles.includes('admin') ||
        rules[p.action].roles.some((r) => p.actor.roles.includes(r)),
      message: (p: CorrectionProbe) => onlyRolesMay(['admin', ...rules[p.action].roles]),
    },
    hasReason: {
      test: (p: CorrectionProbe) => !rules[p.action].reason || given(p.reason),
      message: () => 'A reason is required',
    },
    isNotRequester: {
      test: (p: CorrectionProbe) => p.facts.requestedBy !== p.actor.id,
      message: () => 'You requested this correction: another person must approve it',
    },
    appliesCleanly: {
      test: (p: CorrectionProbe) => p.facts.applyProblem === null,
      message: (p: CorrectionProbe) => p.facts.applyProblem ?? '',
    },
    ...config.orderChecks,
  } as Record<CheckName, Check>;

  const orderChecksOf = (action: Action) =>
    (Object.keys(config.orderChecks) as OrderCheckName[]).filter((name) =>
      config.orderChecks[name].on.includes(action),
    );
  /** What each action needs, in the order a refusal names them. */
  const checkOrder: Record<Action, readonly CheckName[]> = {
    request: ['isPermitted', 'hasReason', ...orderChecksOf('request')],
    approve: ['isPermitted', ...orderChecksOf('approve'), 'isNotRequester'],
    reject: ['isPermitted', 'hasReason', ...orderChecksOf('reject')],
    apply: ['isPermitted', ...orderChecksOf('apply'), 'appliesCleanly'],
  };

  const probeOf = (event: MachineEvent): CorrectionProbe => ({
    action: event.type.slice(config.prefix.length + 1) as CorrectionEventName,
    actor: event.actor,
    facts: event.facts,
    reason: event.reason,
  });
  // One guard per event: every check of its action passes (firstFailure names the first
  // that does not, for the refusal).
  const passes =
    (action: CorrectionEventName) =>
    ({ event }: { event: MachineEvent }) =>
      checkOrder[action].every((check) => checks[check].test(probeOf(event)));
  const on = (name: CorrectionEventName, target: CorrectionStatus) => ({
    [`${config.prefix}.${name}`]: { target, guard: name },
  });
  const machine = setup({
    types: { events: {} as MachineEvent },
    guards: { approve: passes('approve'), reject: passes('reject'), apply: passes('apply') },
  }).createMachine({
    id: config.id,
    initial: 'requested',
    states: {
      requested: { on: { ...on('approve', 'approved'), ...on('reject', 'rejected') } },
      approved: { on: { ...on('apply', 'applied'), ...on('reject', 'rejected') } },
      applied: { type: 'final' },
      rejected: { type: 'final' },
    },
  });

  function firstFailure(probe: CorrectionProbe): Decision | null {
    const failed = checkOrder[probe.action].find((check) => !checks[check].test(probe));
    return failed ? { ok: false, check: failed, reason: checks[failed].message(probe) } : null;
  }

  const isEvent = (name: string): name is CorrectionEventName =>
    (CORRECTION_EVENTS as readonly string[]).includes(name);

  /**
   * Whether `actor` may request a correction of an order in `orderStatus`. A refusal names its
   * check: `isPermitted` is the person's role (403), the rest are the order's (422).
   */
  function decideRequest(
    actor: CorrectionActor,
    orderStatus: string,
    reason: string | null,
  ): Decision {
    const facts = { requestedBy: null, applyProblem: null, orderStatus };
    return (
      firstFailure({ action: 'request', actor, facts, reason }) ?? { ok: true, to: 'requested' }
    );
  }

  /** Whether `event` may happen to a correction in `from`, and where it leads. */
  function decide(from: string, event: MachineEvent): Decision {
    const name = probeOf(event).action;
    const unmapped = {
      ok: false,
      check: 'unmapped',
      reason: `Transition ${from}→${name} not allowed`,
    } as const;
    if (!isCorrectionStatus(from)) return unmapped;
    const snapshot = machine.resolveState({ value: from, context: undefined });
    const anyone = {
      ...event,
      actor: { id: -1, roles: ['admin'] },
      facts: { requestedBy: null, orderStatus: config.correctableStatus, applyProblem: null },
      reason: 'r',
    };
    if (!snapshot.can(anyone)) return unmapped;
    const refused = firstFailure(probeOf(event));
    if (refused) return refused;
    return { ok: true, to: getNextSnapshot(machine, snapshot, event).value };
  }

  /** The buttons of a correction for `user`: every event of its status, and why not. */
  function allowedActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
    if (!isCorrectionStatus(doc.status)) return [];
    const row = doc as WorkflowDoc & Record<string, unknown>;
    const status = row[config.orderStatusField];
    // The server checks applying again, under its locks.
    const facts: CorrectionFacts = {
      requestedBy: typeof row.created_by === 'number' ? row.created_by : null,
      orderStatus: typeof status === 'string' ? status : '',
      applyProblem: null,
    };
    return CORRECTION_EVENTS.flatMap((name) =>
      buttonOf(
        name,
        decide(doc.status, {
          type: `${config.prefix}.${name}`,
          actor: user,
          facts,
          reason: 'given',
        }),
        { needsReason: rules[name].reason ?? false },
      ),
    );
  }

  /** Who may send each correction event at all: the route refuses anyone else first. */
  const eventRoles = eventRolesOfRules({
    approve: rules.approve,
    reject: rules.reject,
    apply: rules.apply,
  });

  return { machine, isEvent, decideRequest, decide, allowedActions, eventRoles };
}

function isCorrectionStatus(status: string): status is CorrectionStatus {
  return (CORRECTION_STATUSES as readonly string[]).includes(status);
}
