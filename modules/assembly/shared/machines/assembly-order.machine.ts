import { onlyRolesMay } from '../../../../src/domain/role-labels.ts';
import { and, getNextSnapshot, getStateNodes, setup } from 'xstate';
import {
  ASSEMBLY_FLOOR_STAGES,
  type AssemblyOrderStatus,
  type AssemblyStage,
} from '../entities/assembly-order-values.ts';
import {
  buttonOf,
  type ActionState,
  type GuardedDecision,
} from '../../../../src/machines/workflows/document-workflow.ts';

// The assembly order AO- (docs/domain/assembly.md §4): its lifecycle and, while in progress, its
// stage. Isomorphic and free of I/O like the production order's machine: the server decides an
// event on facts read under the row lock (the counts the crew types travel on the event), the
// browser lists the buttons a person may press and why the others are off.
// Admin plans, releases, holds, cancels and closes (no approval: docs/domain/assembly.md §4
// decision); each crew moves the order out of its own stage.

export type AssemblyActor = { readonly id: number; readonly roles: readonly string[] };

/** What the server knows of the order, and what the person typed, when the event arrives. */
export type AssemblyFacts = {
  readonly stage: AssemblyStage | null;
  /** The status `resume` returns to. */
  readonly previousStatus: AssemblyOrderStatus | null;
  /** The kit product has components to consume. */
  readonly hasComponents: boolean;
  /** Components were consumed (sealing happened): the order can no longer be cancelled. */
  readonly hasConsumption: boolean;
  readonly sealedUnits: number;
  readonly stampedUnits: number;
  /** The counts the event brings (what the crew typed), 0 when it brings none. */
  readonly input: {
    readonly sealed: number;
    readonly stamped: number;
    readonly stampingWaste: number;
    readonly cartoned: number;
    readonly cartoningWaste: number;
  };
};

export const ASSEMBLY_EVENTS = [
  'release',
  'cancel',
  'hold',
  'resume',
  'close',
  'start_sealing',
  'finish_sealing',
  'finish_stamping',
  'finish_cartoning',
] as const;
export type AssemblyEventName = (typeof ASSEMBLY_EVENTS)[number];

/** Who may send each event (admin always may; none listed = admin only), and its reason. */
export const ASSEMBLY_RULES: Readonly<
  Record<AssemblyEventName, { readonly roles: readonly string[]; readonly reason?: true }>
> = {
  release: { roles: [] },
  cancel: { roles: [], reason: true },
  hold: { roles: [], reason: true },
  resume: { roles: [] },
  close: { roles: [] },
  start_sealing: { roles: ['sealer'] },
  finish_sealing: { roles: ['sealer'] },
  finish_stamping: { roles: ['stamper'] },
  finish_cartoning: { roles: ['cartoner'] },
};

/** Who may send each event at all: the route refuses anyone else before reading the order. */
export const ASSEMBLY_EVENT_ROLES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(ASSEMBLY_RULES).map(([event, rule]) => [event, rule.roles]),
);

export type AssemblyOrderEvent = {
  type: `assembly.${AssemblyEventName}`;
  actor: AssemblyActor;
  facts: AssemblyFacts;
  reason?: string | null;
};

const nameOf = (event: AssemblyOrderEvent) =>
  event.type.slice('assembly.'.length) as AssemblyEventName;

