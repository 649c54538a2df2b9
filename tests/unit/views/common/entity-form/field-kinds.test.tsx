import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequest } from '../../../../../src/api/request.ts';
import type { EntityDeclaration } from '../../../../../src/domain/entity/entity-declaration.ts';
import { EntityForm } from '../../../../../src/views/common/entity-form/entity-form.tsx';
import {
  formValuesOf,
  payloadOf,
} from '../../../../../src/views/common/entity-form/form-values.ts';
import { cleanupForm, errorUnder, renderForm } from './render-form.tsx';

// One input per field kind, and the payload in the API's formats (docs/product.md §5, §7): no
// entity on the server has every kind yet, so the transport is a fetch
// answering as the entity routes do.

const SAMPLES: EntityDeclaration = {
  name: 'samples',
  label: 'Sample',
  pluralLabel: 'Samples',
  api: '/api/rd/samples',
  area: 'general',
  channel: 'private-rd.samples',
  event: 'sample',
  labelField: 'code',
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 5 },
    { name: 'notes', label: 'Notes', kind: 'textarea' },
    { name: 'vg_pct', label: 'VG %', kind: 'number', precision: 2, min: 0, max: 100 },
    { name: 'price', label: 'Price', kind: 'money' },
    { name: 'due_date', label: 'Due date', kind: 'date' },
    { name: 'tested_at', label: 'Tested at', kind: 'datetime' },
    { name: 'active', label: 'Active', kind: 'boolean' },
    { name: 'status', label: 'Status', kind: 'enum', enumValues: ['draft', 'in_progress'] },
    { name: 'computed', label: 'Computed', kind: 'text', readOnly: true },
  ],
};

function fakeTransport() {
  const sent: Record<string, unknown>[] = [];
  const fetch = (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
      string,
      unknown
    >;
    sent.push(body);
    const envelope = { status: true, message: 'created', data: { id: 1, version: 1, ...body } };
    return Promise.resolve(new Response(JSON.stringify(envelope), { status: 201 }));
  };
  return {
    sent,
    request: createRequest({ fetch, getToken: () => null, baseUrl: '/api', timeoutMs: 5_000 }),
  };
}

afterEach(cleanupForm);

describe('entity form field kinds', () => {
  it('renders one input per writable field and sends each in the API format', async () => {
    const user = userEvent.setup();
    const { sent, request } = fakeTransport();
    renderForm(request, <EntityForm entity={SAMPLES} id={null} />);
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByLabelText('Computed')).toBeNull();

    await user.type(screen.getByLabelText('Code'), 'S-1');
    await user.type(screen.getByLabelText('Notes'), 'first line');
    await user.type(screen.getByLabelText('VG %'), '70.555');
    await user.type(screen.getByLabelText('Price'), '12.5');
    await user.type(screen.getByLabelText('Due date'), '11/20/2026');
    await user.type(screen.getByLabelText('Tested at'), '11/20/2026 14:05:09');
    await user.click(screen.getByLabelText('Active'));
    // The label names both the input and its listbox.
    const status = screen.getAllByLabelText('Status').find((el) => el.tagName === 'INPUT');
    if (!status) throw new Error('no Status input');
    await user.click(status);
    await user.click(await screen.findByRole('option', { name: 'In progress' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Sample S-1 created');
    expect(sent).toEqual([
      {
        code: 'S-1',
        notes: 'first line',
        vg_pct: 70.55,
        price: 12.5,
        due_date: '2026-11-20',
        tested_at: '2026-11-20 14:05:09',
        active: 1,
        status: 'in_progress',
      },
    ]);
  });

  it('blocks the save and names the required field', async () => {
    const user = userEvent.setup();
    renderForm(fakeTransport().request, <EntityForm entity={SAMPLES} id={null} />);
    await screen.findByRole('button', { name: 'Save' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorUnder('Code')).toBe('Code is required'));
  });
});

describe('form values', () => {
  it('reads API rows into inputs and empties back into nulls', () => {
    const fields = SAMPLES.fields.filter((f) => !f.readOnly);
    const values = formValuesOf(fields, {
      code: 'X',
      vg_pct: '70.50',
      price: '3.00',
      active: 1,
      due_date: '2026-01-02',
      tested_at: '2026-01-02 03:04:05',
    });
    expect(values).toMatchObject({ vg_pct: 70.5, price: 3, active: true, notes: '', status: null });
    expect(payloadOf(fields, { ...values, active: false })).toEqual({
      code: 'X',
      notes: null,
      vg_pct: 70.5,
      price: 3,
      due_date: '2026-01-02',
      tested_at: '2026-01-02 03:04:05',
      active: 0,
      status: null,
    });
  });
});
