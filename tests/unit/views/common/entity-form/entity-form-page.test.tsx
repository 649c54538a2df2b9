import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../../../modules/general/shared/entities/countries.entity.ts';
import { EntityFormPage } from '../../../../../src/views/common/entity-form/entity-form-page.tsx';
import { FORM_SERVER_START_MS, type FormServer, startFormServer } from './form-server.ts';
import { cleanupForm, renderForm } from './render-form.tsx';
import type { EntityRow } from '../../../../../src/domain/entities/entity-row.ts';

// The form on a route of its own, against a real server: 'new' creates and moves to the new
// record's URL; leaving a changed form by a link, the back button or closing the tab asks.

let server: FormServer;
beforeAll(async () => {
  server = await startFormServer();
}, FORM_SERVER_START_MS);
afterAll(() => server.close());
afterEach(cleanupForm);

const routes = [
  { path: '/general/countries/:id?', element: <EntityFormPage entity={COUNTRIES} /> },
  { path: '/elsewhere', element: <p>Somewhere else</p> },
];

async function openPage(path: string) {
  const request = await server.requestAs('admin');
  const view = renderForm(request, routes, ['/elsewhere', path]);
  await screen.findByRole('button', { name: 'Save' });
  return view.router;
}

const nameValue = () => screen.getByLabelText<HTMLInputElement>('Name').value;

describe('entity form page', () => {
  it("creates on 'new' and moves to the new record's URL, Ctrl+S saving", async () => {
    const user = userEvent.setup();
    const router = await openPage('/general/countries/new');
    expect(screen.getByText('New country')).toBeTruthy();
    await user.type(screen.getByLabelText('ISO code'), 'PG');
    await user.type(screen.getByLabelText('Name'), 'Pageland');
    await user.keyboard('{Control>}s{/Control}');
    await screen.findByText('Country Pageland created');
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/general\/countries\/\d+$/),
    );
    const id = Number(router.state.location.pathname.split('/').pop());
    const row = await server.callAs<EntityRow>('admin', 'GET', `/api/general/countries/${id}`);
    expect(row).toMatchObject({ iso2: 'PG', name: 'Pageland' });
    // The edit form shows the saved record, and Delete is now offered.
    expect(await screen.findByText('Edit country')).toBeTruthy();
    expect(nameValue()).toBe('Pageland');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    // 'new' was replaced: Back returns to where the person came from.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Somewhere else')).toBeTruthy();
  });

  it('asks before a navigation leaves a changed form; Cancel stays, Yes leaves', async () => {
    const user = userEvent.setup();
    const country = await server.callAs<EntityRow>('admin', 'POST', '/api/general/countries', {
      body: { iso2: 'NV', name: 'Navland' },
    });
    const router = await openPage(`/general/countries/${country.id}`);
    await waitFor(() => expect(nameValue()).toBe('Navland'));
    await user.type(screen.getByLabelText('Name'), ' changed');

    await act(() => router.navigate('/elsewhere'));
    const ask = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe(`/general/countries/${country.id}`);
    expect(nameValue()).toBe('Navland changed');

    await act(() => router.navigate(-1));
    const again = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(again).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Somewhere else')).toBeTruthy();
  });

  it('asks the browser to confirm closing the tab only while changes are unsaved', async () => {
    const user = userEvent.setup();
    const country = await server.callAs<EntityRow>('admin', 'POST', '/api/general/countries', {
      body: { iso2: 'TB', name: 'Tabland' },
    });
    await openPage(`/general/countries/${country.id}`);
    await waitFor(() => expect(nameValue()).toBe('Tabland'));
    const leaving = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leaving()).toBe(false);
    await user.type(screen.getByLabelText('Name'), '!');
    expect(leaving()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Country Tabland! saved');
    expect(leaving()).toBe(false);
  });

  it('says so when the address names no record', async () => {
    await server
      .requestAs('admin')
      .then((request) => renderForm(request, routes, ['/general/countries/abc']));
    expect(await screen.findByText('There is no country at this address.')).toBeTruthy();
  });
});
