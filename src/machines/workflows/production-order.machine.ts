import { onlyRolesMay } from '../../domain/role-labels.ts';
import { and, getNextSnapshot, getStateNodes, setup } from 'xstate';
import {
  ORDER_STAGES,
  type OrderStage,
  type OrderStatus,
} from '../../domain/entities/production/production-order-values.ts';
import { ORDER_EVENTS, type OrderEventName } from './production-order-events.ts';
import { ORDER_RULES } from './production-order.rules.ts';
import { buttonOf, type ActionState } from './document-workflow.ts';

// The production order (docs/domain/production.md §3.2): its lifecycle and, while in progress, its
// stage. Isomorphic and free of I/O: the server resolves an order's status and stage, asks whether
// an event is allowed (role, guard, maker-checker, reason) and where it leads; the browser lists
// the actions a person may take and why the others are off. Everything a guard needs travels
// on the event as facts the server read in the same transaction.

/** The phases a flow may hold; one absent from the order's flow is skipped. */
export const FLOW_PHASES = [
  'batching',
  'hplc',
  'bottling',
  'labeling',
  'stamping',
  'transfer',
] as const;
export type FlowPhase = (typeof FLOW_PHASES)[number];

/** The phases of an order's flow from its row's `flow_phases` ('batching,hplc,…'). */
export function phasesOfFlow(list: unknown): FlowPhase[] {
  return (typeof list === 'string' ? list : '')
    .split(',')
    .filter((p): p is FlowPhase => (FLOW_PHASES as readonly string[]).includes(p));
}

export type OrderActor = { readonly id: number; readonly roles: readonly string[] };

/** What the server knows of the order when the event arrives. */
export type OrderFacts = {
  readonly submittedBy: number | null;
  /** The phases of the order's flow. */
  readonly phases: readonly FlowPhase[];
  readonly stage: OrderStage | null;
  /** The status `resume` returns to. */
  readonly previousStatus: OrderStatus | null;
  readonly productActive: boolean;
  readonly recipeApproved: boolean;
  readonly picksComplete: boolean;
  readonly actualBatchMl: number;
  /** Some stock was already consumed: the order can no longer be cancelled. */
  readonly hasConsumption: boolean;
  readonly openCorrections: number;
  /** (bottled + waste) × volume ≤ actual batch. */
  readonly bottlingWithinBatch: boolean;
  readonly lastLabelCheckPassed: boolean;
  /** The units a received transfer brings are at most what the order produced. */
  readonly transferWithinProduced: boolean;
};

export type ProductionOrderEvent = {
  type: `order.${OrderEventName}`;
  actor: OrderActor;
  facts: OrderFacts;
  reason?: string | null;
};

const nameOf = (event: ProductionOrderEvent) => event.type.slice('order.'.length) as OrderEventName;
const has = (event: ProductionOrderEvent, phase: FlowPhase) => event.facts.phases.includes(phase);

/** Each guard with the message a refused person reads. */
const CHECKS = {
  isPermitted: {
    test: (e: ProductionOrderEvent) =>
      e.actor.roles.includes('admin') ||
      ORDER_RULES[nameOf(e)].roles.some((r) => e.actor.roles.includes(r)),
    message: (e: ProductionOrderEvent) => onlyRolesMay(['admin', ...ORDER_RULES[nameOf(e)].roles]),
  },
  hasReason: {
    test: (e: ProductionOrderEvent) =>
      !ORDER_RULES[nameOf(e)].reason || (typeof e.reason === 'string' && e.reason.trim() !== ''),
    message: () => 'A reason is required',
  },
  isNotSubmitter: {
    test: (e: ProductionOrderEvent) => e.facts.submittedBy !== e.actor.id,
    message: () => 'You submitted this order: another person must approve it',
  },
  isProductReady: {
    test: (e: ProductionOrderEvent) => e.facts.productActive && e.facts.recipeApproved,
    message: () => 'The product must be active with an approved recipe',
  },
  hasNoConsumption: {
    test: (e: ProductionOrderEvent) => !e.facts.hasConsumption,
    message: () => 'Stock was already consumed for this order',
  },
  hasNoOpenCorrections: {
    test: (e: ProductionOrderEvent) => e.facts.openCorrections === 0,
    message: () => 'Corrections of this order are still open',
  },
  arePicksComplete: {
    test: (e: ProductionOrderEvent) => e.facts.picksComplete,
    message: () => 'Every ingredient must be picked first',
  },
  hasBatchVolume: {
    test: (e: ProductionOrderEvent) => e.facts.actualBatchMl > 0,
    message: () => 'Enter the actual batch volume first',
  },
  isBottlingWithinBatch: {
    test: (e: ProductionOrderEvent) => e.facts.bottlingWithinBatch,
    message: () => 'Bottled and wasted units exceed the batch volume',
  },
  isLabelCheckPassed: {
    test: (e: ProductionOrderEvent) => e.facts.lastLabelCheckPassed,
    message: () => 'The last label check must pass first',
  },
  isTransferWithinProduced: {
    test: (e: ProductionOrderEvent) => e.facts.transferWithinProduced,
    message: () => 'Transferred units exceed the units produced',
  },
} as const;

