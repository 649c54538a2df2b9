import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import {
  CORRECTION_STATUSES,
  type CorrectionStatus,
} from '../../../src/domain/entities/production/correction-values.ts';
import {
  CORRECTION_EVENTS as STAMPING_CORRECTION_EVENTS,
  type CorrectionActor as StampingCorrectionActor,
  type CorrectionEventName as StampingCorrectionEventName,
  type CorrectionFacts as StampingCorrectionFacts,
} from '../../../src/machines/workflows/correction-workflow.ts';
import {
  allowedStampingCorrectionActions,
  decideStampingCorrection,
  decideStampingCorrectionRequest,
  stampingOrderCorrectionMachine,
  type StampingCorrectionEvent,
} from '../../../src/machines/workflows/stamping-order-correction.machine.ts';

// The stamping order correction of docs/domain/production.md §3.2: requested by supervisor, manager
// or stamp_inventory with a reason on a finished stamping order, approved by a manager who did
// not request it, applied only when the reels and stock still reconcile. The server, the
// buttons and the machine's own walk (model-based) give the same answers.

const KEEPER: StampingCorrectionActor = { id: 1, roles: ['stamp_inventory'] };
const MANAGER: StampingCorrectionActor = { id: 2, roles: ['manager'] };
const STAMPER: StampingCorrectionActor = { id: 3, roles: ['stamper'] };
const ADMIN: StampingCorrectionActor = { id: 9, roles: ['admin'] };

const facts = (extra: Partial<StampingCorrectionFacts> = {}): StampingCorrectionFacts => ({
  requestedBy: KEEPER.id,
  orderStatus: 'finished',
  applyProblem: null,
  ...extra,
});

const event = (
  name: StampingCorrectionEventName,
  actor: StampingCorrectionActor,
  extra: Partial<StampingCorrectionFacts> = {},
  reason?: string,
): StampingCorrectionEvent => ({
  type: `stamping_correction.${name}`,
  actor,
  facts: facts(extra),
  reason,
});

describe('the stamping order correction machine', () => {
  it('lets the correction roles request one with a reason on a finished order only', () => {
    for (const roles of [['supervisor'], ['manager'], ['stamp_inventory']]) {
      expect(decideStampingCorrectionRequest({ id: 5, roles }, 'finished', 'x')).toEqual({
        ok: true,
        to: 'requested',
      });
    }
    expect(decideStampingCorrectionRequest(STAMPER, 'finished', 'x')).toMatchObject({
      check: 'isPermitted',
    });
    expect(decideStampingCorrectionRequest(KEEPER, 'finished', '')).toMatchObject({
      check: 'hasReason',
    });
    expect(decideStampingCorrectionRequest(KEEPER, 'in_progress', 'x')).toMatchObject({
      check: 'isOrderFinished',
    });
  });

  it('keeps maker and checker apart and refuses an apply that would not reconcile', () => {
    expect(decideStampingCorrection('requested', event('approve', MANAGER))).toEqual({
      ok: true,
      to: 'approved',
    });
    expect(
      decideStampingCorrection('requested', event('approve', MANAGER, { requestedBy: MANAGER.id })),
    ).toMatchObject({ check: 'isNotRequester' });
    expect(decideStampingCorrection('requested', event('approve', KEEPER))).toMatchObject({
      check: 'isPermitted',
    });
    expect(decideStampingCorrection('approved', event('apply', KEEPER))).toEqual({
      ok: true,
      to: 'applied',
    });
    expect(
      decideStampingCorrection('approved', event('apply', KEEPER, { applyProblem: 'Reel R-1 …' })),
    ).toEqual({ ok: false, check: 'appliesCleanly', reason: 'Reel R-1 …' });
    expect(decideStampingCorrection('requested', event('apply', ADMIN))).toMatchObject({
      check: 'unmapped',
    });
    expect(decideStampingCorrection('approved', event('reject', MANAGER))).toMatchObject({
      check: 'hasReason',
    });
  });

  it('lists the buttons a person may press, with why not', () => {
    const row = { status: 'requested', created_by: MANAGER.id, stamping_order_status: 'finished' };
    expect(allowedStampingCorrectionActions(row, MANAGER)).toEqual([
      expect.objectContaining({ event: 'approve', allowed: false }),
      expect.objectContaining({ event: 'reject', allowed: true, needsReason: true }),
    ]);
  });

  it('agrees with the machine on every path it can walk (model-based)', () => {
    const model = createTestModel(stampingOrderCorrectionMachine, {
      events: STAMPING_CORRECTION_EVENTS.map((name) => event(name, ADMIN, {}, 'r')),
    });
    const reached = new Set<string>(['requested']);
    for (const path of model.getShortestPaths()) {
      let status: CorrectionStatus = 'requested';
      for (const step of path.steps.filter((s) =>
        s.event.type.startsWith('stamping_correction.'),
      )) {
        const decision = decideStampingCorrection(status, step.event);
        expect(decision.ok).toBe(true);
        if (decision.ok) status = decision.to;
        expect(step.state.value).toBe(status);
        reached.add(status);
      }
    }
    expect([...reached].sort()).toEqual([...CORRECTION_STATUSES].sort());
  });
});
