import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  ALLOCATION_TRANSITIONS,
  allocationMachine,
} from '../../../src/machines/workflows/allocation.machine.ts';
import {
  allowedReceivingActions,
  RECEIVING_TRANSITIONS,
  receivingMachine,
} from '../../../src/machines/workflows/receiving.machine.ts';
import {
  allowedStockAdjustmentActions,
  STOCK_ADJUSTMENT_TRANSITIONS,
  stockAdjustmentMachine,
} from '../../../src/machines/workflows/stock-adjustment.machine.ts';
import {
  allowedStockCountActions,
  sheetColumnOf,
  STOCK_COUNT_TRANSITIONS,
  stockCountMachine,
} from '../../../src/machines/workflows/stock-count.machine.ts';
import {
  decide,
  type TransitionTable,
  type WorkflowMachine,
} from '../../../src/machines/workflows/document-workflow.ts';
import {
  allowedTransferActions,
  TRANSFER_TRANSITIONS,
  transferMachine,
} from '../../../src/machines/workflows/transfer.machine.ts';

// The stock documents' lifecycles: only mapped transitions, listed roles (admin always),
// guards such as maker-checker, and the same answers for the browser's buttons.

const admin = { id: 1, roles: ['admin'] };
const inventory = { id: 2, roles: ['inventory'] };
const shipping = { id: 3, roles: ['shipping'] };

const machines: [string, WorkflowMachine, TransitionTable][] = [
  ['stock adjustment', stockAdjustmentMachine, STOCK_ADJUSTMENT_TRANSITIONS],
  ['receiving', receivingMachine, RECEIVING_TRANSITIONS],
  ['stock count', stockCountMachine, STOCK_COUNT_TRANSITIONS],
  ['transfer', transferMachine, TRANSFER_TRANSITIONS],
  ['allocation', allocationMachine, ALLOCATION_TRANSITIONS],
];

describe.each(machines)('%s machine', (_name, machine, table) => {
  it('lets admin take every mapped transition to its target, and nothing else', () => {
    for (const [from, events] of Object.entries(table)) {
      for (const [event, rule] of Object.entries(events)) {
        const decision = decide(
          machine,
          table,
          event,
          { id: 99, roles: ['admin'] },
          { status: from },
        );
        expect(decision).toEqual({ kind: 'ok', to: rule.to });
      }
      expect(decide(machine, table, 'no_such_event', admin, { status: from }).kind).toBe(
        'unmapped',
      );
    }
  });

  it('starts in draft', () => {
    const actor = createActor(machine).start();
    expect(actor.getSnapshot().value).toBe('draft');
    actor.stop();
  });
});

