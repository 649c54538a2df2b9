import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  allowedContainerActions,
  decideContainer,
  receivingContainerMachine,
} from '../../shared/machines/receiving-container.machine.ts';

// A lab receiving container after its lot is in use (docs/domain/lab-receiving.md §10): the
// supervisor marks it empty (unless it is the last open one of a lot with stock) and
// disposes of it once empty.

const supervisor = { id: 30, roles: ['supervisor'] };
const warehouse = { id: 31, roles: ['warehouse'] };
const admin = { id: 1, roles: ['admin'] };
const blocker = 'Lot L-1 still has 250 ml on hand and this is its last open container';

describe('receiving container machine', () => {
  it('lets the supervisor (and admin) mark an in-use container empty, no one else', () => {
    const inUse = { status: 'in_use', empty_blocker: null };
    expect(decideContainer('mark_empty', supervisor, inUse)).toEqual({ kind: 'ok', to: 'empty' });
    expect(decideContainer('mark_empty', admin, inUse)).toEqual({ kind: 'ok', to: 'empty' });
    expect(decideContainer('mark_empty', warehouse, inUse).kind).toBe('forbidden');
  });

  it('refuses to empty the last open container of a lot with stock, saying why', () => {
    const last = { status: 'in_use', empty_blocker: blocker };
    expect(decideContainer('mark_empty', supervisor, last)).toEqual({
      kind: 'refused',
      reason: blocker,
    });
    const [action] = allowedContainerActions(last, supervisor);
    expect(action).toMatchObject({ event: 'mark_empty', allowed: false, reason: blocker });
  });

  it('disposes of an empty container after confirmation', () => {
    expect(decideContainer('dispose', supervisor, { status: 'empty' })).toEqual({
      kind: 'ok',
      to: 'disposed',
    });
    expect(allowedContainerActions({ status: 'empty' }, supervisor)).toMatchObject([
      { event: 'dispose', allowed: true, confirm: true },
    ]);
    expect(decideContainer('dispose', warehouse, { status: 'empty' }).kind).toBe('forbidden');
  });

  it('maps nothing else: the receiving and the first pick move a container before in_use', () => {
    for (const status of ['received', 'quarantine', 'released', 'disposed']) {
      expect(decideContainer('mark_empty', admin, { status }).kind).toBe('unmapped');
      expect(decideContainer('dispose', admin, { status }).kind).toBe('unmapped');
      expect(allowedContainerActions({ status }, admin)).toEqual([]);
    }
    expect(decideContainer('dispose', admin, { status: 'in_use' }).kind).toBe('unmapped');
    expect(decideContainer('first_pick', admin, { status: 'released' }).kind).toBe('unmapped');
  });

  it('runs as an XState machine from in_use to disposed', () => {
    const actor = createActor(receivingContainerMachine).start();
    actor.send({
      type: 'mark_empty',
      user: supervisor,
      doc: { status: 'in_use', empty_blocker: blocker },
    });
    expect(actor.getSnapshot().value).toBe('in_use');
    actor.send({ type: 'mark_empty', user: supervisor, doc: { status: 'in_use' } });
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'dispose', user: supervisor, doc: { status: 'empty' } });
    expect(actor.getSnapshot().value).toBe('disposed');
    actor.stop();
  });
});
