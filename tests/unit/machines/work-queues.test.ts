// @vitest-environment node
// (It reads every slice's server module for its queues; those load the server's workers, which
// a browser-like environment cannot boot.)
import { describe, expect, it } from 'vitest';
import { canJoinChannel } from '../../../src/domain/channel-access.ts';
import { MODULES } from '../../../src/domain/modules.ts';
import { canVisit } from '../../../src/domain/route-visibility.ts';
import {
  decisionsAmong,
  liveFor,
  queueWaitsFor,
} from '../../../src/machines/workflows/work-queues.ts';
import {
  allWorkQueues,
  loadModuleWork,
} from '../../../server/http/routes/my-work/my-work.queries.ts';

// The queues of "My work" against the access table: each waits for someone, whose page they
// may open and whose channel they may hear, so no queue is counted for a person who could not
// act on it or would never see it change. The decisions among them are the approval inbox:
// each is reachable there by everyone it waits for, and names events of its own workflow.

// Every queue the server lists: the layered modules' and the slices' (their server modules).
await loadModuleWork();
const WORK_QUEUES = allWorkQueues();
const DECISION_QUEUES = decisionsAmong(WORK_QUEUES);

/** Decisions only an admin takes (a PO over the threshold, a credit override): no roles. */
const ADMIN_ONLY = WORK_QUEUES.filter((queue) => queue.roles.length === 0);

describe('WORK_QUEUES', () => {
  it('have distinct keys', () => {
    const keys = WORK_QUEUES.map((q) => q.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(WORK_QUEUES.map((q) => [q.key, q] as const))(
    '%s waits for roles who open its page, its rows and hear its channel',
    (_key, queue) => {
      const roles = queue.roles.length > 0 ? queue.roles : ['admin'];
      for (const role of roles) {
        const person = { id: 1, roles: [role], modules: [...MODULES] };
        expect(queueWaitsFor(queue, person.roles)).toBe(true);
        if (!canVisit(queue.page, person)) continue;
        expect(canVisit(queue.open(7).split('?')[0] ?? '', person), `${role} opens a row`).toBe(
          true,
        );
        const { channel } = liveFor(queue.live, person.id);
        expect(canJoinChannel(person, channel), `${role} hears it`).toBe(true);
      }
    },
  );

  it('are every one open to someone besides admin, but the decisions only admin takes', () => {
    const reachable = WORK_QUEUES.filter((queue) =>
      queue.roles.some((role) => canVisit(queue.page, { roles: [role], modules: [...MODULES] })),
    );
    expect([...reachable, ...ADMIN_ONLY].map((q) => q.key).sort()).toEqual(
      WORK_QUEUES.map((q) => q.key).sort(),
    );
    expect(ADMIN_ONLY.map((q) => [q.key, q.admin, q.decision !== undefined])).toEqual(
      ADMIN_ONLY.map((q) => [q.key, true, true]),
    );
  });

  it.each(DECISION_QUEUES.map((q) => [q.key, q] as const))(
    '%s is in the approval inbox of everyone it waits for, deciding by its own events',
    (_key, queue) => {
      expect(queue.group).toBe('approvals');
      for (const role of queue.roles) {
        const person = { roles: [role], modules: [...MODULES] };
        expect(canVisit('/approvals', person), `${role} opens the inbox`).toBe(true);
      }
      expect(queue.decision.events.length).toBeGreaterThan(0);
      expect(queue.decision.entity.channel).toBe(queue.live.channel);
    },
  );

  it('show an admin the decisions only', () => {
    const forAdmin = WORK_QUEUES.filter((q) => queueWaitsFor(q, ['admin']));
    expect(new Set(forAdmin.map((q) => q.group))).toEqual(new Set(['approvals']));
  });
});
