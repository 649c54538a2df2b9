import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  allowedForecastPeriodActions,
  FORECAST_PERIOD_TRANSITIONS,
  forecastPeriodMachine,
  type ForecastPeriodFacts,
} from '../../shared/machines/forecast-period.machine.ts';
import {
  allowedForecastPlanActions,
  FORECAST_PLAN_TRANSITIONS,
  forecastPlanMachine,
  type ForecastPlanFacts,
} from '../../shared/machines/forecast-plan.machine.ts';
import { decide, type WorkflowDoc } from '../../../../src/machines/workflows/document-workflow.ts';

// The forecast's two lifecycles (docs/domain/forecast.md §11): a period is generated from history,
// locked once its plan is accepted and closed once the plan's orders exist; a plan row is accepted
// while its period is open and ordered once it is locked. Manager and admin only.

const manager = { id: 7, roles: ['manager'] };
const planning = { id: 8, roles: ['planning'] };

type Period = WorkflowDoc & ForecastPeriodFacts;
type Plan = WorkflowDoc & ForecastPlanFacts;

const period = (event: string, doc: Period, user = manager) =>
  decide(forecastPeriodMachine, FORECAST_PERIOD_TRANSITIONS, event, user, doc);
const plan = (event: string, doc: Plan, user = manager) =>
  decide(forecastPlanMachine, FORECAST_PLAN_TRANSITIONS, event, user, doc);

describe('forecast period machine', () => {
  it('starts in draft', () => {
    expect(createActor(forecastPeriodMachine).start().getSnapshot().value).toBe('draft');
  });

  it('generates a draft with history, refuses one without', () => {
    expect(period('generate', { status: 'draft', has_history: 1 })).toEqual({
      kind: 'ok',
      to: 'open',
    });
    expect(period('generate', { status: 'draft', has_history: 0 })).toMatchObject({
      kind: 'refused',
    });
  });

  it('locks once no plan row is proposed, closes once no order waits', () => {
    expect(period('lock', { status: 'open', plans_proposed: 1 }).kind).toBe('refused');
    expect(period('lock', { status: 'open', plans_proposed: 0 })).toEqual({
      kind: 'ok',
      to: 'locked',
    });
    expect(period('close', { status: 'locked', orders_waiting: 1 }).kind).toBe('refused');
    expect(period('close', { status: 'locked', orders_waiting: 0 })).toEqual({
      kind: 'ok',
      to: 'closed',
    });
  });

  it('refuses roles outside Forecast and events a status has not', () => {
    expect(period('generate', { status: 'draft', has_history: 1 }, planning).kind).toBe(
      'forbidden',
    );
    expect(period('close', { status: 'open' }).kind).toBe('unmapped');
    expect(allowedForecastPeriodActions({ status: 'closed' }, manager)).toEqual([]);
  });

  it('offers the buttons the server allows, with why not', () => {
    const open: Period = { status: 'open', plans_proposed: 1 };
    const [lock] = allowedForecastPeriodActions(open, manager);
    expect(lock).toMatchObject({ event: 'lock', allowed: false, confirm: true });
    expect(lock?.reason).toMatch(/accept them first/);
  });
});

describe('forecast plan machine', () => {
  it('accepts a proposed row while the period is open', () => {
    expect(plan('accept', { status: 'proposed', period_status: 'open' })).toEqual({
      kind: 'ok',
      to: 'accepted',
    });
    expect(plan('accept', { status: 'proposed', period_status: 'locked' }).kind).toBe('refused');
  });

  it('orders an accepted row with units once the period is locked', () => {
    const accepted: Plan = { status: 'accepted', period_status: 'locked', planned_units: 150 };
    expect(plan('create_orders', accepted)).toEqual({ kind: 'ok', to: 'ordered' });
    expect(plan('create_orders', { ...accepted, period_status: 'open' }).kind).toBe('refused');
    expect(plan('create_orders', { ...accepted, planned_units: 0 }).kind).toBe('refused');
    expect(plan('create_orders', accepted, planning).kind).toBe('forbidden');
    expect(allowedForecastPlanActions({ status: 'ordered' }, manager)).toEqual([]);
  });
});