/** Each guard with the message a refused person reads. */
const CHECKS = {
  isPermitted: {
    test: (e: AssemblyOrderEvent) =>
      e.actor.roles.includes('admin') ||
      ASSEMBLY_RULES[nameOf(e)].roles.some((r) => e.actor.roles.includes(r)),
    message: (e: AssemblyOrderEvent) => onlyRolesMay(['admin', ...ASSEMBLY_RULES[nameOf(e)].roles]),
  },
  hasReason: {
    test: (e: AssemblyOrderEvent) =>
      !ASSEMBLY_RULES[nameOf(e)].reason || (typeof e.reason === 'string' && e.reason.trim() !== ''),
    message: () => 'A reason is required',
  },
  hasComponents: {
    test: (e: AssemblyOrderEvent) => e.facts.hasComponents,
    message: () => 'The kit has no components to assemble',
  },
  hasNoConsumption: {
    test: (e: AssemblyOrderEvent) => !e.facts.hasConsumption,
    message: () => 'Components were already consumed for this order',
  },
  hasSealedUnits: {
    test: (e: AssemblyOrderEvent) => e.facts.input.sealed > 0,
    message: () => 'Sealed units must be greater than 0',
  },
  isStampingWithinSealed: {
    test: (e: AssemblyOrderEvent) =>
      e.facts.input.stamped + e.facts.input.stampingWaste <= e.facts.sealedUnits,
    message: (e: AssemblyOrderEvent) =>
      `Stamped and wasted units exceed the ${e.facts.sealedUnits} units sealed`,
  },
  isCartoningWithinStamped: {
    test: (e: AssemblyOrderEvent) =>
      e.facts.input.cartoned + e.facts.input.cartoningWaste <= e.facts.stampedUnits,
    message: (e: AssemblyOrderEvent) =>
      `Cartoned and wasted units exceed the ${e.facts.stampedUnits} units stamped`,
  },
} as const;

export type AssemblyCheck = keyof typeof CHECKS;

/** What each event needs beyond its role and reason, in the order a refusal names them. */
const GUARDS: Partial<Record<AssemblyEventName, readonly AssemblyCheck[]>> = {
  release: ['hasComponents'],
  cancel: ['hasNoConsumption'],
  finish_sealing: ['hasSealedUnits'],
  finish_stamping: ['isStampingWithinSealed'],
  finish_cartoning: ['isCartoningWithinStamped'],
};

/** The count field a quantity guard is about: a refusal is reported under it. */
export const ASSEMBLY_CHECK_FIELDS: Readonly<Partial<Record<AssemblyCheck, string>>> = {
  hasSealedUnits: 'sealed_units',
  isStampingWithinSealed: 'stamped_units',
  isCartoningWithinStamped: 'cartoned_units',
};

const checksOf = (name: AssemblyEventName): AssemblyCheck[] => [
  'isPermitted',
  'hasReason',
  ...(GUARDS[name] ?? []),
];

type GuardArgs = { event: AssemblyOrderEvent };

const guards = {
  ...(Object.fromEntries(
    Object.entries(CHECKS).map(([name, check]) => [
      name,
      ({ event }: GuardArgs) => check.test(event),
    ]),
  ) as Record<AssemblyCheck, (args: GuardArgs) => boolean>),
  stageIs: ({ event }: GuardArgs, params: { stage: AssemblyStage }) =>
    event.facts.stage === params.stage,
  wasReleased: ({ event }: GuardArgs) => event.facts.previousStatus === 'released',
};

const allowed = (name: AssemblyEventName) => and([...checksOf(name)]);

const on = (name: AssemblyEventName, target: string) => ({
  [`assembly.${name}`]: { target, guard: allowed(name) },
});

