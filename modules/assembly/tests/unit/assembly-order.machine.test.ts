import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { ROLES } from '../../../../src/domain/roles.ts';
import {
  ASSEMBLY_EVENT_ROLES,
  ASSEMBLY_EVENTS,
  allowedAssemblyOrderActions,
  assemblyOrderMachine,
  decideAssemblyOrder,
  type AssemblyActor,
  type AssemblyEventName,
  type AssemblyFacts,
  type AssemblyOrderEvent,
  type AssemblyPosition,
} from '../../shared/machines/assembly-order.machine.ts';

// The assembly order of docs/domain/assembly.md §4: admin releases, holds, resumes, cancels (before
// any consumption) and closes; each crew moves the order out of its own stage, and the counts it
// sends keep cartoned ≤ stamped ≤ sealed. The server (decideAssemblyOrder), the buttons
// (allowedAssemblyOrderActions) and the machine's own walk (model-based) agree.

const ADMIN: AssemblyActor = { id: 1, roles: ['admin'] };
const as = (role: string): AssemblyActor => ({ id: 2, roles: [role] });

const facts = (extra: Partial<AssemblyFacts> = {}): AssemblyFacts => ({
  stage: null,
  previousStatus: null,
  hasComponents: true,
  hasConsumption: false,
  sealedUnits: 10,
  stampedUnits: 9,
  input: { sealed: 10, stamped: 9, stampingWaste: 1, cartoned: 8, cartoningWaste: 1 },
  ...extra,
});

const event = (
  name: AssemblyEventName,
  actor: AssemblyActor,
  extra: Partial<AssemblyFacts> = {},
  reason: string | null = null,
): AssemblyOrderEvent => ({ type: `assembly.${name}`, actor, facts: facts(extra), reason });

const at = (status: AssemblyPosition['status'], stage: AssemblyPosition['stage'] = null) => ({
  status,
  stage,
});

