import { describe, expect, it } from 'vitest';
import {
  allowedStampReelActions,
  decideStampReel,
  reelIsLimited,
  stampReelMachine,
} from '../../../src/machines/workflows/stamp-reel.machine.ts';
import { createActor } from 'xstate';

// A stamp reel's lifecycle (docs/domain/production.md §3.2) as the server decides it and the reel
// screens show it: receipt decided by someone other than the receiver, lost
// and adjust with a reason.

const receiver = { id: 20, roles: ['stamp_inventory'] };
const colleague = { id: 21, roles: ['stamp_inventory'] };
const manager = { id: 22, roles: ['manager'] };
const viewer = { id: 23, roles: ['supervisor_production'] };
const stamper = { id: 24, roles: ['stamper'] };
const admin = { id: 1, roles: ['admin'] };

const received = { status: 'received', created_by: receiver.id };

describe('stamp reel machine', () => {
  it('approves or rejects a receipt by manager or stamp_inventory', () => {
    expect(decideStampReel('approve_receipt', manager, received)).toEqual({
      kind: 'ok',
      to: 'available',
    });
    expect(decideStampReel('approve_receipt', colleague, received)).toEqual({
      kind: 'ok',
      to: 'available',
    });
    expect(decideStampReel('reject_receipt', manager, received)).toEqual({
      kind: 'ok',
      to: 'rejected',
    });
    expect(decideStampReel('approve_receipt', viewer, received).kind).toBe('forbidden');
    expect(decideStampReel('approve_receipt', stamper, received).kind).toBe('forbidden');
  });

  it('never lets the receiver decide the receipt, admin included', () => {
    const own = decideStampReel('approve_receipt', receiver, received);
    expect(own).toEqual({
      kind: 'refused',
      reason: 'You received this reel: another person must approve or reject it',
    });
    expect(decideStampReel('reject_receipt', receiver, received).kind).toBe('refused');
    const byAdmin = { status: 'received', created_by: admin.id };
    expect(decideStampReel('approve_receipt', admin, byAdmin).kind).toBe('refused');
    expect(decideStampReel('approve_receipt', admin, received).kind).toBe('ok');
  });

  it('declares an available reel lost by stamp_inventory or manager, adjusts by stamp_inventory', () => {
    const available = { status: 'available', created_by: receiver.id };
    expect(decideStampReel('mark_lost', receiver, available)).toEqual({ kind: 'ok', to: 'lost' });
    expect(decideStampReel('mark_lost', manager, available)).toEqual({ kind: 'ok', to: 'lost' });
    expect(decideStampReel('mark_lost', viewer, available).kind).toBe('forbidden');
    expect(decideStampReel('adjust', receiver, available)).toEqual({ kind: 'ok', to: 'available' });
    expect(decideStampReel('adjust', manager, available).kind).toBe('forbidden');
  });

  it('maps nothing else', () => {
    expect(decideStampReel('mark_lost', manager, received).kind).toBe('unmapped');
    expect(decideStampReel('approve_receipt', manager, { status: 'available' }).kind).toBe(
      'unmapped',
    );
    for (const status of ['rejected', 'lost', 'depleted', 'issued', 'in_use', 'requested']) {
      expect(decideStampReel('adjust', admin, { status }).kind).toBe('unmapped');
      expect(allowedStampReelActions({ status }, admin)).toEqual([]);
    }
  });

  it('lists the actions with why a refused one is refused', () => {
    const actions = allowedStampReelActions(received, receiver);
    expect(actions.map((a) => [a.event, a.allowed, a.needsReason])).toEqual([
      ['approve_receipt', false, false],
      ['reject_receipt', false, true],
    ]);
    expect(actions[0]?.reason).toMatch(/another person/);
    expect(allowedStampReelActions(received, manager).every((a) => a.allowed)).toBe(true);
  });

  it('runs as an XState machine from received', () => {
    const actor = createActor(stampReelMachine).start();
    actor.send({ type: 'approve_receipt', user: receiver, doc: received });
    expect(actor.getSnapshot().value).toBe('received');
    actor.send({ type: 'approve_receipt', user: manager, doc: received });
    expect(actor.getSnapshot().value).toBe('available');
    actor.send({ type: 'mark_lost', user: manager, doc: { status: 'available' } });
    expect(actor.getSnapshot().value).toBe('lost');
    actor.stop();
  });

  it('limits edits to location and note once the receipt is decided', () => {
    expect(reelIsLimited('received')).toBe(false);
    expect(reelIsLimited('available')).toBe(true);
    expect(reelIsLimited('rejected')).toBe(true);
  });
});
