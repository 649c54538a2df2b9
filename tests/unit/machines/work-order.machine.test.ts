import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import {
  WORK_ORDER_STATUSES,
  type WorkOrderStatus,
} from '../../../src/domain/entities/production/maintenance-values.ts';
import {
  allowedWorkOrderActions,
  decideWorkOrder,
  WORK_ORDER_EVENTS,
  workOrderMachine,
  type WorkOrderActor,
  type WorkOrderEvent,
  type WorkOrderEventName,
} from '../../../src/machines/workflows/work-order.machine.ts';

// The machine work order of docs/domain/production.md §3.4: triage by the maintenance admins, the
// work by the technicians, a reason to hold or reject, the resolution to complete, and the same
// answers for the server (decideWorkOrder), the buttons (allowedWorkOrderActions) and the machine's
// own walk (model-based).

const SUPERVISOR: WorkOrderActor = { id: 1, roles: ['supervisor'] };
const MANAGER: WorkOrderActor = { id: 2, roles: ['manager'] };
const TECH: WorkOrderActor = { id: 3, roles: ['automation_tech'] };
const BATCHER: WorkOrderActor = { id: 4, roles: ['batcher'] };
const ADMIN: WorkOrderActor = { id: 9, roles: ['admin'] };

const event = (
  name: WorkOrderEventName,
  actor: WorkOrderActor,
  text: { reason?: string; resolution?: string } = {},
): WorkOrderEvent => ({ type: `work_order.${name}`, actor, ...text });

describe('the work order machine', () => {
  it('lets the maintenance admins approve or reject a request, nobody else', () => {
    expect(decideWorkOrder('requested', event('approve', SUPERVISOR))).toEqual({
      ok: true,
      to: 'open',
    });
    expect(decideWorkOrder('requested', event('approve', MANAGER))).toMatchObject({ ok: true });
    for (const actor of [TECH, BATCHER]) {
      expect(decideWorkOrder('requested', event('approve', actor))).toMatchObject({
        ok: false,
        check: 'isPermitted',
      });
    }
    expect(decideWorkOrder('requested', event('reject', SUPERVISOR))).toEqual({
      ok: false,
      check: 'hasReason',
      reason: 'A reason is required',
    });
    expect(
      decideWorkOrder('requested', event('reject', SUPERVISOR, { reason: 'Duplicate' })),
    ).toEqual({ ok: true, to: 'rejected' });
  });

  it('lets technicians and admins start, hold with a reason and resume', () => {
    expect(decideWorkOrder('open', event('start', TECH))).toEqual({ ok: true, to: 'in_progress' });
    expect(decideWorkOrder('open', event('start', SUPERVISOR))).toMatchObject({ ok: true });
    expect(decideWorkOrder('open', event('start', BATCHER))).toMatchObject({
      check: 'isPermitted',
    });
    expect(decideWorkOrder('in_progress', event('hold', TECH, { reason: '  ' }))).toMatchObject({
      check: 'hasReason',
    });
    expect(decideWorkOrder('in_progress', event('hold', TECH, { reason: 'Part' }))).toEqual({
      ok: true,
      to: 'on_hold',
    });
    expect(decideWorkOrder('on_hold', event('resume', MANAGER))).toEqual({
      ok: true,
      to: 'in_progress',
    });
  });

  it('lets only technicians (and admin) complete, with the resolution', () => {
    expect(
      decideWorkOrder('in_progress', event('complete', SUPERVISOR, { resolution: 'x' })),
    ).toMatchObject({
      check: 'isPermitted',
    });
    expect(decideWorkOrder('in_progress', event('complete', TECH))).toEqual({
      ok: false,
      check: 'hasResolution',
      reason: 'Describe the resolution to complete the work order',
    });
    expect(decideWorkOrder('in_progress', event('complete', TECH, { resolution: 'Seal' }))).toEqual(
      {
        ok: true,
        to: 'completed',
      },
    );
    expect(
      decideWorkOrder('in_progress', event('complete', ADMIN, { resolution: 'Seal' })),
    ).toMatchObject({
      ok: true,
    });
  });

  it('reopens a completed order by a maintenance admin', () => {
    expect(decideWorkOrder('completed', event('reopen', SUPERVISOR))).toEqual({
      ok: true,
      to: 'open',
    });
    expect(decideWorkOrder('completed', event('reopen', TECH))).toMatchObject({
      check: 'isPermitted',
    });
  });

  it('refuses events that do not apply to the status, whoever sends them', () => {
    expect(decideWorkOrder('requested', event('complete', ADMIN, { resolution: 'x' }))).toEqual({
      ok: false,
      check: 'unmapped',
      reason: 'Transition requested→complete not allowed',
    });
    expect(decideWorkOrder('open', event('hold', ADMIN, { reason: 'x' }))).toMatchObject({
      check: 'unmapped',
    });
    for (const name of WORK_ORDER_EVENTS) {
      expect(
        decideWorkOrder('rejected', event(name, ADMIN, { reason: 'x', resolution: 'x' })),
      ).toMatchObject({
        check: 'unmapped',
      });
    }
  });

  it('offers each status its buttons, with why the others are off', () => {
    const of = (status: WorkOrderStatus, actor: WorkOrderActor) =>
      allowedWorkOrderActions({ status }, actor).map((a) => [a.event, a.allowed]);
    expect(of('requested', SUPERVISOR)).toEqual([
      ['approve', true],
      ['reject', true],
    ]);
    expect(of('in_progress', TECH)).toEqual([
      ['hold', true],
      ['complete', true],
    ]);
    expect(of('in_progress', SUPERVISOR)).toEqual([
      ['hold', true],
      ['complete', false],
    ]);
    expect(of('rejected', ADMIN)).toEqual([]);
    const [complete] = allowedWorkOrderActions({ status: 'in_progress' }, BATCHER).filter(
      (a) => a.event === 'complete',
    );
    expect(complete).toMatchObject({
      allowed: false,
      reason: 'Only Admin or Automation Tech may do this',
      needsReason: true,
      reasonLabel: 'Resolution',
    });
    expect(allowedWorkOrderActions({ status: 'unknown' }, ADMIN)).toEqual([]);
  });

  it('agrees with its own walk: every path an admin takes is one decideWorkOrder allows', () => {
    const model = createTestModel(workOrderMachine, {
      events: WORK_ORDER_EVENTS.map((name) => event(name, ADMIN, { reason: 'r', resolution: 'r' })),
    });
    const reached = new Set<string>();
    for (const path of model.getShortestPaths()) {
      let status: WorkOrderStatus = 'requested';
      for (const step of path.steps.filter((s) => s.event.type.startsWith('work_order.'))) {
        const decision = decideWorkOrder(status, step.event);
        expect(decision.ok).toBe(true);
        if (decision.ok) status = decision.to;
        expect(step.state.value).toBe(status);
        reached.add(status);
      }
    }
    reached.add('requested');
    expect([...reached].sort()).toEqual([...WORK_ORDER_STATUSES].sort());
  });
});
