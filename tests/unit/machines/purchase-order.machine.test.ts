import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  allowedPurchaseOrderActions,
  PURCHASE_ORDER_TRANSITIONS,
  purchaseOrderMachine,
} from '../../../src/machines/workflows/purchase-order.machine.ts';
import { decide, type WorkflowDoc } from '../../../src/machines/workflows/document-workflow.ts';

// The purchase order's lifecycle (docs/domain/purchase.md §5): the approval path by threshold,
// admin-only approval with maker-checker, hold/resume to where it was, revise and cancel only while
// nothing is received, close from a received order; the browser's buttons say the same.

const buyer = { id: 7, roles: ['purchase'] };
const admin = { id: 1, roles: ['admin'] };
const seller = { id: 9, roles: ['sale'] };

const run = (event: string, user: typeof buyer, doc: WorkflowDoc) =>
  decide(purchaseOrderMachine, PURCHASE_ORDER_TRANSITIONS, event, user, doc);
const offered = (doc: WorkflowDoc, user = buyer) =>
  allowedPurchaseOrderActions(doc, user).map((a) => `${a.event}${a.allowed ? '' : ' (off)'}`);

describe('purchase order machine', () => {
  it('starts in draft and lets admin take every mapped transition when nothing blocks it', () => {
    expect(createActor(purchaseOrderMachine).start().getSnapshot().value).toBe('draft');
    for (const [from, events] of Object.entries(PURCHASE_ORDER_TRANSITIONS)) {
      for (const [event, rule] of Object.entries(events)) {
        const doc: WorkflowDoc = {
          status: from,
          needs_approval: event === 'submit_for_approval',
          received_any: false,
          held_from: rule.to === 'approved' || rule.to === 'sent' ? rule.to : null,
        };
        expect(run(event, { id: 99, roles: ['admin'] }, doc)).toEqual({ kind: 'ok', to: rule.to });
      }
    }
  });

  it('offers submit under the threshold and submit for approval at or over it', () => {
    expect(offered({ status: 'draft', needs_approval: 0 })).toEqual(['submit', 'cancel']);
    expect(offered({ status: 'draft', needs_approval: 1 })).toEqual([
      'submit_for_approval',
      'cancel',
    ]);
    expect(run('submit', buyer, { status: 'draft', needs_approval: false })).toEqual({
      kind: 'ok',
      to: 'approved',
    });
    expect(run('submit', buyer, { status: 'draft', needs_approval: true }).kind).toBe('refused');
  });

  it('lets only admin approve, never the submitter', () => {
    const pending = { status: 'pending_approval', submitted_by: buyer.id };
    expect(run('approve', buyer, pending).kind).toBe('forbidden');
    expect(run('approve', seller, pending).kind).toBe('forbidden');
    expect(run('approve', admin, pending)).toEqual({ kind: 'ok', to: 'approved' });
    expect(run('approve', admin, { ...pending, submitted_by: admin.id })).toMatchObject({
      kind: 'refused',
      reason: 'You submitted this document: another person must approve it',
    });
    expect(offered(pending)).toEqual(['approve (off)', 'reject (off)', 'cancel']);
  });

  it('resumes a held order to the status it was held from', () => {
    expect(offered({ status: 'on_hold', held_from: 'sent' })).toEqual(['resume_as_sent', 'cancel']);
    expect(offered({ status: 'on_hold', held_from: 'approved' })).toEqual(['resume', 'cancel']);
    expect(run('resume', buyer, { status: 'on_hold', held_from: 'sent' }).kind).toBe('refused');
  });

  it('revises and cancels only while nothing is received', () => {
    const received = { status: 'sent', received_any: true };
    expect(run('revise', buyer, received).kind).toBe('refused');
    expect(run('cancel', buyer, received).kind).toBe('refused');
    expect(run('revise', buyer, { ...received, received_any: false })).toEqual({
      kind: 'ok',
      to: 'draft',
    });
    expect(allowedPurchaseOrderActions(received, buyer)).toContainEqual(
      expect.objectContaining({ event: 'hold', allowed: true, needsReason: true }),
    );
  });

  it('closes only a received or partly received order, and maps nothing else', () => {
    expect(run('close', buyer, { status: 'partially_received' })).toEqual({
      kind: 'ok',
      to: 'closed',
    });
    expect(run('close', buyer, { status: 'sent' }).kind).toBe('unmapped');
    expect(run('send', buyer, { status: 'closed' }).kind).toBe('unmapped');
    expect(run('send', seller, { status: 'approved' }).kind).toBe('forbidden');
  });
});
