import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import {
  allowedProductionOrderActions,
  decideProductionOrder,
  productionOrderMachine,
  shownPosition,
  type FlowPhase,
  type OrderActor,
  type OrderFacts,
  type OrderPosition,
  type ProductionOrderEvent,
} from '../../../src/machines/workflows/production-order.machine.ts';
import {
  ORDER_EVENTS,
  type OrderEventName,
} from '../../../src/machines/workflows/production-order-events.ts';

// The production order of docs/domain/production.md §3.2: lifecycle and stages, who may do what,
// the guards of each step, flows that skip phases, hold and resume, and the same answers for the
// server (decideProductionOrder) and for the machine's own walk (model-based).

const PLANNER: OrderActor = { id: 1, roles: ['planning'] };
const MANAGER: OrderActor = { id: 2, roles: ['manager'] };
const BATCHER: OrderActor = { id: 3, roles: ['batcher'] };
const BOTTLER: OrderActor = { id: 4, roles: ['bottler'] };
const QA: OrderActor = { id: 5, roles: ['qa_manager'] };
const ADMIN: OrderActor = { id: 9, roles: ['admin'] };

const FULL_FLOW: FlowPhase[] = ['batching', 'hplc', 'bottling', 'labeling', 'stamping', 'transfer'];

const FACTS: OrderFacts = {
  submittedBy: PLANNER.id,
  phases: FULL_FLOW,
  stage: null,
  previousStatus: null,
  productActive: true,
  recipeApproved: true,
  picksComplete: true,
  actualBatchMl: 10_000,
  hasConsumption: false,
  openCorrections: 0,
  bottlingWithinBatch: true,
  lastLabelCheckPassed: true,
  transferWithinProduced: true,
};

const event = (
  name: OrderEventName,
  actor: OrderActor,
  facts: Partial<OrderFacts> = {},
  reason: string | null = null,
): ProductionOrderEvent => ({
  type: `order.${name}`,
  actor,
  facts: { ...FACTS, ...facts },
  reason,
});

const at = (status: OrderPosition['status'], stage: OrderPosition['stage'] = null) => ({
  status,
  stage,
});

/** Where the event leads, or the refusal's message. */
function to(from: OrderPosition, e: ProductionOrderEvent): string {
  const decision = decideProductionOrder(from, e);
  return decision.ok ? shownPosition(decision.to) : decision.reason;
}

