import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { canAccess } from '../../../src/domain/access.ts';
import {
  countLines,
  DAILY_ORDER_STATUSES,
  lineStatusOf,
  type DailyLineCounts,
} from '../../../src/domain/entities/production/daily-order-values.ts';
import {
  allowedDailyOrderActions,
  DAILY_ORDER_TRANSITIONS,
  dailyOrderMachine,
  decideDailyOrder,
  derivedDailyOrderEvent,
} from '../../../src/machines/workflows/daily-order.machine.ts';
import type { WorkflowEvent } from '../../../src/machines/workflows/document-workflow.ts';

// The daily order of docs/domain/production.md §3.2: requesters draft and submit, planning or a
// manager accepts (or sends back with a reason), and the floor's production orders move it on.

const REQUESTER = { id: 1, roles: ['requester'] };
const PLANNING = { id: 2, roles: ['planning'] };
const QA = { id: 3, roles: ['qa_manager'] };
const ADMIN = { id: 9, roles: ['admin'] };

const lines = (counts: Partial<DailyLineCounts>): DailyLineCounts => ({
  total: 1,
  open: 0,
  planned: 0,
  fulfilled: 0,
  cancelled: 0,
  started: false,
  ...counts,
});
const OPEN = lines({ open: 1 });
const PLANNED = lines({ planned: 1 });
const STARTED = lines({ planned: 1, started: true });
const DELIVERED = lines({ total: 2, fulfilled: 1, cancelled: 1, started: true });
const CANCELLED = lines({ cancelled: 1 });

