import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import {
  STAMPING_ORDER_STATUSES,
  type StampingOrderStatus,
} from '../../../src/domain/entities/production/stamping-order-values.ts';
import {
  counterDelta,
  reconciliationProblem,
  reelDifference,
  type ReelCount,
} from '../../../src/domain/entities/production/stamping-reconciliation.ts';
import {
  allowedStampingActions,
  decideStampingOrder,
  STAMPING_EVENTS,
  stampingOrderMachine,
  type StampingActor,
  type StampingEvent,
  type StampingEventName,
  type StampingFacts,
} from '../../../src/machines/workflows/stamping-order.machine.ts';

// The product stamping order of docs/domain/production.md §3.2: the stamper saves, starts and
// finishes it, stamp_inventory or a manager issues its reels, the stamper or stamp_inventory
// cancels it (with a reason) before the reels are issued. The server (decideStampingOrder), the
// buttons (allowedStampingActions) and the machine's own walk (model-based) give the same answers.

const STAMPER: StampingActor = { id: 1, roles: ['stamper'] };
const KEEPER: StampingActor = { id: 2, roles: ['stamp_inventory'] };
const MANAGER: StampingActor = { id: 3, roles: ['manager'] };
const BATCHER: StampingActor = { id: 4, roles: ['batcher'] };
const ADMIN: StampingActor = { id: 9, roles: ['admin'] };

const facts = (extra: Partial<StampingFacts> = {}): StampingFacts => ({
  machineOperational: true,
  reelProblem: null,
  finishProblem: null,
  ...extra,
});

const event = (
  name: StampingEventName,
  actor: StampingActor,
  extra: Partial<StampingFacts> = {},
  reason?: string,
): StampingEvent => ({ type: `stamping.${name}`, actor, facts: facts(extra), reason });