export type OrderCheck = keyof typeof CHECKS;

/** What each event needs beyond its role and reason, in the order a refusal names them. */
const GUARDS: Partial<Record<OrderEventName, readonly OrderCheck[]>> = {
  submit: ['isProductReady'],
  approve: ['isNotSubmitter'],
  reject: ['isNotSubmitter'],
  cancel: ['hasNoConsumption'],
  close: ['hasNoOpenCorrections'],
  start_batching: ['arePicksComplete'],
  finish_batching: ['hasBatchVolume'],
  finish_bottling: ['isBottlingWithinBatch'],
  finish_labeling: ['isLabelCheckPassed'],
  transfer_received: ['isTransferWithinProduced'],
};

const checksOf = (name: OrderEventName): OrderCheck[] => [
  'isPermitted',
  'hasReason',
  ...(GUARDS[name] ?? []),
];

type GuardArgs = { event: ProductionOrderEvent };

const guards = {
  ...(Object.fromEntries(
    Object.entries(CHECKS).map(([name, check]) => [
      name,
      ({ event }: GuardArgs) => check.test(event),
    ]),
  ) as Record<OrderCheck, (args: GuardArgs) => boolean>),
  flowHas: ({ event }: GuardArgs, params: { phase: FlowPhase }) => has(event, params.phase),
  stageIs: ({ event }: GuardArgs, params: { stage: OrderStage }) =>
    event.facts.stage === params.stage,
  wasReleased: ({ event }: GuardArgs) => event.facts.previousStatus === 'released',
};

const allowed = (name: OrderEventName) => and([...checksOf(name)]);
const when = (name: OrderEventName, phase: FlowPhase) =>
  and([allowed(name), { type: 'flowHas', params: { phase } }]);

/** Where an order goes after labeling: stamping, transfer, or done, as its flow says. */
const afterLabeling = (name: OrderEventName) => [
  { target: '#productionOrder.in_progress.stamping', guard: when(name, 'stamping') },
  { target: '#productionOrder.in_progress.transfer_pending', guard: when(name, 'transfer') },
  { target: '#productionOrder.completed', guard: allowed(name) },
];

const heldAt = (name: OrderEventName, stage: OrderStage) =>
  and([allowed(name), { type: 'stageIs' as const, params: { stage } }]);

/** The stage a held order resumes at after an HPLC verdict (see on_hold). */
const VERDICT_STAGE: Partial<Record<OrderEventName, OrderStage>> = {
  hplc_pass: 'hplc_passed',
  hplc_fail: 'hplc_failed',
};

const on = (name: OrderEventName, target: string) => ({
  [`order.${name}`]: { target, guard: allowed(name) },
});

export const productionOrderMachine = setup({
  types: { events: {} as ProductionOrderEvent },
  guards,
}).createMachine({
  id: 'productionOrder',
  initial: 'draft',
  states: {
    draft: { on: { ...on('submit', 'pending_approval'), ...on('cancel', 'cancelled') } },
    pending_approval: {
      on: {
        ...on('approve', 'approved'),
        ...on('reject', 'draft'),
        ...on('cancel', 'cancelled'),
      },
    },
    approved: { on: { ...on('release', 'released'), ...on('cancel', 'cancelled') } },
    released: {
      on: {
        ...on('start_batching', 'in_progress.batching'),
        ...on('hold', 'on_hold'),
        ...on('cancel', 'cancelled'),
      },
    },
    in_progress: {
      initial: 'batching',
      on: { ...on('hold', '#productionOrder.on_hold') },
      states: {
        batching: {
          on: {
            'order.finish_batching': [
              { target: 'hplc_pending', guard: when('finish_batching', 'hplc') },
              { target: 'hplc_passed', guard: allowed('finish_batching') },
            ],
          },
        },
        hplc_pending: {
          on: { ...on('hplc_pass', 'hplc_passed'), ...on('hplc_fail', 'hplc_failed') },
        },
        hplc_failed: {
          on: {
            ...on('retest', 'hplc_pending'),
            ...on('rework', 'hplc_pending'),
            ...on('override', 'hplc_passed'),
            ...on('scrap', '#productionOrder.scrapped'),
          },
        },
        hplc_passed: { on: { ...on('start_bottling', 'bottling') } },
        bottling: {
          on: {
            'order.finish_bottling': [
              { target: 'labeling', guard: when('finish_bottling', 'labeling') },
              ...afterLabeling('finish_bottling'),
            ],
          },
        },
        labeling: { on: { 'order.finish_labeling': afterLabeling('finish_labeling') } },
        stamping: {
          on: {
            'order.finish_stamping': [
              { target: 'transfer_pending', guard: when('finish_stamping', 'transfer') },
              { target: '#productionOrder.completed', guard: allowed('finish_stamping') },
            ],
          },
        },
        transfer_pending: { on: { ...on('transfer_received', '#productionOrder.completed') } },
        transferred: {},
      },
    },
    on_hold: {
      on: {
        // The lab's verdict is a fact whatever the floor is doing: a held order takes it and
        // resumes at the stage it leads to.
        'order.hplc_pass': { target: 'on_hold', guard: heldAt('hplc_pass', 'hplc_pending') },
        'order.hplc_fail': { target: 'on_hold', guard: heldAt('hplc_fail', 'hplc_pending') },
        'order.resume': [
          { target: 'released', guard: and([allowed('resume'), 'wasReleased']) },
          ...ORDER_STAGES.map((stage) => ({
            target: `in_progress.${stage}`,
            guard: and([allowed('resume'), { type: 'stageIs' as const, params: { stage } }]),
          })),
        ],
      },
    },
    completed: { on: { ...on('close', 'closed') } },
    closed: { type: 'final' },
    cancelled: { type: 'final' },
    scrapped: { type: 'final' },
  },
});

