import { describe, expect, it } from 'vitest';
import {
  allowedSkidActions,
  SKID_TRANSITIONS,
  skidMachine,
  type SkidDoc,
} from '../../../src/machines/workflows/skid.machine.ts';
import { decide } from '../../../src/machines/workflows/document-workflow.ts';

// A skid's lifecycle as the transfer crew drives it: close a loaded skid, reopen it until it is
// on a transfer, return an empty one that came back; the transfer crew and its supervisor only.

const crew = { id: 2, roles: ['transfer'] };
const bottler = { id: 3, roles: ['bottler'] };
const run = (event: string, user: { id: number; roles: string[] }, doc: SkidDoc) =>
  decide(skidMachine, SKID_TRANSITIONS, event, user, doc);

describe('skid machine', () => {
  it('closes a loaded skid, reopens it off a transfer, returns one that came back', () => {
    expect(run('close', crew, { status: 'open', item_count: 2 })).toEqual({
      kind: 'ok',
      to: 'closed',
    });
    expect(run('reopen', crew, { status: 'closed', transfer_id: null })).toEqual({
      kind: 'ok',
      to: 'open',
    });
    expect(run('return', crew, { status: 'received' })).toEqual({ kind: 'ok', to: 'open' });
    expect(
      run('close', { id: 4, roles: ['supervisor_production'] }, { status: 'open', item_count: 1 }),
    ).toMatchObject({ kind: 'ok' });
  });

  it('refuses an empty skid, a skid on a transfer, other roles and unmapped moves', () => {
    expect(run('close', crew, { status: 'open', item_count: 0 })).toEqual({
      kind: 'refused',
      reason: 'Load the skid before closing it',
    });
    expect(run('reopen', crew, { status: 'closed', transfer_id: 7 })).toMatchObject({
      kind: 'refused',
    });
    expect(run('close', bottler, { status: 'open', item_count: 1 })).toMatchObject({
      kind: 'forbidden',
    });
    expect(run('return', crew, { status: 'in_transfer' })).toMatchObject({ kind: 'unmapped' });
  });

  it('offers the browser the same answers', () => {
    const offered = (user: { id: number; roles: string[] }, doc: SkidDoc) =>
      allowedSkidActions(doc, user).map((a) => [a.event, a.allowed]);
    expect(offered(crew, { status: 'open', item_count: 3 })).toEqual([['close', true]]);
    expect(offered(bottler, { status: 'open', item_count: 3 })).toEqual([['close', false]]);
    expect(offered(crew, { status: 'in_transfer' })).toEqual([]);
  });
});