describe('stock document rules', () => {
  it('posts an adjustment for inventory and refuses other roles', () => {
    expect(
      decide(stockAdjustmentMachine, STOCK_ADJUSTMENT_TRANSITIONS, 'post', inventory, {
        status: 'draft',
      }),
    ).toEqual({
      kind: 'ok',
      to: 'posted',
    });
    expect(
      decide(stockAdjustmentMachine, STOCK_ADJUSTMENT_TRANSITIONS, 'post', shipping, {
        status: 'draft',
      }).kind,
    ).toBe('forbidden');
    expect(
      decide(stockAdjustmentMachine, STOCK_ADJUSTMENT_TRANSITIONS, 'post', admin, {
        status: 'posted',
      }),
    ).toEqual({
      kind: 'unmapped',
      reason: 'Transition posted→post not allowed',
    });
  });

  it('lets the warehouse post a receiving (against a PO too), not the shipper', () => {
    const warehouse = { id: 7, roles: ['warehouse'] };
    expect(
      decide(receivingMachine, RECEIVING_TRANSITIONS, 'post', warehouse, { status: 'draft' }),
    ).toEqual({ kind: 'ok', to: 'posted' });
    expect(
      decide(receivingMachine, RECEIVING_TRANSITIONS, 'post', shipping, { status: 'draft' }).kind,
    ).toBe('forbidden');
  });

  it('keeps receiving reversal for admin', () => {
    const actions = allowedReceivingActions({ status: 'posted' }, inventory);
    expect(actions).toEqual([
      expect.objectContaining({ event: 'reverse', allowed: false, needsReason: true }),
    ]);
    expect(allowedReceivingActions({ status: 'posted' }, admin)[0]?.allowed).toBe(true);
  });

  it('refuses a count approval by its submitter (maker-checker), even admin', () => {
    const doc = { status: 'variance_review', submitted_by: admin.id };
    expect(decide(stockCountMachine, STOCK_COUNT_TRANSITIONS, 'approve', admin, doc).kind).toBe(
      'refused',
    );
    const other = { id: 7, roles: ['admin'] };
    expect(decide(stockCountMachine, STOCK_COUNT_TRANSITIONS, 'approve', other, doc)).toEqual({
      kind: 'ok',
      to: 'posted',
    });
    const approve = allowedStockCountActions(doc, admin).find((a) => a.event === 'approve');
    expect(approve?.allowed).toBe(false);
    expect(approve?.reason).toMatch(/another person/);
  });

  it('sends a count over tolerance through review before approval', () => {
    const over = { status: 'submitted', submitted_by: inventory.id, over_tolerance: true };
    expect(decide(stockCountMachine, STOCK_COUNT_TRANSITIONS, 'approve', admin, over).kind).toBe(
      'refused',
    );
    const reviewed = { ...over, status: 'variance_review' };
    expect(decide(stockCountMachine, STOCK_COUNT_TRANSITIONS, 'approve', admin, reviewed)).toEqual({
      kind: 'ok',
      to: 'posted',
    });
  });

  it('gives each transfer step to its roles', () => {
    const ready = allowedTransferActions({ status: 'ready' }, shipping);
    expect(ready.filter((a) => a.allowed).map((a) => a.event)).toEqual(['ship']);
    expect(
      allowedStockAdjustmentActions({ status: 'draft' }, inventory).every((a) => a.allowed),
    ).toBe(true);
  });

  it('offers a submitted count review or approval as its tolerance decides, never both', () => {
    const clerk = { id: 8, roles: ['inventory'] };
    const events = (over: boolean | number) =>
      allowedStockCountActions(
        { status: 'submitted', submitted_by: 9, over_tolerance: over },
        clerk,
      ).map((a) => [a.event, a.allowed]);
    expect(events(true)).toEqual([['review', true]]);
    // The wire sends booleans as 1/0.
    expect(events(0)).toEqual([['approve', true]]);
    const warehouse = { id: 9, roles: ['warehouse'] };
    expect(
      allowedStockCountActions({ status: 'in_progress' }, warehouse)
        .filter((a) => a.allowed)
        .map((a) => a.event),
    ).toEqual(['submit']);
    expect(
      decide(stockCountMachine, STOCK_COUNT_TRANSITIONS, 'approve', warehouse, {
        status: 'variance_review',
        submitted_by: 1,
      }).kind,
    ).toBe('forbidden');
  });

  it('moves stock within a site in one step and ships it between sites', () => {
    const oneSite = { status: 'draft', kind: 'stock', same_site: 1 };
    const offered = (doc: object, user: { id: number; roles: string[] }) =>
      allowedTransferActions({ status: 'draft', ...doc }, user).map((a) => a.event);
    expect(offered(oneSite, inventory)).toEqual(['transfer', 'cancel']);
    expect(offered({ ...oneSite, same_site: 0 }, inventory)).toEqual(['request', 'cancel']);
    // Production output on skids is prepared first, even on one site.
    expect(offered({ ...oneSite, kind: 'production_output' }, inventory)).toEqual([
      'request',
      'cancel',
    ]);
    const readyBetween = { status: 'ready', kind: 'stock', same_site: false };
    expect(allowedTransferActions(readyBetween, shipping).map((a) => [a.event, a.allowed])).toEqual(
      [
        ['ship', true],
        ['cancel', false],
      ],
    );
    expect(
      decide(transferMachine, TRANSFER_TRANSITIONS, 'transfer', admin, readyBetween).kind,
    ).toBe('refused');
    const confirmed = allowedTransferActions(oneSite, inventory).find(
      (a) => a.event === 'transfer',
    );
    expect(confirmed?.confirm).toBe(true);
  });

  it('takes counts on the sheet in the first round and the recount round only', () => {
    expect(sheetColumnOf('in_progress')).toBe('counted');
    expect(sheetColumnOf('recount')).toBe('recount');
    const others = [...Object.keys(STOCK_COUNT_TRANSITIONS), 'posted', 'cancelled'].filter(
      (status) => status !== 'in_progress' && status !== 'recount',
    );
    expect(others.map(sheetColumnOf)).toEqual(others.map(() => null));
  });
});
