import { onlyRolesMay } from '../../domain/role-labels.ts';
import { and, getNextSnapshot, setup } from 'xstate';
import {
  STAMPING_ORDER_STATUSES,
  type StampingOrderStatus,
} from '../../domain/entities/production/stamping-order-values.ts';
import {
  buttonOf,
  eventRolesOfRules,
  type ActionState,
  type WorkflowDoc,
  type WorkflowUser,
} from './document-workflow.ts';

// A product stamping order ST- (docs/domain/production.md §3.2): the stamper plans it and saves it
// ready on an operational stamper, asks for reels of the order's jurisdiction, stamp_inventory (or
// a manager) issues them from pending reel approvals, and the stamper finishes it once every reel
// is accounted for. Isomorphic and free of I/O: the server gathers the facts under the row
// lock and decides; the browser lists the buttons and why the others are off.

export const STAMPING_EVENTS = ['save', 'start', 'issue', 'finish', 'cancel'] as const;
export type StampingEventName = (typeof STAMPING_EVENTS)[number];

export type StampingActor = { readonly id: number; readonly roles: readonly string[] };

/** What the server knows of the order when the event arrives. */
export type StampingFacts = {
  /** The order's stamping machine is `operational`. */
  readonly machineOperational: boolean;
  /** Why the reels asked for cannot be requested (taken, other jurisdiction), or null. */
  readonly reelProblem: string | null;
  /** Why the counts brought to finish do not reconcile (stamping-reconciliation.ts), or null. */
  readonly finishProblem: string | null;
};

export type StampingEvent = {
  type: `stamping.${StampingEventName}`;
  actor: StampingActor;
  facts: StampingFacts;
  reason?: string | null;
};

/** Who may send each event (admin always may) and whether a reason must come with it. */
const RULES: Record<StampingEventName, { roles: readonly string[]; reason?: true }> = {
  save: { roles: ['stamper'] },
  start: { roles: ['stamper'] },
  // From pending reel approvals: the stamps leave the vault.
  issue: { roles: ['stamp_inventory', 'manager'] },
  finish: { roles: ['stamper'] },
  cancel: { roles: ['stamper', 'stamp_inventory'], reason: true },
};

/** Who may send each stamping event at all: the route refuses anyone else first. */
export const STAMPING_EVENT_ROLES = eventRolesOfRules(RULES);

const nameOf = (e: StampingEvent) => e.type.slice('stamping.'.length) as StampingEventName;

/** Each guard with the message a refused person reads. */
const CHECKS = {
  isPermitted: {
    test: (e: StampingEvent) =>
      e.actor.roles.includes('admin') ||
      RULES[nameOf(e)].roles.some((r) => e.actor.roles.includes(r)),
    message: (e: StampingEvent) => onlyRolesMay(['admin', ...RULES[nameOf(e)].roles]),
  },
  hasReason: {
    test: (e: StampingEvent) =>
      !RULES[nameOf(e)].reason || (typeof e.reason === 'string' && e.reason.trim() !== ''),
    message: () => 'A reason is required',
  },
  isMachineOperational: {
    test: (e: StampingEvent) => e.facts.machineOperational,
    message: () => 'The stamping machine is not operational',
  },
  areReelsAvailable: {
    test: (e: StampingEvent) => e.facts.reelProblem === null,
    message: (e: StampingEvent) => e.facts.reelProblem ?? '',
  },
  isReconciled: {
    test: (e: StampingEvent) => e.facts.finishProblem === null,
    message: (e: StampingEvent) => e.facts.finishProblem ?? '',
  },
} as const;

export type StampingCheck = keyof typeof CHECKS;

/** What each event needs beyond its role and reason, in the order a refusal names them. */
const GUARDS: Partial<Record<StampingEventName, readonly StampingCheck[]>> = {
  save: ['isMachineOperational'],
  start: ['isMachineOperational', 'areReelsAvailable'],
  finish: ['isReconciled'],
};

const checksOf = (name: StampingEventName): StampingCheck[] => [
  'isPermitted',
  'hasReason',
  ...(GUARDS[name] ?? []),
];

type GuardArgs = { event: StampingEvent };

const guards = Object.fromEntries(
  Object.entries(CHECKS).map(([name, check]) => [
    name,
    ({ event }: GuardArgs) => check.test(event),
  ]),
) as Record<StampingCheck, (args: GuardArgs) => boolean>;

const on = (name: StampingEventName, target: StampingOrderStatus) => ({
  [`stamping.${name}`]: { target, guard: and([...checksOf(name)]) },
});

export const stampingOrderMachine = setup({
  types: { events: {} as StampingEvent },
  guards,
}).createMachine({
  id: 'stampingOrder',
  initial: 'draft',
  states: {
    draft: { on: { ...on('save', 'ready'), ...on('cancel', 'cancelled') } },
    ready: { on: { ...on('start', 'reel_pending'), ...on('cancel', 'cancelled') } },
    reel_pending: { on: { ...on('issue', 'in_progress'), ...on('cancel', 'cancelled') } },
    in_progress: { on: { ...on('finish', 'finished') } },
    finished: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type StampingDecision =
  | { ok: true; to: StampingOrderStatus }
  | { ok: false; reason: string; check: StampingCheck | 'unmapped' };

export const isStampingEvent = (name: string): name is StampingEventName =>
  (STAMPING_EVENTS as readonly string[]).includes(name);

export const isStampingStatus = (status: string): status is StampingOrderStatus =>
  (STAMPING_ORDER_STATUSES as readonly string[]).includes(status);

const CLEAR: StampingFacts = { machineOperational: true, reelProblem: null, finishProblem: null };

/** Whether `event` may happen to an order in `from`, and where it leads. */
export function decideStampingOrder(
  from: StampingOrderStatus,
  event: StampingEvent,
): StampingDecision {
  const snapshot = stampingOrderMachine.resolveState({ value: from, context: undefined });
  const name = nameOf(event);
  const anyone: StampingEvent = {
    ...event,
    actor: { id: -1, roles: ['admin'] },
    facts: CLEAR,
    reason: 'r',
  };
  if (!snapshot.can(anyone)) {
    return { ok: false, check: 'unmapped', reason: `Transition ${from}→${name} not allowed` };
  }
  const failed = checksOf(name).find((check) => !CHECKS[check].test(event));
  if (failed) return { ok: false, check: failed, reason: CHECKS[failed].message(event) };
  const next = getNextSnapshot(stampingOrderMachine, snapshot, event);
  return { ok: true, to: next.value };
}

/** An order's facts as its row reads in the browser; the server reads them again. */
export function stampingFactsOfRow(doc: object): StampingFacts {
  const row = doc as Readonly<Record<string, unknown>>;
  return {
    machineOperational: row.machine_status === undefined || row.machine_status === 'operational',
    reelProblem: null,
    finishProblem: null,
  };
}

/** Events sent from their own page (start asks for reels, finish for counts), not the bar. */
export const PAGE_EVENTS: readonly StampingEventName[] = ['start', 'finish'];

/** The buttons of an order for `user`: every event of its status, and why not. */
export function allowedStampingActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  if (!isStampingStatus(doc.status)) return [];
  const from = doc.status;
  const facts = stampingFactsOfRow(doc);
  return STAMPING_EVENTS.flatMap((name) =>
    buttonOf(
      name,
      decideStampingOrder(from, { type: `stamping.${name}`, actor: user, facts, reason: 'given' }),
      { needsReason: RULES[name].reason ?? false },
    ),
  );
}
