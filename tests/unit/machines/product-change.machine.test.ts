import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import type { ProductChangeStatus } from '../../../src/domain/entities/inventory/inventory-values.ts';
import {
  allowedProductChangeActions,
  decideProductChange,
  productChangeActionStates,
  productChangeMachine,
  type ChangeActor,
  type ProductChangeEvent,
} from '../../../src/machines/workflows/product-change.machine.ts';

// The product change lifecycle of docs/domain/inventory.md §2: who may send which event from which
// status, maker-checker, reasons, and a stale product sending the request back.

const MAKER: ChangeActor = { id: 1, roles: ['inventory'] };
const CHECKER: ChangeActor = { id: 2, roles: ['product_approval_admin'] };
const ADMIN: ChangeActor = { id: 3, roles: ['admin'] };
const STRANGER: ChangeActor = { id: 4, roles: ['inventory'] };

const send = (
  type: ProductChangeEvent['type'],
  actor: ChangeActor,
  extra: Partial<{ reason: string; baseVersionCurrent: boolean; proposalValid: boolean }> = {},
): ProductChangeEvent => ({
  type,
  actor,
  requestedBy: MAKER.id,
  proposalValid: true,
  baseVersionCurrent: true,
  ...extra,
});

const to = (status: ProductChangeStatus, event: ProductChangeEvent) => {
  const decision = decideProductChange(status, event);
  return decision.ok ? decision.to : decision.reason;
};