describe('the daily order machine', () => {
  it('is read by the daily orders row and written by those who ask for production', () => {
    expect(canAccess(['hplc_tech'], 'production_daily_orders')).toBe(true);
    expect(canAccess(['hplc_tech'], 'production_daily_orders_edit')).toBe(false);
    expect(canAccess(['requester'], 'production_daily_orders_edit')).toBe(true);
    expect(canAccess(['batcher'], 'production_daily_orders')).toBe(false);
  });

  it('lets requesters submit a draft with lines and planners accept or send it back', () => {
    expect(decideDailyOrder('submit', REQUESTER, { status: 'draft', line_counts: OPEN })).toEqual({
      kind: 'ok',
      to: 'submitted',
    });
    expect(decideDailyOrder('submit', QA, { status: 'draft', line_counts: OPEN })).toMatchObject({
      kind: 'forbidden',
    });
    expect(
      decideDailyOrder('submit', REQUESTER, { status: 'draft', line_counts: lines({ total: 0 }) }),
    ).toEqual({
      kind: 'refused',
      reason: 'The daily order has no open line to produce',
    });
    const submitted = { status: 'submitted', line_counts: OPEN };
    expect(decideDailyOrder('accept', REQUESTER, submitted)).toMatchObject({ kind: 'forbidden' });
    expect(decideDailyOrder('accept', PLANNING, submitted)).toEqual({ kind: 'ok', to: 'accepted' });
    expect(decideDailyOrder('reject', PLANNING, submitted)).toEqual({ kind: 'ok', to: 'draft' });
    expect(
      decideDailyOrder('accept', PLANNING, { status: 'accepted', line_counts: PLANNED }),
    ).toMatchObject({
      kind: 'unmapped',
    });
  });

  it('cancels an accepted order only while none of its orders is released', () => {
    expect(
      decideDailyOrder('cancel', PLANNING, { status: 'accepted', line_counts: PLANNED }),
    ).toEqual({
      kind: 'ok',
      to: 'cancelled',
    });
    expect(
      decideDailyOrder('cancel', PLANNING, { status: 'accepted', line_counts: STARTED }),
    ).toMatchObject({
      kind: 'refused',
    });
    expect(
      decideDailyOrder('cancel', REQUESTER, { status: 'accepted', line_counts: PLANNED }),
    ).toMatchObject({
      kind: 'forbidden',
    });
  });

  it('derives the floor events from its lines, and leaves them to nobody but the server', () => {
    expect(derivedDailyOrderEvent({ status: 'accepted', line_counts: PLANNED })).toBeNull();
    expect(derivedDailyOrderEvent({ status: 'accepted', line_counts: STARTED })).toBe(
      'start_production',
    );
    expect(derivedDailyOrderEvent({ status: 'accepted', line_counts: DELIVERED })).toBe('fulfil');
    expect(derivedDailyOrderEvent({ status: 'in_production', line_counts: DELIVERED })).toBe(
      'fulfil',
    );
    expect(derivedDailyOrderEvent({ status: 'in_production', line_counts: CANCELLED })).toBe(
      'lapse',
    );
    expect(derivedDailyOrderEvent({ status: 'submitted', line_counts: STARTED })).toBeNull();
    expect(
      decideDailyOrder('fulfil', PLANNING, { status: 'in_production', line_counts: DELIVERED }),
    ).toMatchObject({
      kind: 'forbidden',
    });
    const row = { status: 'in_production', lines_total: 1, lines_planned: 1, orders_started: 1 };
    expect(allowedDailyOrderActions(row, ADMIN)).toEqual([]);
  });

  it('offers the buttons from the row the list reads', () => {
    const of = (row: Record<string, unknown>, user: typeof QA) =>
      allowedDailyOrderActions({ status: String(row.status), ...row }, user).map((a) => [
        a.event,
        a.allowed,
      ]);
    expect(of({ status: 'draft', lines_total: 1, lines_open: 1 }, REQUESTER)).toEqual([
      ['submit', true],
      ['cancel', true],
    ]);
    expect(
      of({ status: 'accepted', lines_total: 1, lines_planned: 1, orders_started: true }, PLANNING),
    ).toEqual([['cancel', false]]);
  });

  it('follows its orders line by line', () => {
    expect(lineStatusOf(null)).toBe('open');
    expect(lineStatusOf({ status: 'approved', stage: null })).toBe('planned');
    expect(lineStatusOf({ status: 'in_progress', stage: 'transfer_pending' })).toBe('planned');
    expect(lineStatusOf({ status: 'in_progress', stage: 'transferred' })).toBe('fulfilled');
    expect(lineStatusOf({ status: 'completed', stage: 'labeling' })).toBe('fulfilled');
    expect(lineStatusOf({ status: 'scrapped', stage: null })).toBe('cancelled');
    expect(
      countLines([
        { line_status: 'planned', order: { status: 'released', stage: null } },
        { line_status: 'open', order: null },
      ]),
    ).toEqual({ total: 2, open: 1, planned: 1, fulfilled: 0, cancelled: 0, started: true });
  });

  it('agrees with its own walk: the machine moves exactly where decideDailyOrder says', () => {
    const types = [
      ...new Set(Object.values(DAILY_ORDER_TRANSITIONS).flatMap((events) => Object.keys(events))),
    ];
    const events: WorkflowEvent[] = types.flatMap((type) =>
      [OPEN, PLANNED, STARTED, DELIVERED, CANCELLED].map((line_counts) => ({
        type,
        user: ADMIN,
        doc: { status: 'draft', line_counts },
      })),
    );
    const model = createTestModel(dailyOrderMachine, { events });
    const reached = new Set<string>(['draft']);
    for (const path of model.getShortestPaths()) {
      let status = 'draft';
      for (const step of path.steps.filter((s) => s.event.type !== 'xstate.init')) {
        const event = step.event;
        const decision = decideDailyOrder(event.type, ADMIN, { ...event.doc, status });
        // The walk also tries events whose facts refuse them: the machine stays put then.
        if (decision.kind === 'ok') status = decision.to;
        expect(step.state.value, `${event.type} ${JSON.stringify(event.doc)}`).toBe(status);
        reached.add(status);
      }
    }
    expect([...reached].sort()).toEqual([...DAILY_ORDER_STATUSES].sort());
  });
});