export const assemblyOrderMachine = setup({
  types: { events: {} as AssemblyOrderEvent },
  guards,
}).createMachine({
  id: 'assemblyOrder',
  initial: 'draft',
  states: {
    draft: { on: { ...on('release', 'released'), ...on('cancel', 'cancelled') } },
    released: {
      on: {
        ...on('start_sealing', 'in_progress.sealing'),
        ...on('hold', 'on_hold'),
        ...on('cancel', 'cancelled'),
      },
    },
    in_progress: {
      initial: 'sealing',
      on: { ...on('hold', '#assemblyOrder.on_hold') },
      states: {
        sealing: { on: { ...on('finish_sealing', 'stamping') } },
        stamping: { on: { ...on('finish_stamping', 'cartoning') } },
        // Cartoning puts the kits into stock: the order is done, and the kits are sold and
        // shipped like any finished good, on a sales order's packing slip.
        cartoning: { on: { ...on('finish_cartoning', '#assemblyOrder.completed') } },
      },
    },
    on_hold: {
      on: {
        'assembly.resume': [
          { target: 'released', guard: and([allowed('resume'), 'wasReleased']) },
          ...ASSEMBLY_FLOOR_STAGES.map((stage) => ({
            target: `in_progress.${stage}`,
            guard: and([allowed('resume'), { type: 'stageIs' as const, params: { stage } }]),
          })),
        ],
        // Held before a single component was consumed: it may still be called off.
        ...on('cancel', 'cancelled'),
      },
    },
    completed: { on: { ...on('close', 'closed') } },
    closed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

/** Where an order stands: its status and, from release on, its stage. */
export type AssemblyPosition = { status: AssemblyOrderStatus; stage: AssemblyStage | null };

export type AssemblyDecision =
  | { ok: true; to: AssemblyPosition }
  | { ok: false; reason: string; check: AssemblyCheck | 'unmapped' };

function stateValue(position: AssemblyPosition) {
  return position.status === 'in_progress' && position.stage
    ? { in_progress: position.stage }
    : position.status;
}

function positionOf(value: unknown, from: AssemblyPosition): AssemblyPosition {
  if (typeof value === 'object' && value !== null && 'in_progress' in value) {
    return {
      status: 'in_progress',
      stage: (value as { in_progress: AssemblyStage }).in_progress,
    };
  }
  // Other statuses keep the stage they left: a completed order's is cartoning, its last.
  return { status: value as AssemblyOrderStatus, stage: from.stage };
}

/** Whether `event` may happen to an order at `from`, and where it leads. */
export function decideAssemblyOrder(
  from: AssemblyPosition,
  event: AssemblyOrderEvent,
): AssemblyDecision {
  const name = nameOf(event);
  const value = stateValue(from);
  const handled = getStateNodes(assemblyOrderMachine.root, value).some(
    (node) => event.type in node.on,
  );
  if (!handled) {
    return {
      ok: false,
      check: 'unmapped',
      reason: `Transition ${shownAssemblyPosition(from)}→${name} not allowed`,
    };
  }
  const failed = checksOf(name).find((check) => !CHECKS[check].test(event));
  if (failed) return { ok: false, check: failed, reason: CHECKS[failed].message(event) };
  const snapshot = assemblyOrderMachine.resolveState({ value, context: {} });
  if (!snapshot.can(event)) {
    return {
      ok: false,
      check: 'unmapped',
      reason: `Transition ${shownAssemblyPosition(from)}→${name} not allowed`,
    };
  }
  const next = getNextSnapshot(assemblyOrderMachine, snapshot, event);
  return { ok: true, to: positionOf(next.value, from) };
}

/** A position as one word: the stage while in progress, the status otherwise. */
export function shownAssemblyPosition(position: AssemblyPosition): string {
  return position.status === 'in_progress' && position.stage ? position.stage : position.status;
}

/** The events whose counts the crew types: their buttons ask for them. */
const COUNTED: ReadonlySet<AssemblyEventName> = new Set([
  'finish_sealing',
  'finish_stamping',
  'finish_cartoning',
]);

/**
 * The buttons of an order for `actor`: every event a person may send from here, and why not.
 * Counted events are probed with counts that fit, so their buttons are on and the server
 * judges what is typed.
 */
export function allowedAssemblyOrderActions(
  from: AssemblyPosition,
  actor: AssemblyActor,
  facts: Omit<AssemblyFacts, 'input'>,
): ActionState[] {
  return ASSEMBLY_EVENTS.flatMap((name) => {
    const input = COUNTED.has(name)
      ? { sealed: 1, stamped: 0, stampingWaste: 0, cartoned: 0, cartoningWaste: 0 }
      : { sealed: 0, stamped: 0, stampingWaste: 0, cartoned: 0, cartoningWaste: 0 };
    const probe: AssemblyOrderEvent = {
      type: `assembly.${name}`,
      actor,
      facts: { ...facts, input },
      reason: 'given',
    };
    const decision = decideAssemblyOrder(from, probe);
    const guarded: GuardedDecision = decision.ok
      ? { ok: true, to: shownAssemblyPosition(decision.to) }
      : decision;
    return buttonOf(name, guarded, { needsReason: ASSEMBLY_RULES[name].reason ?? false });
  });
}
