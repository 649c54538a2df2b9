import { onlyRolesMay } from '../../domain/role-labels.ts';
import { createMachine, getNextSnapshot } from 'xstate';

// Stock documents' lifecycles as data (docs/domain/README.md §0 "Engine: static {from:{event:to}}
// map") turned into XState machines. The server runs the machine to allow or refuse an event; the
// browser asks `actionsFor` which buttons to enable and why the others are off.

export type WorkflowUser = { readonly id: number; readonly roles: readonly string[] };

/**
 * What guards may read of the document: its status and who made and submitted it (maker-checker).
 * A module whose guards read more (a count's tolerance, a purchase order's approval threshold)
 * adds those facts beside its own machine, by augmenting this interface, so the engine names no
 * module and each fact is written down where it is read.
 */
export interface WorkflowDoc {
  readonly status: string;
  readonly submitted_by?: number | null;
  readonly created_by?: number | null;
}

export type TransitionRule = {
  readonly to: string;
  /** Roles that may send the event; admin always may. Empty = admin only. */
  readonly roles: readonly string[];
  /** A business guard: a reason to refuse, or null to allow. */
  readonly guard?: (user: WorkflowUser, doc: WorkflowDoc) => string | null;
  /**
   * A guard for a path the document does not take (a count within tolerance skips review, a
   * transfer on one site is not shipped): its refusal hides the button instead of explaining it.
   */
  readonly pathGuard?: (user: WorkflowUser, doc: WorkflowDoc) => string | null;
  /** The event needs a reason (cancel, corrections; docs/domain/README.md §0). */
  readonly needsReason?: boolean;
  /** The event moves stock for good (post, ship, receive): the person confirms it first. */
  readonly confirm?: boolean;
};

export type TransitionTable = Readonly<Record<string, Readonly<Record<string, TransitionRule>>>>;

export type WorkflowEvent = { type: string; user: WorkflowUser; doc: WorkflowDoc };

export type ActionState = {
  event: string;
  to: string;
  allowed: boolean;
  /** Why a refused action is refused, for the button's tooltip. */
  reason: string | null;
  needsReason: boolean;
  /** What the text asked for is called when it is not a reason (a work order's resolution). */
  reasonLabel?: string;
  /** Irreversible: confirmed, saying what it moves, before it is sent. */
  confirm?: boolean;
  /** Refused for the person's roles (not for the document's state): a screen may leave it out. */
  forbidden?: true;
};

/** A guarded machine's answer to an event (orders, corrections, work orders, stamping). */
export type GuardedDecision =
  | { readonly ok: true; readonly to: string }
  | { readonly ok: false; readonly check: string; readonly reason: string };

/**
 * The button of `event` from a guarded machine's decision, in a list for flatMap: none when
 * the status has no such event ('unmapped'), else on or off with why.
 */
export function buttonOf(
  event: string,
  decision: GuardedDecision,
  asks: { needsReason: boolean; reasonLabel?: string },
): ActionState[] {
  if (!decision.ok && decision.check === 'unmapped') return [];
  return [
    {
      event,
      to: decision.ok ? decision.to : '',
      allowed: decision.ok,
      reason: decision.ok ? null : decision.reason,
      ...asks,
    },
  ];
}

/** Who may send each event of a workflow, in some status (admin always may). */
export type EventRoles = Readonly<Record<string, readonly string[]>>;

/** The roles of each event of a transition table, over every status that maps it. */
export function eventRolesOf(table: TransitionTable): EventRoles {
  const roles: Record<string, Set<string>> = {};
  for (const events of Object.values(table)) {
    for (const [event, rule] of Object.entries(events)) {
      const set = (roles[event] ??= new Set());
      for (const role of rule.roles) set.add(role);
    }
  }
  return Object.fromEntries(Object.entries(roles).map(([event, set]) => [event, [...set]]));
}

/** The roles of each event of a workflow whose rules name them per event. */
export function eventRolesOfRules(
  rules: Readonly<Record<string, { readonly roles: readonly string[] }>>,
): EventRoles {
  return Object.fromEntries(Object.entries(rules).map(([event, rule]) => [event, rule.roles]));
}

/**
 * Every machine's answer to an event: where it leads, or refused because no such transition
 * exists, because of the role, or because of a guard (`check` names the guard, so the server
 * can put the refusal under the field it is about).
 */
export type Decision<To = string> =
  | { kind: 'ok'; to: To }
  | { kind: 'unmapped'; reason: string }
  | { kind: 'forbidden'; reason: string }
  | { kind: 'refused'; reason: string; offPath?: boolean; check?: string };