/** Where an order stands: its status and, while in progress or on hold, its stage. */
export type OrderPosition = { status: OrderStatus; stage: OrderStage | null };

export type OrderDecision =
  { ok: true; to: OrderPosition } | { ok: false; reason: string; check: OrderCheck | 'unmapped' };

function stateValue(position: OrderPosition) {
  return position.status === 'in_progress' && position.stage
    ? { in_progress: position.stage }
    : position.status;
}

function positionOf(value: unknown, from: OrderPosition, name: OrderEventName): OrderPosition {
  if (typeof value === 'object' && value !== null && 'in_progress' in value) {
    return { status: 'in_progress', stage: (value as { in_progress: OrderStage }).in_progress };
  }
  // A received transfer is the last stage; a verdict on a held order moves the stage it
  // resumes at; other statuses keep the stage they left.
  const stage =
    name === 'transfer_received'
      ? 'transferred'
      : value === 'on_hold'
        ? (VERDICT_STAGE[name] ?? from.stage)
        : from.stage;
  return { status: value as OrderStatus, stage };
}

/** Whether `event` may happen to an order at `from`, and where it leads. */
export function decideProductionOrder(
  from: OrderPosition,
  event: ProductionOrderEvent,
): OrderDecision {
  const name = nameOf(event);
  const value = stateValue(from);
  const snapshot = productionOrderMachine.resolveState({ value, context: {} });
  // An event the position has no transition for is impossible here whoever sends it: no
  // guard is asked, so a released order offers no Approve refused for its submitter.
  const handled = getStateNodes(productionOrderMachine.root, value).some(
    (node) => event.type in node.on,
  );
  if (!handled) {
    return {
      ok: false,
      check: 'unmapped',
      reason: `Transition ${from.status}→${name} not allowed`,
    };
  }
  if (!snapshot.can({ ...event, actor: { id: event.actor.id, roles: ['admin'] }, reason: 'r' })) {
    // Not even an admin with a reason could: the event does not apply here (or a guard of the
    // flow refuses it, which the checks below name).
    const failed = (GUARDS[name] ?? []).find((check) => !CHECKS[check].test(event));
    return failed
      ? { ok: false, check: failed, reason: CHECKS[failed].message(event) }
      : { ok: false, check: 'unmapped', reason: `Transition ${from.status}→${name} not allowed` };
  }
  const failed = checksOf(name).find((check) => !CHECKS[check].test(event));
  if (failed) return { ok: false, check: failed, reason: CHECKS[failed].message(event) };
  const next = getNextSnapshot(productionOrderMachine, snapshot, event);
  return { ok: true, to: positionOf(next.value, from, name) };
}

/** A position as one word: the stage while in progress, the status otherwise. */
export function shownPosition(position: OrderPosition): string {
  return position.status === 'in_progress' && position.stage ? position.stage : position.status;
}

/** The buttons of an order for `actor`: every event a person sends from here, and why not. */
export function allowedProductionOrderActions(
  from: OrderPosition,
  actor: OrderActor,
  facts: OrderFacts,
): ActionState[] {
  return ORDER_EVENTS.filter((name) => !ORDER_RULES[name].auto).flatMap((name) => {
    const probe: ProductionOrderEvent = { type: `order.${name}`, actor, facts, reason: 'given' };
    const decision = decideProductionOrder(from, probe);
    return buttonOf(name, decision.ok ? { ok: true, to: shownPosition(decision.to) } : decision, {
      needsReason: ORDER_RULES[name].reason ?? false,
    });
  });
}
