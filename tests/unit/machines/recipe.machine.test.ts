import { describe, expect, it } from 'vitest';
import {
  allowedRecipeActions,
  RECIPE_TRANSITIONS,
  recipeMachine,
} from '../../../src/machines/workflows/recipe.machine.ts';
import { decide } from '../../../src/machines/workflows/document-workflow.ts';
import {
  formulaError,
  scaleRecipe,
} from '../../../src/domain/entities/production/recipe-formula.ts';

// A recipe's lifecycle (docs/domain/production.md §3.1) as the server decides it and the browser
// shows it, and the formula rules both sides share.

const maker = { id: 10, roles: ['recipes'] };
const batchSupervisor = { id: 11, roles: ['supervisor_batcher'] };
const approver = { id: 12, roles: ['recipe_approval'] };
const batcher = { id: 13, roles: ['batcher'] };
const admin = { id: 1, roles: ['admin'] };

const run = (
  event: string,
  user: typeof maker,
  status: string,
  submittedBy: number | null = null,
) => decide(recipeMachine, RECIPE_TRANSITIONS, event, user, { status, submitted_by: submittedBy });

describe('recipe machine', () => {
  it('submits a draft by recipes or supervisor_batcher only', () => {
    expect(run('submit', maker, 'draft')).toEqual({ kind: 'ok', to: 'pending_approval' });
    expect(run('submit', batchSupervisor, 'draft')).toEqual({ kind: 'ok', to: 'pending_approval' });
    expect(run('submit', batcher, 'draft').kind).toBe('forbidden');
    expect(run('submit', approver, 'draft').kind).toBe('forbidden');
  });

  it('approves or rejects by recipe_approval, never by the submitter', () => {
    expect(run('approve', approver, 'pending_approval', maker.id)).toEqual({
      kind: 'ok',
      to: 'approved',
    });
    expect(run('reject', approver, 'pending_approval', maker.id)).toEqual({
      kind: 'ok',
      to: 'draft',
    });
    expect(run('approve', maker, 'pending_approval', maker.id).kind).toBe('forbidden');
    expect(run('approve', admin, 'pending_approval', admin.id).kind).toBe('refused');
  });

  it('archives an approved recipe by recipes, and maps nothing else', () => {
    expect(run('archive', maker, 'approved')).toEqual({ kind: 'ok', to: 'archived' });
    expect(run('archive', approver, 'approved').kind).toBe('forbidden');
    expect(run('submit', maker, 'approved').kind).toBe('unmapped');
    expect(run('approve', approver, 'draft').kind).toBe('unmapped');
    expect(run('archive', admin, 'archived').kind).toBe('unmapped');
  });

  it('gives the browser the same answers, reject asking for a reason', () => {
    const actions = allowedRecipeActions(
      { status: 'pending_approval', submitted_by: approver.id },
      approver,
    );
    expect(actions).toEqual([
      expect.objectContaining({ event: 'approve', allowed: false, needsReason: false }),
      expect.objectContaining({ event: 'reject', allowed: false, needsReason: true }),
    ]);
    expect(
      allowedRecipeActions({ status: 'pending_approval', submitted_by: maker.id }, approver).every(
        (a) => a.allowed,
      ),
    ).toBe(true);
  });
});

describe('recipe formula', () => {
  const line = (product_id: number, percentage: number, is_fill = false) => ({
    product_id,
    percentage,
    is_fill,
  });

  it('names more100% when the non-fill ingredients pass 100', () => {
    expect(formulaError([line(1, 60), line(2, 40.5), line(3, 0, true)])).toBe('more100%');
    expect(formulaError([line(1, 60), line(2, 40), line(3, 0, true)])).toBeNull();
  });

  it('allows one fill at most, and without one needs exactly 100', () => {
    expect(formulaError([line(1, 10), line(2, 0, true), line(3, 0, true)])).toMatch(/one/);
    expect(formulaError([line(1, 33.3333), line(2, 33.3333), line(3, 33.3334)])).toBeNull();
    expect(formulaError([line(1, 50), line(2, 49)])).toMatch(/add up to 100 .*99/);
  });

  it('scales pct × ml / 100, the fill taking the rest', () => {
    const scaled = scaleRecipe([line(1, 3), line(2, 12.5), line(3, 0, true)], 750);
    expect(scaled.map((l) => [l.effective_pct, l.qty])).toEqual([
      [3, 22.5],
      [12.5, 93.75],
      [84.5, 633.75],
    ]);
  });

  it('waits for a promoted bulk liquid still pending approval before approving', () => {
    const doc = (productStatus: string) => ({
      status: 'pending_approval',
      submitted_by: maker.id,
      product_status: productStatus,
      product_sku: 'BL-SM-00001',
    });
    const refused = decide(
      recipeMachine,
      RECIPE_TRANSITIONS,
      'approve',
      approver,
      doc('pending_approval'),
    );
    expect(refused).toMatchObject({ kind: 'refused' });
    expect(JSON.stringify(refused)).toContain('BL-SM-00001 is not active yet');
    expect(decide(recipeMachine, RECIPE_TRANSITIONS, 'approve', approver, doc('active'))).toEqual({
      kind: 'ok',
      to: 'approved',
    });
  });
});