describe('the stamping order machine', () => {
  it('moves draft → ready → reel_pending → in_progress → finished by the roles that do it', () => {
    expect(decideStampingOrder('draft', event('save', STAMPER))).toEqual({ ok: true, to: 'ready' });
    expect(decideStampingOrder('ready', event('start', STAMPER))).toEqual({
      ok: true,
      to: 'reel_pending',
    });
    for (const actor of [KEEPER, MANAGER, ADMIN]) {
      expect(decideStampingOrder('reel_pending', event('issue', actor))).toEqual({
        ok: true,
        to: 'in_progress',
      });
    }
    expect(decideStampingOrder('in_progress', event('finish', STAMPER))).toEqual({
      ok: true,
      to: 'finished',
    });
  });

  it('refuses the wrong role by its check, which the server answers with 403', () => {
    expect(decideStampingOrder('reel_pending', event('issue', STAMPER))).toMatchObject({
      ok: false,
      check: 'isPermitted',
    });
    expect(decideStampingOrder('draft', event('save', KEEPER))).toMatchObject({
      check: 'isPermitted',
    });
    expect(decideStampingOrder('in_progress', event('finish', MANAGER))).toMatchObject({
      check: 'isPermitted',
    });
    expect(decideStampingOrder('ready', event('cancel', BATCHER, {}, 'x'))).toMatchObject({
      check: 'isPermitted',
    });
  });

  it('refuses by guard: machine down, reels not available, counts not reconciled, no reason', () => {
    expect(
      decideStampingOrder('draft', event('save', STAMPER, { machineOperational: false })),
    ).toEqual({
      ok: false,
      check: 'isMachineOperational',
      reason: 'The stamping machine is not operational',
    });
    expect(
      decideStampingOrder('ready', event('start', STAMPER, { reelProblem: 'Reel R-1 is lost' })),
    ).toEqual({ ok: false, check: 'areReelsAvailable', reason: 'Reel R-1 is lost' });
    expect(
      decideStampingOrder('in_progress', event('finish', ADMIN, { finishProblem: 'Reel R-1: …' })),
    ).toMatchObject({ check: 'isReconciled' });
    expect(decideStampingOrder('ready', event('cancel', STAMPER, {}, ' '))).toMatchObject({
      check: 'hasReason',
    });
    expect(decideStampingOrder('reel_pending', event('cancel', KEEPER, {}, 'x'))).toEqual({
      ok: true,
      to: 'cancelled',
    });
  });

  it('maps only the transitions of the table', () => {
    expect(decideStampingOrder('in_progress', event('cancel', ADMIN, {}, 'x'))).toEqual({
      ok: false,
      check: 'unmapped',
      reason: 'Transition in_progress→cancel not allowed',
    });
    expect(decideStampingOrder('draft', event('finish', ADMIN))).toMatchObject({
      check: 'unmapped',
    });
    for (const name of STAMPING_EVENTS) {
      expect(decideStampingOrder('finished', event(name, ADMIN, {}, 'x'))).toMatchObject({
        check: 'unmapped',
      });
    }
  });

  it("lists a person's buttons with why the others are off", () => {
    const doc = { status: 'reel_pending' };
    expect(allowedStampingActions(doc, STAMPER)).toEqual([
      expect.objectContaining({ event: 'issue', allowed: false }),
      expect.objectContaining({ event: 'cancel', allowed: true, needsReason: true }),
    ]);
    expect(allowedStampingActions(doc, KEEPER).map((a) => [a.event, a.allowed])).toEqual([
      ['issue', true],
      ['cancel', true],
    ]);
    const down = allowedStampingActions(
      { status: 'draft', machine_status: 'down' } as { status: string },
      STAMPER,
    );
    expect(down.find((a) => a.event === 'save')).toMatchObject({
      allowed: false,
      reason: 'The stamping machine is not operational',
    });
  });

  it('agrees with the machine on every path it can walk (model-based)', () => {
    const model = createTestModel(stampingOrderMachine, {
      events: STAMPING_EVENTS.map((name) => event(name, ADMIN, {}, 'r')),
    });
    const reached = new Set<string>(['draft']);
    for (const path of model.getShortestPaths()) {
      let status: StampingOrderStatus = 'draft';
      for (const step of path.steps.filter((s) => s.event.type.startsWith('stamping.'))) {
        const decision = decideStampingOrder(status, step.event);
        expect(decision.ok).toBe(true);
        if (decision.ok) status = decision.to;
        expect(step.state.value).toBe(status);
        reached.add(status);
      }
    }
    expect([...reached].sort()).toEqual([...STAMPING_ORDER_STATUSES].sort());
  });
});

describe('stamping reconciliation', () => {
  const reel = (extra: Partial<ReelCount> = {}): ReelCount => ({
    reel_no: 'R-1',
    issued_qty: 100,
    applied: 60,
    wasted: 3,
    damaged: 2,
    returned: 35,
    ...extra,
  });
  const check = (reels: ReelCount[], counterEnd: number | null = 1063) =>
    reconciliationProblem({ reels, counterStart: 1000, counterEnd, tolerance: 2 });

  it('holds when every reel is accounted for and the counter agrees within tolerance', () => {
    expect(reelDifference(reel())).toBe(0);
    expect(check([reel()])).toBeNull();
    expect(check([reel()], 1065)).toBeNull();
    expect(counterDelta({ counterStart: 1000, counterEnd: 1063 })).toBe(63);
  });

  it('names the reel that does not add up, and by how much', () => {
    expect(check([reel(), reel({ reel_no: 'R-2', returned: 30 })])).toEqual({
      field: 'reels.1.returned',
      message:
        'Reel R-2: issued 100 ≠ applied 60 + wasted 3 + damaged 2 + returned 30 (5 unaccounted)',
    });
    expect(check([reel({ returned: 36 })])?.message).toContain('1 too many');
    expect(check([reel({ applied: -1, returned: 96 })])?.field).toBe('reels.0.applied');
  });

  it('refuses a counter off by more than the tolerance, missing or going backwards', () => {
    expect(check([reel()], 1066)?.field).toBe('counter_end');
    expect(check([reel()], null)?.message).toBe('Enter the counter at the end');
    expect(check([reel()], 999)?.message).toBe('The counter cannot go backwards');
    expect(check([])?.field).toBe('reels');
  });
});
