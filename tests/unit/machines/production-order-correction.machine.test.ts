import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import {
  CORRECTION_STATUSES,
  type CorrectionStatus,
} from '../../../src/domain/entities/production/correction-values.ts';
import {
  conservationProblem,
  producingCounter,
  type OrderCounts,
} from '../../../src/domain/entities/production/order-conservation.ts';
import {
  CORRECTION_EVENTS,
  type CorrectionActor,
  type CorrectionEventName,
  type CorrectionFacts,
} from '../../../src/machines/workflows/correction-workflow.ts';
import {
  allowedCorrectionActions,
  decideCorrection,
  decideCorrectionRequest,
  productionOrderCorrectionMachine,
  type ProductionCorrectionEvent as CorrectionEvent,
} from '../../../src/machines/workflows/production-order-correction.machine.ts';

// The production order correction of docs/domain/production.md §3.2: requested by the correction
// roles with a reason, approved by a manager who did not request it, applied only when the order's
// units still add up; closed orders are admin's alone. The server (decideCorrection), the buttons
// (allowedCorrectionActions) and the machine's own walk (model-based) give the same answers.

const SUPERVISOR: CorrectionActor = { id: 1, roles: ['supervisor_production'] };
const MANAGER: CorrectionActor = { id: 2, roles: ['manager'] };
const OTHER_MANAGER: CorrectionActor = { id: 3, roles: ['manager'] };
const BATCHER: CorrectionActor = { id: 4, roles: ['batcher'] };
const ADMIN: CorrectionActor = { id: 9, roles: ['admin'] };

const facts = (extra: Partial<CorrectionFacts> = {}): CorrectionFacts => ({
  requestedBy: SUPERVISOR.id,
  orderStatus: 'completed',
  applyProblem: null,
  ...extra,
});

const event = (
  name: CorrectionEventName,
  actor: CorrectionActor,
  extra: Partial<CorrectionFacts> = {},
  reason?: string,
): CorrectionEvent => ({ type: `correction.${name}`, actor, facts: facts(extra), reason });

