import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequest } from '../../../../../src/api/request.ts';
import type { EntityDeclaration } from '../../../../../src/domain/entity/entity-declaration.ts';
import type { LineItems } from '../../../../../src/domain/entity/line-fields.ts';
import { EntityForm } from '../../../../../src/views/common/entity-form/entity-form.tsx';
import { cleanupForm, errorUnder, renderForm } from './render-form.tsx';

// A document with lines (the shape receivings, transfers, counts and tax setups will take).
// No such document is on the server yet, so this one test fakes the transport, and only the
// transport: a fetch answering as the entity routes do. The form, editor and request are real.

const TRANSFERS: EntityDeclaration = {
  name: 'demo_transfers',
  label: 'Transfer',
  pluralLabel: 'Transfers',
  api: '/api/inventory/demo-transfers',
  area: 'inventory',
  channel: 'private-inventory.demo_transfers',
  event: 'demo_transfer',
  labelField: 'number',
  fields: [
    { name: 'number', label: 'Number', kind: 'text', readOnly: true },
    { name: 'ship_date', label: 'Ship date', kind: 'date', required: true },
  ],
};

const LINES: LineItems = {
  name: 'lines',
  label: 'Lines',
  fields: [
    { name: 'sku', label: 'SKU', kind: 'text', required: true, maxLength: 20 },
    { name: 'qty', label: 'Qty', kind: 'number', precision: 3, required: true },
    { name: 'note', label: 'Note', kind: 'text' },
  ],
};

type Sent = { method: string; url: string; body: Record<string, unknown> | null };

/** The server's side of the wire for one transfer, id 7; `answers` scripts the PUTs. */
function fakeTransport(answers: { status: number; envelope: unknown }[] = []) {
  const sent: Sent[] = [];
  const row = {
    id: 7,
    version: 3,
    seq: 10,
    number: 'TR-00007',
    ship_date: '2026-11-20',
    lines: [
      { id: 1, sku: 'SKU-1', qty: '2.000', note: null },
      { id: 2, sku: 'SKU-2', qty: '5.500', note: 'fragile' },
    ],
  };
  const json = (status: number, envelope: unknown) =>
    Promise.resolve(new Response(JSON.stringify(envelope), { status }));
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body =
      typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    sent.push({ method, url, body });
    if (method === 'GET') return json(200, { status: true, message: 'ok', data: row });
    const next = answers.shift();
    if (next) return json(next.status, next.envelope);
    return json(200, { status: true, message: 'ok', data: { ...row, ...body, version: 4 } });
  };
  const request = createRequest({ fetch, getToken: () => null, baseUrl: '/api', timeoutMs: 5_000 });
  return { request, sent };
}

async function openTransfer(transport = fakeTransport()) {
  renderForm(transport.request, <EntityForm entity={TRANSFERS} id={7} lines={LINES} columns={2} />);
  await screen.findByRole('table', { name: 'Lines' });
  return transport;
}

const cell = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

afterEach(cleanupForm);

describe('line items editor', () => {
  it('shows the lines read, one row each', async () => {
    await openTransfer();
    expect(cell('SKU (line 1)').value).toBe('SKU-1');
    expect(cell('Qty (line 2)').value).toBe('5.5');
    expect(cell('Note (line 2)').value).toBe('fragile');
  });

  it('moves to the next cell on Enter, then to the next line, without submitting', async () => {
    const user = userEvent.setup();
    const { sent } = await openTransfer();
    await user.click(cell('SKU (line 1)'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(cell('Qty (line 1)'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(cell('Note (line 1)'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(cell('SKU (line 2)'));
    expect(sent.filter((s) => s.method !== 'GET')).toEqual([]);
  });

  it('adds a line on Ctrl+Enter with the cursor in its first cell, and removes lines', async () => {
    const user = userEvent.setup();
    await openTransfer();
    await user.click(cell('Qty (line 2)'));
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(document.activeElement).toBe(cell('SKU (line 3)')));
    await user.keyboard('SKU-3{Enter}4');
    expect(cell('Qty (line 3)').value).toBe('4');

    await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(cell('SKU (line 1)').value).toBe('SKU-2');
    expect(cell('SKU (line 2)').value).toBe('SKU-3');
    expect(screen.queryByLabelText('SKU (line 3)')).toBeNull();
  });

  it('says a required cell is required when it is left empty', async () => {
    const user = userEvent.setup();
    await openTransfer();
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await waitFor(() => expect(document.activeElement).toBe(cell('SKU (line 3)')));
    await user.tab();
    await waitFor(() => expect(errorUnder('SKU (line 3)')).toBe('SKU is required'));
    expect(errorUnder('SKU (line 1)')).toBe('');
  });

  it("sends the lines and shows the server's line errors on their cells", async () => {
    const user = userEvent.setup();
    const transport = fakeTransport([
      {
        status: 422,
        envelope: {
          status: false,
          message: 'validation_error',
          data: {
            'lines.1.qty': 'numeric',
            'lines.0.sku': 'Insufficient stock for SKU-1',
            'lines.1': 'Bin B-2 is being counted',
          },
        },
      },
    ]);
    await openTransfer(transport);
    await user.clear(cell('Qty (line 2)'));
    await user.type(cell('Qty (line 2)'), '6');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(errorUnder('Qty (line 2)')).toBe('This field must have only numbers'),
    );
    expect(errorUnder('SKU (line 1)')).toBe('Insufficient stock for SKU-1');
    expect(errorUnder('Qty (line 1)')).toBe('');
    expect(screen.getByText('Bin B-2 is being counted')).toBeTruthy();
    const put = transport.sent.find((s) => s.method === 'PUT');
    expect(put?.url).toBe('/api/inventory/demo-transfers/7');
    expect(put?.body).toEqual({
      ship_date: '2026-11-20',
      version: 3,
      lines: [
        { sku: 'SKU-1', qty: 2, note: null },
        { sku: 'SKU-2', qty: 6, note: 'fragile' },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/^Transfer( .+)? saved$/);
  });

  it('sends the ids of existing lines back when the document updates lines in place', async () => {
    const user = userEvent.setup();
    const transport = fakeTransport();
    renderForm(
      transport.request,
      <EntityForm entity={TRANSFERS} id={7} lines={{ ...LINES, keepIds: true }} />,
    );
    await screen.findByRole('table', { name: 'Lines' });
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.keyboard('SKU-9{Enter}1');
    await user.keyboard('{Control>}s{/Control}');
    await screen.findByText(/^Transfer( .+)? saved$/);
    const put = transport.sent.find((s) => s.method === 'PUT');
    expect(put?.body?.lines).toEqual([
      { id: 1, sku: 'SKU-1', qty: 2, note: null },
      { id: 2, sku: 'SKU-2', qty: 5.5, note: 'fragile' },
      { sku: 'SKU-9', qty: 1, note: null },
    ]);
  });
});