describe('the assembly order machine', () => {
  it('runs draft → released → each stage → completed (kits in stock) → closed by the roles that own them', () => {
    const steps: [AssemblyPosition, AssemblyEventName, string, AssemblyPosition][] = [
      [at('draft'), 'release', 'admin', at('released')],
      [at('released'), 'start_sealing', 'sealer', at('in_progress', 'sealing')],
      [at('in_progress', 'sealing'), 'finish_sealing', 'sealer', at('in_progress', 'stamping')],
      [at('in_progress', 'stamping'), 'finish_stamping', 'stamper', at('in_progress', 'cartoning')],
      [
        at('in_progress', 'cartoning'),
        'finish_cartoning',
        'cartoner',
        at('completed', 'cartoning'),
      ],
      [at('completed', 'cartoning'), 'close', 'admin', at('closed', 'cartoning')],
    ];
    for (const [from, name, role, to] of steps) {
      const decision = decideAssemblyOrder(from, event(name, as(role), { stage: from.stage }));
      expect(decision, `${name} by ${role}`).toEqual({ ok: true, to });
    }
  });

  it('refuses another crew by its role, which the server answers with 403', () => {
    const stamping = at('in_progress', 'stamping');
    expect(
      decideAssemblyOrder(stamping, event('finish_stamping', as('sealer'), { stage: 'stamping' })),
    ).toMatchObject({ ok: false, check: 'isPermitted' });
    expect(decideAssemblyOrder(at('draft'), event('release', as('sealer')))).toMatchObject({
      check: 'isPermitted',
    });
  });

  it('holds cartoned ≤ stamped ≤ sealed with the counts the crew sends', () => {
    const stamping = at('in_progress', 'stamping');
    const over = { stage: 'stamping' as const, sealedUnits: 10 };
    expect(
      decideAssemblyOrder(
        stamping,
        event('finish_stamping', ADMIN, {
          ...over,
          input: { sealed: 0, stamped: 10, stampingWaste: 1, cartoned: 0, cartoningWaste: 0 },
        }),
      ),
    ).toMatchObject({ ok: false, check: 'isStampingWithinSealed' });
    const cartoning = at('in_progress', 'cartoning');
    expect(
      decideAssemblyOrder(
        cartoning,
        event('finish_cartoning', ADMIN, {
          stage: 'cartoning',
          stampedUnits: 9,
          input: { sealed: 0, stamped: 0, stampingWaste: 0, cartoned: 9, cartoningWaste: 1 },
        }),
      ),
    ).toMatchObject({ ok: false, check: 'isCartoningWithinStamped' });
    expect(
      decideAssemblyOrder(
        at('in_progress', 'sealing'),
        event('finish_sealing', ADMIN, {
          stage: 'sealing',
          input: { sealed: 0, stamped: 0, stampingWaste: 0, cartoned: 0, cartoningWaste: 0 },
        }),
      ),
    ).toMatchObject({ ok: false, check: 'hasSealedUnits' });
  });

  it('cancels only with a reason and before any component was consumed', () => {
    expect(decideAssemblyOrder(at('released'), event('cancel', ADMIN))).toMatchObject({
      check: 'hasReason',
    });
    expect(
      decideAssemblyOrder(
        at('on_hold', 'stamping'),
        event('cancel', ADMIN, { hasConsumption: true }, 'x'),
      ),
    ).toMatchObject({ check: 'hasNoConsumption' });
    expect(decideAssemblyOrder(at('released'), event('cancel', ADMIN, {}, 'x'))).toEqual({
      ok: true,
      to: at('cancelled'),
    });
    // Past sealing there is no cancel at all.
    expect(
      decideAssemblyOrder(at('in_progress', 'cartoning'), event('cancel', ADMIN, {}, 'x')),
    ).toMatchObject({ check: 'unmapped' });
  });

  it('resumes a held order where it was held', () => {
    const held = event('resume', ADMIN, { stage: 'cartoning', previousStatus: 'in_progress' });
    expect(decideAssemblyOrder(at('on_hold', 'cartoning'), held)).toEqual({
      ok: true,
      to: at('in_progress', 'cartoning'),
    });
    const before = event('resume', ADMIN, { previousStatus: 'released' });
    expect(decideAssemblyOrder(at('on_hold'), before)).toEqual({ ok: true, to: at('released') });
  });

  it('offers each crew only its own step, and the event routes let exactly those roles in', () => {
    const sealing = at('in_progress', 'sealing');
    const offered = (role: string) =>
      allowedAssemblyOrderActions(sealing, as(role), facts({ stage: 'sealing' }))
        .filter((a) => a.allowed)
        .map((a) => a.event);
    expect(offered('sealer')).toEqual(['finish_sealing']);
    expect(offered('stamper')).toEqual([]);
    for (const name of ASSEMBLY_EVENTS) {
      for (const role of ROLES.filter((r) => r !== 'admin')) {
        expect(ASSEMBLY_EVENT_ROLES[name]?.includes(role) ?? false, `${role} ${name}`).toBe(
          [
            at('draft'),
            at('released'),
            at('in_progress', 'sealing'),
            at('in_progress', 'stamping'),
            at('in_progress', 'cartoning'),
            at('on_hold', 'sealing'),
            at('completed', 'cartoning'),
          ].some(
            (from) =>
              decideAssemblyOrder(from, event(name, as(role), { stage: from.stage }, 'r')).ok,
          ),
        );
      }
    }
  });

  it('walks to every state the server decides the same way (model-based)', () => {
    // Resume goes back where the order was held; the walk's resumes go back to released.
    const model = createTestModel(assemblyOrderMachine, {
      events: ASSEMBLY_EVENTS.map((name) =>
        event(name, ADMIN, { previousStatus: 'released' }, 'r'),
      ),
    });
    const reached = new Set<string>(['draft']);
    for (const path of model.getShortestPaths()) {
      let position: AssemblyPosition = at('draft');
      for (const step of path.steps.filter((s) => s.event.type.startsWith('assembly.'))) {
        const sent = step.event;
        const decision = decideAssemblyOrder(position, {
          ...sent,
          facts: { ...sent.facts, stage: position.stage },
        });
        expect(decision.ok, `${JSON.stringify(position)} ${sent.type}`).toBe(true);
        if (decision.ok) position = decision.to;
        const value = step.state.value;
        const shown =
          typeof value === 'string' ? value : `in_progress.${String(Object.values(value)[0])}`;
        const expected =
          position.status === 'in_progress'
            ? `in_progress.${String(position.stage)}`
            : position.status;
        expect(shown).toBe(expected);
        reached.add(position.status);
      }
    }
    expect([...reached].sort()).toEqual(
      ['cancelled', 'closed', 'completed', 'draft', 'in_progress', 'on_hold', 'released'].sort(),
    );
  });
});
