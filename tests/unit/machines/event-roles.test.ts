import { describe, expect, it } from 'vitest';
import { PRODUCT_CHANGE_STATUSES } from '../../../src/domain/entities/inventory/inventory-values.ts';
import { ROLES } from '../../../src/domain/roles.ts';
import {
  decideProductChange,
  PRODUCT_CHANGE_EVENT_ROLES,
  PRODUCT_CHANGE_EVENTS,
  type ProductChangeEvent,
  type ProductChangeEventName,
} from '../../../src/machines/workflows/product-change.machine.ts';
import {
  eventRolesOf,
  type TransitionTable,
} from '../../../src/machines/workflows/document-workflow.ts';

// The roles an event route lets through before it reads the row (server/http/route-callers.ts):
// everyone the machine allows in some status, and nobody it refuses in every status.

describe('the roles of each workflow event', () => {
  it('gathers every status of a transition table, an event nobody sends included', () => {
    const table: TransitionTable = {
      draft: { post: { to: 'posted', roles: ['inventory'] }, cancel: { to: 'x', roles: ['a'] } },
      posted: { cancel: { to: 'x', roles: ['b', 'a'] }, settle: { to: 'done', roles: [] } },
    };
    expect(eventRolesOf(table)).toEqual({ post: ['inventory'], cancel: ['a', 'b'], settle: [] });
  });

  it('names for product changes exactly the roles the machine lets send each event', () => {
    const requester = 7;
    const decides = (
      name: ProductChangeEventName,
      role: string,
      requestedBy: number,
      promoted: boolean,
    ) =>
      PRODUCT_CHANGE_STATUSES.some((status) => {
        const event = {
          type: PRODUCT_CHANGE_EVENTS[name],
          actor: { id: requester, roles: [role] },
          requestedBy,
          promoted,
          proposalValid: true,
          baseVersionCurrent: true,
          reason: 'given',
        } as ProductChangeEvent;
        return decideProductChange(status, event).ok;
      });
    for (const [name, roles] of Object.entries(PRODUCT_CHANGE_EVENT_ROLES)) {
      const event = name as ProductChangeEventName;
      for (const role of ROLES.filter((r) => r !== 'admin')) {
        // As the requester and as someone else, of a manual request and of an R&D promotion's
        // (whose author makes it whatever their role): whichever the event needs.
        const allowed = [false, true].some(
          (promoted) =>
            decides(event, role, requester, promoted) ||
            decides(event, role, requester + 1, promoted),
        );
        // Withdrawing is the requester's, whatever side: only the two sides open requests.
        if (event === 'withdraw') expect(allowed, `${role} ${event}`).toBe(true);
        else expect(allowed, `${role} ${event}`).toBe(roles.includes(role));
      }
    }
  });
});
