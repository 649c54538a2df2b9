import { onlyRolesMay } from '../../domain/role-labels.ts';
import { and, getNextSnapshot, setup } from 'xstate';
import { ACCESS_TABLE } from '../../domain/access.ts';
import {
  WORK_ORDER_STATUSES,
  type WorkOrderStatus,
} from '../../domain/entities/production/maintenance-values.ts';
import {
  buttonOf,
  eventRolesOfRules,
  type ActionState,
  type WorkflowDoc,
  type WorkflowUser,
} from './document-workflow.ts';

// A machine work order (docs/domain/production.md §3.4, after Atlas CMMS): requested → open |
// rejected by a maintenance admin; open → in_progress ⇄ on_hold (technician or admin; a reason to
// hold) → completed (technician, with the resolution) → open again (reopen, maintenance admin).
// Isomorphic and free of I/O: the server asks whether an event may happen and where it leads;
// the browser lists the buttons a person may press and why the others are off.

export const WORK_ORDER_EVENTS = [
  'approve',
  'reject',
  'start',
  'hold',
  'resume',
  'complete',
  'reopen',
] as const;
export type WorkOrderEventName = (typeof WORK_ORDER_EVENTS)[number];

export type WorkOrderActor = { readonly id: number; readonly roles: readonly string[] };

export type WorkOrderEvent = {
  type: `work_order.${WorkOrderEventName}`;
  actor: WorkOrderActor;
  /** Why it is held or rejected. */
  reason?: string | null;
  /** What was done, when completing. */
  resolution?: string | null;
};

const ADMINS = ACCESS_TABLE.maintenance_admin.roles;
const WORKERS = [...ACCESS_TABLE.maintenance_technician.roles, ...ADMINS];

type Rule = {
  /** Who may send it (admin always may). */
  readonly roles: readonly string[];
  /** It needs a reason (docs/domain/README.md §0: hold, reject). */
  readonly reason?: true;
  /** It needs the resolution (complete). */
  readonly resolution?: true;
};

const RULES: Record<WorkOrderEventName, Rule> = {
  approve: { roles: ADMINS },
  reject: { roles: ADMINS, reason: true },
  start: { roles: WORKERS },
  hold: { roles: WORKERS, reason: true },
  resume: { roles: WORKERS },
  complete: { roles: ACCESS_TABLE.maintenance_technician.roles, resolution: true },
  reopen: { roles: ADMINS },
};

/** Who may send each work order event at all: the route refuses anyone else first. */
export const WORK_ORDER_EVENT_ROLES = eventRolesOfRules(RULES);

const nameOf = (event: WorkOrderEvent) =>
  event.type.slice('work_order.'.length) as WorkOrderEventName;
const given = (text: string | null | undefined) => typeof text === 'string' && text.trim() !== '';

/** Each guard with the message a refused person reads. */
const CHECKS = {
  isPermitted: {
    test: (e: WorkOrderEvent) =>
      e.actor.roles.includes('admin') ||
      RULES[nameOf(e)].roles.some((r) => e.actor.roles.includes(r)),
    message: (e: WorkOrderEvent) => onlyRolesMay(['admin', ...RULES[nameOf(e)].roles]),
  },
  hasReason: {
    test: (e: WorkOrderEvent) => !RULES[nameOf(e)].reason || given(e.reason),
    message: () => 'A reason is required',
  },
  hasResolution: {
    test: (e: WorkOrderEvent) => !RULES[nameOf(e)].resolution || given(e.resolution),
    message: () => 'Describe the resolution to complete the work order',
  },
} as const;

export type WorkOrderCheck = keyof typeof CHECKS;

const CHECK_ORDER: readonly WorkOrderCheck[] = ['isPermitted', 'hasReason', 'hasResolution'];

type GuardArgs = { event: WorkOrderEvent };

const guards = Object.fromEntries(
  Object.entries(CHECKS).map(([name, check]) => [
    name,
    ({ event }: GuardArgs) => check.test(event),
  ]),
) as Record<WorkOrderCheck, (args: GuardArgs) => boolean>;

const on = (name: WorkOrderEventName, target: WorkOrderStatus) => ({
  [`work_order.${name}`]: { target, guard: and([...CHECK_ORDER]) },
});

export const workOrderMachine = setup({
  types: { events: {} as WorkOrderEvent },
  guards,
}).createMachine({
  id: 'workOrder',
  initial: 'requested',
  states: {
    requested: { on: { ...on('approve', 'open'), ...on('reject', 'rejected') } },
    open: { on: { ...on('start', 'in_progress') } },
    in_progress: { on: { ...on('hold', 'on_hold'), ...on('complete', 'completed') } },
    on_hold: { on: { ...on('resume', 'in_progress') } },
    completed: { on: { ...on('reopen', 'open') } },
    rejected: { type: 'final' },
  },
});

export type WorkOrderDecision =
  | { ok: true; to: WorkOrderStatus }
  | { ok: false; reason: string; check: WorkOrderCheck | 'unmapped' };

export function isWorkOrderEvent(name: string): name is WorkOrderEventName {
  return (WORK_ORDER_EVENTS as readonly string[]).includes(name);
}

export function isWorkOrderStatus(status: string): status is WorkOrderStatus {
  return (WORK_ORDER_STATUSES as readonly string[]).includes(status);
}

/**
 * Whether `event` may happen to a work order in `from`, and where it leads. A refusal names
 * its check: `isPermitted` is the person's role (403), the rest are the order's (422).
 */
export function decideWorkOrder(from: WorkOrderStatus, event: WorkOrderEvent): WorkOrderDecision {
  const name = nameOf(event);
  const snapshot = workOrderMachine.resolveState({ value: from, context: undefined });
  const anyone = { ...event, actor: { id: 0, roles: ['admin'] }, reason: 'r', resolution: 'r' };
  if (!snapshot.can(anyone)) {
    return { ok: false, check: 'unmapped', reason: `Transition ${from}→${name} not allowed` };
  }
  const failed = CHECK_ORDER.find((check) => !CHECKS[check].test(event));
  if (failed) return { ok: false, check: failed, reason: CHECKS[failed].message(event) };
  const next = getNextSnapshot(workOrderMachine, snapshot, event);
  return { ok: true, to: next.value };
}

/** The buttons of a work order for `user`: every event of its status, and why not. */
export function allowedWorkOrderActions(doc: WorkflowDoc, user: WorkflowUser): ActionState[] {
  if (!isWorkOrderStatus(doc.status)) return [];
  const from = doc.status;
  return WORK_ORDER_EVENTS.flatMap((name) => {
    const probe: WorkOrderEvent = {
      type: `work_order.${name}`,
      actor: user,
      reason: 'given',
      resolution: 'given',
    };
    const rule = RULES[name];
    return buttonOf(name, decideWorkOrder(from, probe), {
      needsReason: Boolean(rule.reason ?? rule.resolution),
      ...(rule.resolution ? { reasonLabel: 'Resolution' } : {}),
    });
  });
}