/** A guarded machine's answer (its role check is `isPermitted`) as a Decision. */
export function decisionOf<To>(
  guarded:
    | { readonly ok: true; readonly to: To }
    | { readonly ok: false; readonly check: string; readonly reason: string },
): Decision<To> {
  if (guarded.ok) return { kind: 'ok', to: guarded.to };
  if (guarded.check === 'isPermitted') return { kind: 'forbidden', reason: guarded.reason };
  if (guarded.check === 'unmapped') return { kind: 'unmapped', reason: guarded.reason };
  return { kind: 'refused', reason: guarded.reason, check: guarded.check };
}

/** A yes/no fact as the server (true) or the wire (1) gives it; undefined when not told. */
export const factOf = (value: boolean | number | null | undefined): boolean | undefined =>
  value === undefined || value === null ? undefined : Boolean(value);

export const isAdmin = (user: WorkflowUser) => user.roles.includes('admin');

/** Maker-checker (docs/domain/README.md §0): the approver is not the one who submitted. */
export const notSubmitter = (user: WorkflowUser, doc: WorkflowDoc) =>
  doc.submitted_by != null && doc.submitted_by === user.id
    ? 'You submitted this document: another person must approve it'
    : null;

function ruleCheck(rule: TransitionRule, user: WorkflowUser, doc: WorkflowDoc): Decision {
  // A path the document does not take is off for everyone, whatever their roles.
  const offPath = rule.pathGuard?.(user, doc) ?? null;
  if (offPath) return { kind: 'refused', reason: offPath, offPath: true };
  if (!isAdmin(user) && !rule.roles.some((r) => user.roles.includes(r))) {
    return { kind: 'forbidden', reason: onlyRolesMay(['admin', ...rule.roles]) };
  }
  const refusal = rule.guard?.(user, doc) ?? null;
  return refusal ? { kind: 'refused', reason: refusal } : { kind: 'ok', to: rule.to };
}

export function workflowMachine(id: string, initial: string, table: TransitionTable) {
  const statuses = new Set<string>([initial]);
  for (const [from, events] of Object.entries(table)) {
    statuses.add(from);
    for (const rule of Object.values(events)) statuses.add(rule.to);
  }
  const states = Object.fromEntries(
    [...statuses].map((status) => [
      status,
      {
        on: Object.fromEntries(
          Object.entries(table[status] ?? {}).map(([event, rule]) => [
            event,
            {
              target: rule.to,
              guard: ({ event: e }: { event: WorkflowEvent }) =>
                ruleCheck(rule, e.user, e.doc).kind === 'ok',
            },
          ]),
        ),
      },
    ]),
  );
  return createMachine({ id, initial, types: {} as { events: WorkflowEvent }, states });
}

export type WorkflowMachine = ReturnType<typeof workflowMachine>;

/** Runs the machine from `doc.status`: the status the event leads to, or why not. */
export function decide(
  machine: WorkflowMachine,
  table: TransitionTable,
  event: string,
  user: WorkflowUser,
  doc: WorkflowDoc,
): Decision {
  const rule = table[doc.status]?.[event];
  if (!rule) return { kind: 'unmapped', reason: `Transition ${doc.status}→${event} not allowed` };
  const check = ruleCheck(rule, user, doc);
  if (check.kind !== 'ok') return check;
  const snapshot = machine.resolveState({ value: doc.status, context: undefined });
  const next = getNextSnapshot(machine, snapshot, { type: event, user, doc });
  const to = typeof next.value === 'string' ? next.value : doc.status;
  if (to === doc.status && rule.to !== doc.status) {
    return { kind: 'refused', reason: `Transition ${doc.status}→${event} not allowed` };
  }
  return { kind: 'ok', to };
}

/** Every event of the status the document may take, with whether this user may send it now. */
export function actionsFor(
  table: TransitionTable,
  user: WorkflowUser,
  doc: WorkflowDoc,
): ActionState[] {
  return Object.entries(table[doc.status] ?? {}).flatMap(([event, rule]) => {
    const check = ruleCheck(rule, user, doc);
    if (check.kind === 'refused' && check.offPath) return [];
    return {
      event,
      to: rule.to,
      allowed: check.kind === 'ok',
      reason: check.kind === 'ok' ? null : check.reason,
      needsReason: rule.needsReason ?? false,
      ...(rule.confirm ? { confirm: true } : {}),
      ...(check.kind === 'forbidden' ? { forbidden: true as const } : {}),
    };
  });
}
