import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  allowedSalesOrderActions,
  SALES_ORDER_TRANSITIONS,
  salesOrderMachine,
  type SalesOrderFacts,
} from '../../shared/machines/sales-order.machine.ts';
import { decide, type WorkflowDoc } from '../../../../src/machines/workflows/document-workflow.ts';

// The sales order's lifecycle (docs/domain/sales.md §6): confirm within the credit limit by sale,
// over it only an admin with a reason; allocate while something is left; ship closes the order
// when it ships in full and keeps it open otherwise; close only after shipping something,
// cancel only before. The browser's buttons say the same as the server's decisions.

const seller = { id: 9, roles: ['sale'] };
const admin = { id: 1, roles: ['admin'] };
const director = { id: 5, roles: ['director'] };

type Doc = WorkflowDoc & SalesOrderFacts;
const draft: Doc = { status: 'draft', customer_active: 1, over_credit_limit: 0 };
const confirmed: Doc = {
  status: 'confirmed',
  customer_active: 1,
  shipped_any: 0,
  ships_in_full: 1,
  to_allocate: 0,
  to_ship: 1,
};

const run = (event: string, user: typeof seller, doc: Doc) =>
  decide(salesOrderMachine, SALES_ORDER_TRANSITIONS, event, user, doc);
const offered = (doc: Doc, user = seller) =>
  allowedSalesOrderActions(doc, user).map((a) => `${a.event}${a.allowed ? '' : ' (off)'}`);

describe('sales order machine', () => {
  it('starts in draft', () => {
    expect(createActor(salesOrderMachine).start().getSnapshot().value).toBe('draft');
  });

  it('confirms within the credit limit; over it, only an admin overrides', () => {
    expect(run('confirm', seller, draft)).toEqual({ kind: 'ok', to: 'confirmed' });
    expect(offered(draft)).toEqual(['confirm', 'cancel']);
    const over = { ...draft, over_credit_limit: 1 };
    expect(run('confirm', seller, over)).toMatchObject({ kind: 'refused' });
    expect(offered(over)).toEqual(['confirm (off)', 'override_credit (off)', 'cancel']);
    expect(run('override_credit', seller, over)).toMatchObject({ kind: 'forbidden' });
    expect(run('override_credit', admin, over)).toEqual({ kind: 'ok', to: 'confirmed' });
    expect(run('override_credit', admin, draft)).toMatchObject({ kind: 'refused' });
  });

  it('refuses an inactive customer, and other roles', () => {
    expect(run('confirm', seller, { ...draft, customer_active: 0 })).toMatchObject({
      kind: 'refused',
      reason: 'The customer is inactive',
    });
    expect(run('confirm', director, draft)).toMatchObject({ kind: 'forbidden' });
  });

  it('ships in full to closed, in part staying confirmed, one button at a time', () => {
    expect(run('ship', seller, confirmed)).toEqual({ kind: 'ok', to: 'closed' });
    expect(offered(confirmed)).toEqual(['allocate (off)', 'ship', 'close (off)', 'cancel']);
    const part = { ...confirmed, ships_in_full: 0, to_allocate: 1 };
    expect(run('ship_partial', seller, part)).toEqual({ kind: 'ok', to: 'confirmed' });
    expect(offered(part)).toEqual(['allocate', 'ship_partial', 'close (off)', 'cancel']);
    expect(run('ship', seller, { ...confirmed, to_ship: 0 })).toMatchObject({ kind: 'refused' });
  });

  it('closes only after shipping and cancels only before', () => {
    const shipped = { ...confirmed, shipped_any: 1 };
    expect(run('close', seller, shipped)).toEqual({ kind: 'ok', to: 'closed' });
    expect(run('cancel', seller, shipped)).toMatchObject({ kind: 'refused' });
    expect(run('close', seller, confirmed)).toMatchObject({ kind: 'refused' });
    expect(run('cancel', seller, confirmed)).toEqual({ kind: 'ok', to: 'cancelled' });
    expect(run('confirm', seller, { ...confirmed, status: 'closed' })).toMatchObject({
      kind: 'unmapped',
    });
  });
});
