import { describe, expect, it } from 'vitest';
import { allowedReelRequestActions } from '../../../src/machines/workflows/reel-request-actions.ts';

// A reel request's buttons in the approval inbox: the lifecycle's events from its status, the
// drafter refused its own (maker-checker), and nothing for a role outside the deciders.

const pending = { status: 'pending', created_by: 7 };
const summary = (actions: ReturnType<typeof allowedReelRequestActions>) =>
  actions.map((a) => [a.event, a.allowed, a.needsReason]);

describe('allowedReelRequestActions', () => {
  it('offers a manager approve and reject (with a reason) on a pending request', () => {
    expect(summary(allowedReelRequestActions(pending, { id: 1, roles: ['manager'] }))).toEqual([
      ['approve', true, false],
      ['reject', true, true],
    ]);
  });

  it('refuses the person who drafted it, saying why', () => {
    const actions = allowedReelRequestActions(pending, { id: 7, roles: ['stamp_inventory'] });
    expect(actions.every((a) => !a.allowed)).toBe(true);
    expect(actions[0]?.reason).toMatch(/another person must decide/);
  });

  it('offers only receiving on an approved one, to the drafter too', () => {
    const approved = { status: 'approved', created_by: 7 };
    expect(
      summary(allowedReelRequestActions(approved, { id: 7, roles: ['stamp_inventory'] })),
    ).toEqual([['receive', true, false]]);
  });

  it('forbids a role that does not decide reel requests', () => {
    const actions = allowedReelRequestActions(pending, { id: 1, roles: ['stamper'] });
    expect(actions.map((a) => [a.allowed, a.forbidden])).toEqual([
      [false, true],
      [false, true],
    ]);
    expect(allowedReelRequestActions(pending, { id: 1, roles: ['admin'] })[0]?.allowed).toBe(true);
  });
});