describe('production order machine', () => {
  it('moves an order from draft to closed through every stage of a full flow', () => {
    expect(to(at('draft'), event('submit', PLANNER))).toBe('pending_approval');
    expect(to(at('pending_approval'), event('approve', MANAGER))).toBe('approved');
    expect(to(at('approved'), event('release', PLANNER))).toBe('released');
    expect(to(at('released'), event('start_batching', BATCHER))).toBe('batching');
    const steps: [OrderPosition['stage'], OrderEventName, OrderActor, string][] = [
      ['batching', 'finish_batching', BATCHER, 'hplc_pending'],
      ['hplc_pending', 'hplc_pass', { id: 6, roles: ['hplc_tech'] }, 'hplc_passed'],
      ['hplc_passed', 'start_bottling', BOTTLER, 'bottling'],
      ['bottling', 'finish_bottling', BOTTLER, 'labeling'],
      ['labeling', 'finish_labeling', { id: 7, roles: ['labeler'] }, 'stamping'],
      ['stamping', 'finish_stamping', { id: 8, roles: ['stamper'] }, 'transfer_pending'],
      ['transfer_pending', 'transfer_received', { id: 10, roles: ['transfer'] }, 'completed'],
    ];
    for (const [stage, name, actor, next] of steps) {
      expect(to(at('in_progress', stage), event(name, actor))).toBe(next);
    }
    const received = decideProductionOrder(
      at('in_progress', 'transfer_pending'),
      event('transfer_received', ADMIN),
    );
    expect(received).toEqual({ ok: true, to: { status: 'completed', stage: 'transferred' } });
    expect(to(at('completed', 'transferred'), event('close', MANAGER))).toBe('closed');
  });

  it('skips the phases a flow does not have', () => {
    const bare = { phases: ['batching', 'bottling', 'labeling'] as FlowPhase[] };
    expect(to(at('in_progress', 'batching'), event('finish_batching', BATCHER, bare))).toBe(
      'hplc_passed',
    );
    const labeler = { id: 7, roles: ['labeler'] };
    expect(to(at('in_progress', 'labeling'), event('finish_labeling', labeler, bare))).toBe(
      'completed',
    );
    const toTransfer = { phases: ['batching', 'bottling', 'labeling', 'transfer'] as FlowPhase[] };
    expect(to(at('in_progress', 'labeling'), event('finish_labeling', labeler, toTransfer))).toBe(
      'transfer_pending',
    );
    const noLabels = { phases: ['batching', 'bottling', 'stamping'] as FlowPhase[] };
    expect(to(at('in_progress', 'bottling'), event('finish_bottling', BOTTLER, noLabels))).toBe(
      'stamping',
    );
  });

  it('keeps each event to its roles; admin may do anything', () => {
    expect(to(at('draft'), event('submit', BATCHER))).toBe('Only Admin or Planning may do this');
    expect(to(at('released'), event('start_batching', PLANNER))).toMatch(/^Only Admin, Batcher/);
    expect(to(at('in_progress', 'hplc_failed'), event('scrap', MANAGER, {}, 'bad'))).toBe(
      'Only Admin or QA Manager may do this',
    );
    expect(to(at('draft'), event('submit', ADMIN))).toBe('pending_approval');
  });

  it('refuses what its guards refuse, naming why', () => {
    const cases: [OrderPosition, ProductionOrderEvent, string][] = [
      [
        at('draft'),
        event('submit', PLANNER, { recipeApproved: false }),
        'The product must be active with an approved recipe',
      ],
      [
        at('pending_approval'),
        event('approve', PLANNER),
        'You submitted this order: another person must approve it',
      ],
      [
        at('released'),
        event('start_batching', BATCHER, { picksComplete: false }),
        'Every ingredient must be picked first',
      ],
      [
        at('in_progress', 'batching'),
        event('finish_batching', BATCHER, { actualBatchMl: 0 }),
        'Enter the actual batch volume first',
      ],
      [
        at('in_progress', 'bottling'),
        event('finish_bottling', BOTTLER, { bottlingWithinBatch: false }),
        'Bottled and wasted units exceed the batch volume',
      ],
      [
        at('in_progress', 'labeling'),
        event('finish_labeling', { id: 7, roles: ['labeler'] }, { lastLabelCheckPassed: false }),
        'The last label check must pass first',
      ],
      [
        at('in_progress', 'transfer_pending'),
        event('transfer_received', ADMIN, { transferWithinProduced: false }),
        'Transferred units exceed the units produced',
      ],
      [
        at('released'),
        event('cancel', PLANNER, { hasConsumption: true }, 'No longer needed'),
        'Stock was already consumed for this order',
      ],
      [
        at('completed', 'transferred'),
        event('close', MANAGER, { openCorrections: 1 }),
        'Corrections of this order are still open',
      ],
      [at('released'), event('cancel', PLANNER), 'A reason is required'],
      [at('draft'), event('release', PLANNER), 'Transition draft→release not allowed'],
    ];
    for (const [from, e, message] of cases) expect(to(from, e)).toBe(message);
  });

  it('holds with a reason and resumes where the order was', () => {
    const sup = { id: 11, roles: ['supervisor_production'] };
    expect(to(at('in_progress', 'bottling'), event('hold', QA, {}, 'Leak'))).toBe('on_hold');
    expect(to(at('on_hold', 'bottling'), event('resume', sup, { stage: 'bottling' }))).toBe(
      'bottling',
    );
    expect(
      to(at('on_hold'), event('resume', sup, { previousStatus: 'released', stage: null })),
    ).toBe('released');
    // The QA manager may hold but not resume.
    expect(to(at('on_hold', 'bottling'), event('resume', QA, { stage: 'bottling' }))).toMatch(
      /^Only Admin, Supervisor Batcher/,
    );
  });

  it('handles a failed HPLC: retest, override with a reason, or scrap', () => {
    const failed = at('in_progress', 'hplc_failed');
    expect(to(failed, event('retest', QA))).toBe('hplc_pending');
    expect(to(failed, event('override', MANAGER, {}, 'Within spec on re-read'))).toBe(
      'hplc_passed',
    );
    expect(to(failed, event('override', MANAGER))).toBe('A reason is required');
    expect(to(failed, event('scrap', QA, {}, 'Out of range twice'))).toBe('scrapped');
  });

  it('offers a person only their buttons, without the server-sent events', () => {
    const actions = allowedProductionOrderActions(at('in_progress', 'hplc_pending'), QA, FACTS);
    expect(actions.map((a) => a.event)).toEqual(['hold']);
    const planner = allowedProductionOrderActions(at('pending_approval'), PLANNER, FACTS);
    expect(planner).toEqual([
      {
        event: 'approve',
        to: '',
        allowed: false,
        reason: 'You submitted this order: another person must approve it',
        needsReason: false,
      },
      {
        event: 'reject',
        to: '',
        allowed: false,
        reason: 'You submitted this order: another person must approve it',
        needsReason: true,
      },
      { event: 'cancel', to: 'cancelled', allowed: true, reason: null, needsReason: true },
    ]);
  });

  it('offers no event the position has no transition for, whatever its guards would say', () => {
    // The planner submitted it: Approve and Reject would be refused for them while pending,
    // but once released they are not refused, they are gone.
    const released = allowedProductionOrderActions(at('released'), PLANNER, FACTS);
    expect(released.map((a) => a.event)).toEqual(['cancel', 'hold', 'start_batching']);
    expect(decideProductionOrder(at('released'), event('approve', PLANNER))).toMatchObject({
      ok: false,
      check: 'unmapped',
    });
    // A product without an approved recipe refuses Submit on a draft, not on a closed order.
    const closed = allowedProductionOrderActions(at('closed'), ADMIN, {
      ...FACTS,
      recipeApproved: false,
    });
    expect(closed).toEqual([]);
  });

  it('takes the lab verdict on a held order, which then resumes at the stage it leads to', () => {
    const LAB: OrderActor = { id: 6, roles: ['hplc_tech'] };
    const held = at('on_hold', 'hplc_pending');
    const waiting = { previousStatus: 'in_progress' as const, stage: 'hplc_pending' as const };
    expect(decideProductionOrder(held, event('hplc_pass', LAB, waiting))).toEqual({
      ok: true,
      to: at('on_hold', 'hplc_passed'),
    });
    expect(decideProductionOrder(held, event('hplc_fail', LAB, waiting))).toEqual({
      ok: true,
      to: at('on_hold', 'hplc_failed'),
    });
    // Held elsewhere, there is no verdict to take.
    const bottling = { previousStatus: 'in_progress' as const, stage: 'bottling' as const };
    expect(
      decideProductionOrder(at('on_hold', 'bottling'), event('hplc_pass', LAB, bottling)).ok,
    ).toBe(false);
    const resumed = decideProductionOrder(
      at('on_hold', 'hplc_passed'),
      event('resume', MANAGER, { previousStatus: 'in_progress', stage: 'hplc_passed' }, 'Cleared'),
    );
    expect(resumed).toEqual({ ok: true, to: at('in_progress', 'hplc_passed') });
  });

  it('agrees with the machine on every path an admin can take (model-based)', () => {
    const names = ORDER_EVENTS.filter((name) => name !== 'resume');
    // The approver is not the submitter; every event carries a reason.
    const facts = { submittedBy: PLANNER.id };
    // Resume goes back to where the server says the order was: released or a stage.
    const resumes = [
      event('resume', ADMIN, { ...facts, previousStatus: 'released' }),
      event('resume', ADMIN, { ...facts, previousStatus: 'in_progress', stage: 'labeling' }),
    ];
    const model = createTestModel(productionOrderMachine, {
      events: [...names.map((name) => event(name, ADMIN, facts, 'Because')), ...resumes],
      filterEvents: (snapshot, e) => snapshot.can(e),
    });
    const reached = new Set<string>();
    const paths = model.getShortestPaths();
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      let position: OrderPosition = at('draft');
      // The first step of a path is the machine's own start.
      for (const step of path.steps.filter((s) => s.event.type.startsWith('order.'))) {
        const decision = decideProductionOrder(position, step.event);
        expect(decision.ok, path.steps.map((s) => s.event.type).join(' ')).toBe(true);
        if (decision.ok) position = decision.to;
        const value = step.state.value;
        expect(stateName(value)).toBe(shownPosition(position));
        reached.add(shownPosition(position));
      }
    }
    expect(reached).toEqual(
      new Set([
        'draft',
        'pending_approval',
        'approved',
        'released',
        'cancelled',
        'on_hold',
        'batching',
        'hplc_pending',
        'hplc_passed',
        'hplc_failed',
        'bottling',
        'labeling',
        'stamping',
        'transfer_pending',
        'completed',
        'closed',
        'scrapped',
      ]),
    );
  });
});

/** The machine's state as one word, like `shownPosition`. */
function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  return String((value as { in_progress: string }).in_progress);
}
