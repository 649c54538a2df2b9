import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADJUSTMENT_LINE_ITEMS } from '../../../../../src/domain/entities/inventory/inventory-lines.ts';
import { STOCK_ADJUSTMENTS } from '../../../../../src/domain/entities/stock/stock-adjustments.entity.ts';
import { draftOnly } from '../../../../../src/views/common/entity/draft-only.ts';
import { EntityFormPage } from '../../../../../src/views/common/entity-form/entity-form-page.tsx';
import { FORM_SERVER_START_MS, type FormServer, startFormServer } from './form-server.ts';
import { cleanupForm, renderForm } from './render-form.tsx';
import type { EntityRow } from '../../../../../src/domain/entities/entity-row.ts';

// A document's form against a real server: editable while draft, and once posted shown
// read-only (no Save, no Delete, no line editing) with the reason, as the server would refuse.

let server: FormServer;
beforeAll(async () => {
  server = await startFormServer();
}, FORM_SERVER_START_MS);
afterAll(() => server.close());
afterEach(cleanupForm);

const routes = [
  {
    path: '/inventory/stock-adjustment/:id?',
    element: (
      <EntityFormPage
        entity={STOCK_ADJUSTMENTS}
        lines={ADJUSTMENT_LINE_ITEMS}
        readOnlyReason={(row) => draftOnly(STOCK_ADJUSTMENTS, row)}
      />
    ),
  },
];

/** A draft adjustment of one unit onto a demo balance. */
async function draftAdjustment(): Promise<EntityRow> {
  const page = await server.callAs<{ rows: EntityRow[] }>(
    'inventory',
    'GET',
    '/api/inventory/stock-on-hand?per_page=1',
  );
  const balance = page.rows[0]!;
  return server.callAs<EntityRow>('inventory', 'POST', STOCK_ADJUSTMENTS.api, {
    body: {
      location_id: balance.location_id,
      lines: [{ product_id: balance.product_id, bin_id: balance.bin_id, qty_delta: 1 }],
    },
  });
}

async function openForm(id: number) {
  const request = await server.requestAs('inventory');
  renderForm(request, routes, [`/inventory/stock-adjustment/${id}`]);
  return screen.findByRole('button', { name: /^(Save|Back)$/ });
}

describe('document form', () => {
  it('edits a draft: Save, Delete, Add line and enabled inputs', async () => {
    const draft = await draftAdjustment();
    await openForm(draft.id);
    // A document is named by its number, draft or not.
    expect(
      screen.getByRole('heading', { name: `Stock adjustment ${String(draft.number)}` }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add line/ })).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Lines' });
    expect(within(lines).getByLabelText<HTMLInputElement>('Qty +/− (line 1)').disabled).toBe(false);
  });

  it('puts the cursor in the first picker without opening its list', async () => {
    const draft = await draftAdjustment();
    await openForm(draft.id);
    const location = screen.getByRole('combobox', { name: 'Location' });
    await waitFor(() => expect(document.activeElement).toBe(location));
    expect(location.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows a posted document read-only, with why', async () => {
    const draft = await draftAdjustment();
    await server.callAs('inventory', 'POST', `${STOCK_ADJUSTMENTS.api}/${draft.id}/events/post`, {
      body: { version: draft.version },
    });
    await openForm(draft.id);
    expect(
      screen.getByText('This stock adjustment is posted: only a draft can be edited.'),
    ).toBeTruthy();
    // Nobody edits it any more: the heading names it by its number.
    expect(
      await screen.findByRole('heading', { name: `Stock adjustment ${String(draft.number)}` }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add line/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove line 1' })).toBeNull();
    // It reads as text, not as a disabled form: no inputs, no clear buttons, no stars.
    const lines = screen.getByRole('table', { name: 'Lines' });
    expect(within(lines).getByRole('cell', { name: '1.000' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Stock adjustment form' });
    expect(form.querySelectorAll('input:not([type=hidden]), textarea')).toHaveLength(0);
    expect(form.querySelector('.mantine-InputWrapper-required')).toBeNull();
    expect(within(form).getByText('Location')).toBeTruthy();
  });
});
