import { describe, expect, it } from 'vitest';
import { arrangeByConsequence } from '../../../src/machines/workflows/action-consequence.ts';
import { allowedProductionOrderActions } from '../../../src/machines/workflows/production-order.machine.ts';
import { allowedStockAdjustmentActions } from '../../../src/machines/workflows/stock-adjustment.machine.ts';
import { allowedStockCountActions } from '../../../src/machines/workflows/stock-count.machine.ts';

// Workflow buttons by consequence: the forward step first as the primary, side
// steps next, the ones that end or undo a document's course last as danger.

const shown = (actions: readonly { event: string; allowed: boolean }[]) =>
  arrangeByConsequence(actions).map((a) => `${a.event}:${a.consequence}`);

describe('arrangeByConsequence', () => {
  it('puts the forward step first and cancel last on a stock adjustment draft', () => {
    const actions = allowedStockAdjustmentActions(
      { status: 'draft' },
      { id: 1, roles: ['inventory'] },
    );
    // The table declares post before cancel; the order must not depend on it.
    expect(shown([...actions].reverse())).toEqual(['post:primary', 'cancel:danger']);
  });

  it('orders a pending order: approve, then reject and cancel as danger', () => {
    const manager = { id: 2, roles: ['manager'] };
    const actions = allowedProductionOrderActions(
      { status: 'pending_approval', stage: null },
      manager,
      {
        submittedBy: 1,
        phases: ['batching'],
        stage: null,
        previousStatus: null,
        productActive: true,
        recipeApproved: true,
        picksComplete: true,
        actualBatchMl: 1,
        hasConsumption: false,
        openCorrections: 0,
        bottlingWithinBatch: true,
        lastLabelCheckPassed: true,
        transferWithinProduced: true,
      },
    );
    expect(shown(actions)).toEqual(['approve:primary', 'reject:danger', 'cancel:danger']);
  });

  it('keeps side steps neutral and between the forward step and the destructive ones', () => {
    expect(
      shown([
        { event: 'cancel', allowed: true },
        { event: 'hold', allowed: true },
        { event: 'resume', allowed: true },
        { event: 'recount', allowed: true },
      ]),
    ).toEqual(['resume:primary', 'hold:neutral', 'recount:neutral', 'cancel:danger']);
  });

  it('makes the first forward step the person may take primary, a refused one neutral', () => {
    expect(
      shown([
        { event: 'review', allowed: false },
        { event: 'approve', allowed: true },
      ]),
    ).toEqual(['approve:primary', 'review:neutral']);
    // None they may take: the forward step still leads, shown refused.
    expect(
      shown([
        { event: 'approve', allowed: false },
        { event: 'reject', allowed: false },
      ]),
    ).toEqual(['approve:primary', 'reject:danger']);
  });

  it('puts the approval of a count before its recount, whatever the table order', () => {
    const reviewer = { id: 3, roles: ['inventory'] };
    const actions = allowedStockCountActions(
      { status: 'variance_review', submitted_by: 4 },
      reviewer,
    );
    expect(shown(actions)).toEqual(['approve:primary', 'recount:neutral']);
  });

  it('has no primary on a bar of side steps and destructive ones', () => {
    expect(
      shown([
        { event: 'hold', allowed: true },
        { event: 'scrap', allowed: true },
      ]),
    ).toEqual(['hold:neutral', 'scrap:danger']);
  });
});