describe('the production order correction machine', () => {
  it('lets the correction roles request one with a reason, on an order that was counted', () => {
    for (const roles of [
      ['supervisor'],
      ['stamp_inventory'],
      ['supervisor_batcher'],
      ['manager'],
    ]) {
      expect(decideCorrectionRequest({ id: 5, roles }, 'in_progress', 'x')).toEqual({
        ok: true,
        to: 'requested',
      });
    }
    expect(decideCorrectionRequest(BATCHER, 'in_progress', 'x')).toMatchObject({
      ok: false,
      check: 'isPermitted',
    });
    expect(decideCorrectionRequest(SUPERVISOR, 'completed', ' ')).toMatchObject({
      check: 'hasReason',
    });
    for (const orderStatus of ['draft', 'released', 'cancelled']) {
      expect(decideCorrectionRequest(SUPERVISOR, orderStatus, 'x')).toMatchObject({
        check: 'isOrderCorrectable',
      });
    }
  });

  it('keeps closed orders for admin alone', () => {
    expect(decideCorrectionRequest(MANAGER, 'closed', 'x')).toEqual({
      ok: false,
      check: 'isOrderOpenToActor',
      reason: 'The order is closed: only admin corrects it',
    });
    expect(decideCorrectionRequest(ADMIN, 'closed', 'x')).toMatchObject({
      ok: true,
    });
    expect(
      decideCorrection('requested', event('approve', OTHER_MANAGER, { orderStatus: 'closed' })),
    ).toMatchObject({ check: 'isOrderOpenToActor' });
    expect(
      decideCorrection('approved', event('apply', ADMIN, { orderStatus: 'closed' })),
    ).toMatchObject({ ok: true, to: 'applied' });
  });

  it('lets a manager who did not request it approve, and any manager reject with a reason', () => {
    expect(decideCorrection('requested', event('approve', MANAGER))).toEqual({
      ok: true,
      to: 'approved',
    });
    expect(
      decideCorrection('requested', event('approve', MANAGER, { requestedBy: MANAGER.id })),
    ).toEqual({
      ok: false,
      check: 'isNotRequester',
      reason: 'You requested this correction: another person must approve it',
    });
    // Maker-checker holds for admin too.
    expect(
      decideCorrection('requested', event('approve', ADMIN, { requestedBy: ADMIN.id })),
    ).toMatchObject({ check: 'isNotRequester' });
    expect(decideCorrection('requested', event('approve', SUPERVISOR))).toMatchObject({
      check: 'isPermitted',
    });
    expect(decideCorrection('requested', event('reject', MANAGER))).toMatchObject({
      check: 'hasReason',
    });
    expect(decideCorrection('approved', event('reject', MANAGER, {}, 'Wrong order'))).toEqual({
      ok: true,
      to: 'rejected',
    });
  });

  it('applies an approved correction only when the order still adds up', () => {
    expect(decideCorrection('approved', event('apply', SUPERVISOR))).toEqual({
      ok: true,
      to: 'applied',
    });
    expect(decideCorrection('approved', event('apply', BATCHER))).toMatchObject({
      check: 'isPermitted',
    });
    expect(
      decideCorrection('approved', event('apply', SUPERVISOR, { applyProblem: 'Too many' })),
    ).toEqual({ ok: false, check: 'appliesCleanly', reason: 'Too many' });
    expect(decideCorrection('requested', event('apply', ADMIN))).toEqual({
      ok: false,
      check: 'unmapped',
      reason: 'Transition requested→apply not allowed',
    });
    for (const from of ['applied', 'rejected'] as const) {
      for (const name of CORRECTION_EVENTS) {
        expect(decideCorrection(from, event(name, ADMIN, {}, 'r'))).toMatchObject({
          check: 'unmapped',
        });
      }
    }
  });

  it('offers each status its buttons, with why the others are off', () => {
    const row = (status: CorrectionStatus, createdBy: number) => ({
      status,
      created_by: createdBy,
      production_order_status: 'completed',
    });
    const of = (status: CorrectionStatus, actor: CorrectionActor, createdBy = SUPERVISOR.id) =>
      allowedCorrectionActions(row(status, createdBy), actor).map((a) => [a.event, a.allowed]);
    expect(of('requested', MANAGER)).toEqual([
      ['approve', true],
      ['reject', true],
    ]);
    expect(of('requested', MANAGER, MANAGER.id)).toEqual([
      ['approve', false],
      ['reject', true],
    ]);
    expect(of('approved', SUPERVISOR)).toEqual([
      ['reject', false],
      ['apply', true],
    ]);
    expect(of('applied', ADMIN)).toEqual([]);
    const [reject] = allowedCorrectionActions(row('requested', 1), MANAGER).filter(
      (a) => a.event === 'reject',
    );
    expect(reject).toMatchObject({ needsReason: true, to: 'rejected' });
    expect(allowedCorrectionActions({ status: 'unknown' }, ADMIN)).toEqual([]);
  });

  it('agrees with its own walk: every path an admin takes is one decideCorrection allows', () => {
    const model = createTestModel(productionOrderCorrectionMachine, {
      events: CORRECTION_EVENTS.map((name) => event(name, ADMIN, {}, 'r')),
    });
    const reached = new Set<string>(['requested']);
    for (const path of model.getShortestPaths()) {
      let status: CorrectionStatus = 'requested';
      for (const step of path.steps.filter((s) => s.event.type.startsWith('correction.'))) {
        const decision = decideCorrection(status, step.event);
        expect(decision.ok).toBe(true);
        if (decision.ok) status = decision.to;
        expect(step.state.value).toBe(status);
        reached.add(status);
      }
    }
    expect([...reached].sort()).toEqual([...CORRECTION_STATUSES].sort());
  });
});

describe('order conservation', () => {
  const counts = (extra: Partial<OrderCounts> = {}): OrderCounts => ({
    actual_batch_ml: 3600,
    bottled_units: 110,
    bottling_waste_units: 5,
    labeled_units: 105,
    label_waste_units: 5,
    stamped_units: 0,
    stamping_waste_units: 0,
    transferred_units: 0,
    ...extra,
  });
  const check = (c: OrderCounts, phases = ['batching', 'bottling', 'labeling']) =>
    conservationProblem({ counts: c, phases, volumeMl: 30, bulkTolerancePct: 2 });

  it('holds for an order whose stages pass on what they got', () => {
    expect(check(counts())).toBeNull();
    expect(producingCounter(['bottling', 'labeling'])).toBe('labeled_units');
    expect(producingCounter(['bottling', 'labeling', 'stamping'])).toBe('stamped_units');
    expect(producingCounter(['bottling'])).toBe('bottled_units');
  });

  it('names each broken link', () => {
    expect(check(counts({ bottled_units: 100 }))).toContain('exceed the bottled units (100)');
    expect(
      check(counts({ stamped_units: 100, stamping_waste_units: 6 }), [
        'bottling',
        'labeling',
        'stamping',
      ]),
    ).toContain('exceed the labeled units (105)');
    expect(check(counts({ transferred_units: 106 }))).toContain('exceed the units made (105)');
    // (110 + 5) × 30 = 3450 ml fits 3400 ml × 1.02 = 3468; 3300 × 1.02 = 3366 does not.
    expect(check(counts({ actual_batch_ml: 3400 }))).toBeNull();
    expect(check(counts({ actual_batch_ml: 3300 }))).toContain('more than the batch of 3300 ml');
  });
});
