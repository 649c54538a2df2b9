import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { modals } from '@mantine/modals';
import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCT_CHANGES } from '../../../../../src/domain/entities/inventory/product-changes.entity.ts';
import { PRODUCTION_ORDERS } from '../../../../../src/domain/entities/production/production-orders.entity.ts';
import { STOCK_ADJUSTMENTS } from '../../../../../src/domain/entities/stock/stock-adjustments.entity.ts';
import { allowedStockAdjustmentActions } from '../../../../../src/machines/workflows/stock-adjustment.machine.ts';
import { orderActions } from '../../../../../src/views/modules/production/order-actions.ts';
import { productChangeActionStates } from '../../../../../src/machines/workflows/product-change.machine.ts';
import { buttonsOf, renderDocumentActions } from './render-document-actions.tsx';

// Workflow buttons by consequence, as a person sees them on a document's bar:
// the forward step first and filled, destructive steps last in red, and an event the status
// has no transition for not offered at all.

afterEach(() => {
  act(() => modals.closeAll());
  cleanup();
});

const ORDER = {
  id: 41,
  number: 'MO-00041',
  version: 3,
  stage: null,
  flow_phases: 'batching,hplc,bottling',
  submitted_by: 1,
};
const PLANNER = { id: 1, roles: ['planning'] };
const MANAGER = { id: 2, roles: ['manager'] };

const isRed = (button: HTMLElement) => (button.getAttribute('style') ?? '').includes('red');

describe('document actions by consequence', () => {
  it('offers a pending order Approve first, then Reject and Cancel order in red', async () => {
    const { bar } = await renderDocumentActions(
      PRODUCTION_ORDERS,
      { ...ORDER, status: 'pending_approval' },
      orderActions,
      MANAGER,
    );
    expect(buttonsOf(bar)).toEqual([
      'Approve:primary:filled',
      'Reject:danger:light',
      'Cancel order:danger:light',
    ]);
    const [approve, reject, cancel] = within(bar).getAllByRole('button');
    expect(isRed(approve!)).toBe(false);
    expect(isRed(reject!)).toBe(true);
    expect(isRed(cancel!)).toBe(true);
  });

  it('shows a released order no Approve or Reject, even to the one who submitted it', async () => {
    const { bar } = await renderDocumentActions(
      PRODUCTION_ORDERS,
      { ...ORDER, status: 'released' },
      orderActions,
      PLANNER,
    );
    // Hold is possible here but not for planning: shown off, saying why; Cancel last.
    expect(buttonsOf(bar)).toEqual(['Hold:neutral:default', 'Cancel order:danger:light']);
    expect(within(bar).getByRole('button', { name: 'Hold' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(within(bar).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('shows the submitter Approve refused with the reason, not hidden, while pending', async () => {
    const user = userEvent.setup();
    const { bar } = await renderDocumentActions(
      PRODUCTION_ORDERS,
      { ...ORDER, status: 'pending_approval' },
      orderActions,
      PLANNER,
    );
    const approve = within(bar).getByRole('button', { name: 'Approve' });
    expect(approve.getAttribute('aria-disabled')).toBe('true');
    await user.hover(approve);
    expect(
      await screen.findByText('You submitted this order: another person must approve it'),
    ).toBeTruthy();
  });

  it('offers a stock adjustment draft Post filled and Cancel adjustment last in red', async () => {
    const { bar } = await renderDocumentActions(
      STOCK_ADJUSTMENTS,
      { id: 7, number: 'SA-00007', version: 1, status: 'draft' },
      allowedStockAdjustmentActions,
      { id: 5, roles: ['inventory'] },
    );
    expect(buttonsOf(bar)).toEqual(['Post:primary:filled', 'Cancel adjustment:danger:light']);
    expect(isRed(within(bar).getByRole('button', { name: 'Cancel adjustment' }))).toBe(true);
  });

  it('puts the page own buttons after the forward step and before the red ones', async () => {
    const { bar } = await renderDocumentActions(
      STOCK_ADJUSTMENTS,
      { id: 9, number: 'SA-00009', version: 1, status: 'draft' },
      allowedStockAdjustmentActions,
      { id: 5, roles: ['inventory'] },
      () => <button type="button">Print</button>,
    );
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Post', 'Print', 'Cancel adjustment']);
  });

  it('hides every step of a posted stock adjustment: nothing follows posted', async () => {
    const { bar } = await renderDocumentActions(
      STOCK_ADJUSTMENTS,
      { id: 8, number: 'SA-00008', version: 2, status: 'posted' },
      allowedStockAdjustmentActions,
      { id: 5, roles: ['inventory'] },
    );
    expect(buttonsOf(bar)).toEqual([]);
  });

  it('asks before a destructive step that takes no reason, and sends nothing if told no', async () => {
    const user = userEvent.setup();
    const { bar, request } = await renderDocumentActions(
      PRODUCT_CHANGES,
      { id: 3, change_set_number: 'PC-00003', version: 1, status: 'submitted', requested_by: 5 },
      productChangeActionStates,
      { id: 5, roles: ['inventory'] },
    );
    await user.click(within(bar).getByRole('button', { name: 'Withdraw' }));
    const ask = await screen.findByRole('dialog');
    expect(within(ask).getByText('This cannot be undone.')).toBeTruthy();
    expect(isRed(within(ask).getByRole('button', { name: 'Withdraw' }))).toBe(true);
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(request).not.toHaveBeenCalled();
    await user.click(within(bar).getByRole('button', { name: 'Withdraw' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }),
    );
    const sent = request.mock.calls.map(([options]) => (options as { url: string }).url);
    expect(sent).toEqual(['inventory/product_changes/3/events/withdraw']);
  });
});
