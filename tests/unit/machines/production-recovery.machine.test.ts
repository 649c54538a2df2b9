import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { canAccess } from '../../../src/domain/access.ts';
import { RECOVERY_STATUSES } from '../../../src/domain/entities/production/correction-values.ts';
import {
  allowedRecoveryActions,
  decideRecovery,
  productionRecoveryMachine,
  RECOVERY_TRANSITIONS,
} from '../../../src/machines/workflows/production-recovery.machine.ts';
import type { WorkflowEvent } from '../../../src/machines/workflows/document-workflow.ts';

// The production recovery of docs/domain/production.md §3.2: the recovery role posts or cancels a
// draft, the lab's verdict releases it or leaves it to QA, who retests or scraps what failed.

const RECOVERY = { id: 1, roles: ['recovery'] };
const QA = { id: 2, roles: ['qa_manager'] };
const ADMIN = { id: 9, roles: ['admin'] };

describe('the production recovery machine', () => {
  it('belongs to the recovery role and QA, and nobody else on the floor', () => {
    expect(canAccess(['recovery'], 'production_recoveries')).toBe(true);
    expect(canAccess(['qa_manager'], 'production_recoveries')).toBe(true);
    expect(canAccess(['batcher'], 'production_recoveries')).toBe(false);
  });

  it('lets the recovery role post or cancel a draft', () => {
    expect(decideRecovery('post', RECOVERY, { status: 'draft' })).toEqual({
      kind: 'ok',
      to: 'posted',
    });
    expect(decideRecovery('post', QA, { status: 'draft' })).toMatchObject({ kind: 'forbidden' });
    expect(decideRecovery('cancel', RECOVERY, { status: 'draft' })).toEqual({
      kind: 'ok',
      to: 'cancelled',
    });
    expect(decideRecovery('cancel', RECOVERY, { status: 'posted' })).toMatchObject({
      kind: 'unmapped',
    });
  });

  it('leaves to QA only what the lab failed', () => {
    const failed = { status: 'posted', hplc_status: 'failed' };
    const pending = { status: 'posted', hplc_status: 'pending' };
    expect(decideRecovery('scrap', QA, failed)).toEqual({ kind: 'ok', to: 'scrapped' });
    expect(decideRecovery('retest', QA, failed)).toEqual({ kind: 'ok', to: 'posted' });
    expect(decideRecovery('scrap', QA, pending)).toEqual({
      kind: 'refused',
      reason: 'Only a recovery whose HPLC test failed is decided by QA',
    });
    expect(decideRecovery('scrap', RECOVERY, failed)).toMatchObject({ kind: 'forbidden' });
    expect(decideRecovery('hplc_pass', ADMIN, pending)).toEqual({ kind: 'ok', to: 'released' });
  });

  it('offers people the buttons, never the lab verdict', () => {
    const of = (doc: { status: string; hplc_status?: string }, user: typeof QA) =>
      allowedRecoveryActions(doc, user).map((a) => [a.event, a.allowed]);
    expect(of({ status: 'draft' }, RECOVERY)).toEqual([
      ['post', true],
      ['cancel', true],
    ]);
    expect(of({ status: 'posted', hplc_status: 'failed' }, QA)).toEqual([
      ['retest', true],
      ['scrap', true],
    ]);
    expect(of({ status: 'released' }, ADMIN)).toEqual([]);
  });

  it('agrees with its own walk: every path an admin takes is one decideRecovery allows', () => {
    const doc = { status: 'draft', hplc_status: 'failed' };
    const events: WorkflowEvent[] = [
      ...new Set(Object.values(RECOVERY_TRANSITIONS).flatMap((events) => Object.keys(events))),
    ].map((type) => ({ type, user: ADMIN, doc }));
    const model = createTestModel(productionRecoveryMachine, { events });
    const reached = new Set<string>(['draft']);
    for (const path of model.getShortestPaths()) {
      let status = 'draft';
      for (const step of path.steps.filter((s) => s.event.type !== 'xstate.init')) {
        const decision = decideRecovery(step.event.type, ADMIN, { ...doc, status });
        expect(decision.kind).toBe('ok');
        if (decision.kind === 'ok') status = decision.to;
        expect(step.state.value).toBe(status);
        reached.add(status);
      }
    }
    expect([...reached].sort()).toEqual([...RECOVERY_STATUSES].sort());
  });
});