describe('product change machine', () => {
  it('moves a request through its lifecycle for the right people', () => {
    expect(to('draft', send('change.submit', MAKER))).toBe('submitted');
    expect(to('submitted', send('change.approve', CHECKER))).toBe('applied');
    expect(to('submitted', send('change.reject', CHECKER, { reason: 'No' }))).toBe('rejected');
    expect(to('submitted', send('change.request_changes', CHECKER, { reason: 'Fix' }))).toBe(
      'changes_requested',
    );
    expect(to('changes_requested', send('change.revise', MAKER))).toBe('draft');
    expect(to('draft', send('change.withdraw', MAKER))).toBe('withdrawn');
    expect(to('submitted', send('change.withdraw', MAKER))).toBe('withdrawn');
  });

  it('sends an approval of a product changed meanwhile back to the requester', () => {
    expect(to('submitted', send('change.approve', CHECKER, { baseVersionCurrent: false }))).toBe(
      'changes_requested',
    );
  });

  it('never lets the requester approve their own change, even an admin', () => {
    const own = send('change.approve', ADMIN);
    const decision = decideProductChange('submitted', { ...own, requestedBy: ADMIN.id });
    expect(decision).toMatchObject({ ok: false, check: 'isNotRequester' });
  });

  it('keeps each event to its roles', () => {
    expect(decideProductChange('submitted', send('change.approve', MAKER))).toMatchObject({
      ok: false,
      check: 'isApprover',
    });
    expect(decideProductChange('draft', send('change.submit', CHECKER))).toMatchObject({
      ok: false,
      check: 'isMaker',
    });
    expect(decideProductChange('draft', send('change.withdraw', STRANGER))).toMatchObject({
      ok: false,
      check: 'isRequester',
    });
    expect(to('draft', send('change.withdraw', ADMIN))).toBe('withdrawn');
  });

  it('needs a reason to reject or send back, and a valid proposal to submit', () => {
    expect(decideProductChange('submitted', send('change.reject', CHECKER))).toMatchObject({
      ok: false,
      check: 'hasReason',
    });
    expect(
      decideProductChange('submitted', send('change.request_changes', CHECKER, { reason: ' ' })),
    ).toMatchObject({ ok: false, check: 'hasReason' });
    expect(
      decideProductChange('draft', send('change.submit', MAKER, { proposalValid: false })),
    ).toMatchObject({ ok: false, check: 'isProposalValid' });
  });

  it('refuses events a status does not take, and finished requests take none', () => {
    expect(to('draft', send('change.approve', CHECKER))).toMatch(/not allowed/);
    for (const status of ['applied', 'rejected', 'withdrawn'] as const) {
      expect(allowedProductChangeActions({ status, requested_by: MAKER.id }, ADMIN)).toEqual([]);
      expect(to(status, send('change.withdraw', MAKER))).toMatch(/not allowed/);
    }
  });

  it('lists the actions a user may take, with the reason for the others', () => {
    const submitted = { status: 'submitted' as const, requested_by: MAKER.id };
    expect(allowedProductChangeActions(submitted, CHECKER)).toEqual([
      { event: 'approve', allowed: true, needsReason: false },
      { event: 'reject', allowed: true, needsReason: true },
      { event: 'request_changes', allowed: true, needsReason: true },
      {
        event: 'withdraw',
        allowed: false,
        reason: 'Only the requester may do this',
        needsReason: false,
      },
    ]);
    const forMaker = allowedProductChangeActions(submitted, MAKER);
    expect(forMaker.filter((a) => a.allowed).map((a) => a.event)).toEqual(['withdraw']);
    expect(forMaker.find((a) => a.event === 'approve')?.reason).toBe(
      'Only product approvers may do this',
    );
  });

  it('gives the document action bar the same decisions, with where each event leads', () => {
    const doc = { status: 'submitted', requested_by: CHECKER.id };
    expect(productChangeActionStates(doc, CHECKER)).toEqual([
      {
        event: 'approve',
        to: 'applied',
        allowed: false,
        reason: 'You cannot review your own change (maker-checker)',
        needsReason: false,
      },
      {
        event: 'reject',
        to: 'rejected',
        allowed: false,
        reason: 'You cannot review your own change (maker-checker)',
        needsReason: true,
      },
      {
        event: 'request_changes',
        to: 'changes_requested',
        allowed: false,
        reason: 'You cannot review your own change (maker-checker)',
        needsReason: true,
      },
      { event: 'withdraw', to: 'withdrawn', allowed: true, reason: null, needsReason: false },
    ]);
    expect(productChangeActionStates({ status: 'no_such_status' }, ADMIN)).toEqual([]);
  });

  it('agrees with the machine on every path through the lifecycle (model-based)', () => {
    const actors = [MAKER, CHECKER, STRANGER];
    const model = createTestModel(productChangeMachine, {
      events: [
        ...actors.map((a) => send('change.submit', a)),
        send('change.approve', CHECKER),
        send('change.approve', CHECKER, { baseVersionCurrent: false }),
        send('change.approve', MAKER),
        send('change.reject', CHECKER, { reason: 'No' }),
        send('change.reject', CHECKER),
        send('change.request_changes', CHECKER, { reason: 'Fix' }),
        ...actors.map((a) => send('change.revise', a)),
        ...actors.map((a) => send('change.withdraw', a)),
      ],
    });
    const paths = model.getSimplePaths();
    const reached = new Set<string>();
    for (const path of paths) {
      let status: ProductChangeStatus = 'draft';
      for (const step of path.steps) {
        const decision = decideProductChange(status, step.event);
        const next = step.state.value;
        if (decision.ok) status = decision.to;
        expect(status).toBe(next);
        reached.add(status);
      }
    }
    expect([...reached].sort()).toEqual(
      ['applied', 'changes_requested', 'draft', 'rejected', 'submitted', 'withdrawn'].sort(),
    );
  });

  it("lets a promotion's author (a recipe change role) make its own request, never check it", () => {
    const PROMOTER: ChangeActor = { id: 7, roles: ['recipes'] };
    const promoted = (type: ProductChangeEvent['type'], actor: ChangeActor, promotedFlag = true) =>
      ({
        ...send(type, actor, { reason: 'r' }),
        requestedBy: PROMOTER.id,
        promoted: promotedFlag,
      }) as ProductChangeEvent;
    expect(to('draft', promoted('change.submit', PROMOTER))).toBe('submitted');
    expect(to('changes_requested', promoted('change.revise', PROMOTER))).toBe('draft');
    expect(to('submitted', promoted('change.withdraw', PROMOTER))).toBe('withdrawn');
    expect(to('submitted', promoted('change.approve', PROMOTER))).toBe(
      'Only product approvers may do this',
    );
    expect(to('submitted', promoted('change.approve', CHECKER))).toBe('applied');
    // Not promoted, or someone else's promotion: the recipe role is no maker.
    expect(to('draft', promoted('change.submit', PROMOTER, false))).toBe(
      'Only inventory users may do this',
    );
    const other: ChangeActor = { id: 8, roles: ['head_batcher'] };
    expect(to('draft', promoted('change.submit', other))).toBe('Only inventory users may do this');
  });
});
