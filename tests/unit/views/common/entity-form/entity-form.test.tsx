import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COUNTRIES } from '../../../../../modules/general/shared/entities/countries.entity.ts';
import { PROVINCES } from '../../../../../modules/general/shared/entities/provinces.entity.ts';
import type { EntityDeclaration } from '../../../../../src/domain/entity/entity-declaration.ts';
import { formatDateTime } from '../../../../../src/domain/formats/date.format.ts';
import { EntityFormDrawer } from '../../../../../src/views/common/entity-form/entity-form-drawer.tsx';
import { tokenFor } from '../../../../support/api-client.ts';
import { FORM_SERVER_START_MS, type FormServer, startFormServer } from './form-server.ts';
import { cleanupForm, errorUnder, renderForm } from './render-form.tsx';
import type { EntityRow } from '../../../../../src/domain/entities/entity-row.ts';

// The entity form against a real server (fresh PGlite with the demo data): countries and
// provinces, the two entities on the generic routes.

let server: FormServer;
beforeAll(async () => {
  server = await startFormServer();
}, FORM_SERVER_START_MS);
afterAll(() => server.close());
afterEach(cleanupForm);

let code = 0;
/** A country of this test's own, so tests never share rows. */
async function newCountry(name = 'Testland'): Promise<EntityRow> {
  code += 1;
  const iso2 = `Q${String.fromCharCode(64 + code)}`;
  return server.callAs<EntityRow>('admin', 'POST', '/api/general/countries', {
    body: { iso2, name },
  });
}

function DrawerHost(props: {
  entity: EntityDeclaration;
  id: number | null;
  onSaved?: (row: EntityRow) => void;
}) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <p>{opened ? 'drawer open' : 'drawer closed'}</p>
      <EntityFormDrawer {...props} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

async function openDrawer(
  id: number | null,
  entity: EntityDeclaration = COUNTRIES,
  onSaved = vi.fn(),
) {
  const request = await server.requestAs('admin');
  renderForm(request, <DrawerHost entity={entity} id={id} onSaved={onSaved} />);
  await screen.findByRole('button', { name: 'Save' });
  return onSaved;
}

describe('entity form: fields and rules', () => {
  it('puts the cursor in the first field and says a required field is required on blur', async () => {
    const user = userEvent.setup();
    await openDrawer(null);
    const iso = screen.getByLabelText<HTMLInputElement>('ISO code');
    await waitFor(() => expect(document.activeElement).toBe(iso));
    expect(errorUnder('ISO code')).toBe('');
    await user.tab();
    await waitFor(() => expect(errorUnder('ISO code')).toBe('ISO code is required'));
    expect(errorUnder('Name')).toBe('');
  });

  it('creates a record, says so and hands the saved row over', async () => {
    const user = userEvent.setup();
    const onSaved = await openDrawer(null);
    await user.type(screen.getByLabelText('ISO code'), 'ZZ');
    await user.type(screen.getByLabelText('Name'), 'Zedland{Enter}');
    await screen.findByText('Country Zedland created');
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ iso2: 'ZZ', name: 'Zedland' }));
    expect(screen.getByText('drawer closed')).toBeTruthy();
    const options = await server.callAs<{ label: string }[]>(
      'admin',
      'GET',
      '/api/general/countries/options?search=Zedland',
    );
    expect(options.map((o) => o.label)).toEqual(['Zedland']);
  });

  it('shows the server codes under their fields on create', async () => {
    const user = userEvent.setup();
    const onSaved = await openDrawer(null);
    await user.type(screen.getByLabelText('ISO code'), 'CA');
    await user.type(screen.getByLabelText('Name'), 'Canada again');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorUnder('ISO code')).toBe('This field must be unique'));
    // create is not quiet: the shell's presenter lists the fields as well (docs/product.md §8).
    expect(await screen.findByText('Validation Error')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByText('drawer open')).toBeTruthy();
  });

  it('shows the server codes under their fields on update, with one notification', async () => {
    const user = userEvent.setup();
    const country = await newCountry();
    await openDrawer(country.id);
    const iso = screen.getByLabelText<HTMLInputElement>('ISO code');
    await waitFor(() => expect(iso.value).toBe(country.iso2));
    await user.clear(iso);
    await user.type(iso, 'US');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(errorUnder('ISO code')).toBe('This field must be unique'));
    await waitFor(() => expect(screen.getAllByText('Validation Error')).toHaveLength(1));
    expect(screen.getByText('Iso2: This field must be unique')).toBeTruthy();
  });

  it('writes nothing when a saved record is saved again unchanged, and closes as after a save', async () => {
    const user = userEvent.setup();
    const country = await newCountry('Sameland');
    const onSaved = await openDrawer(country.id);
    const name = screen.getByLabelText<HTMLInputElement>('Name');
    await waitFor(() => expect(name.value).toBe('Sameland'));
    await user.keyboard('{Control>}s{/Control}');
    await screen.findByText('Nothing changed since the last save.');
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: country.id }));
    expect(screen.getByText('drawer closed')).toBeTruthy();
    const read = await server.callAs<EntityRow>(
      'admin',
      'GET',
      `/api/general/countries/${country.id}`,
    );
    expect(read.version).toBe(country.version);
  });

  it('shows the referenced row by its label and picks another one by searching', async () => {
    const user = userEvent.setup();
    const country = await newCountry('Pickland');
    const province = await server.callAs<EntityRow>('admin', 'POST', '/api/general/provinces', {
      body: { country_id: country.id, code: 'PK', name: 'Pick Province' },
    });
    await openDrawer(province.id, PROVINCES);
    const picker = screen.getByLabelText<HTMLInputElement>('Country');
    await waitFor(() => expect(picker.value).toBe('Pickland'));
    await user.clear(picker);
    await user.type(picker, 'United');
    await user.click(await screen.findByRole('option', { name: 'United States' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/^Province .+ saved$/);
    const saved = await server.callAs<EntityRow>(
      'admin',
      'GET',
      `/api/general/provinces/${province.id}`,
    );
    expect(saved.country_name).toBe('United States');
  });
});

describe('entity form: reading', () => {
  it('says so when the record is gone, and offers to try again', async () => {
    const country = await newCountry('Vanished');
    await server.callAs('admin', 'DELETE', `/api/general/countries/${country.id}`);
    const request = await server.requestAs('admin');
    renderForm(request, <DrawerHost entity={COUNTRIES} id={country.id} />);
    expect(await screen.findByText('Country could not be read')).toBeTruthy();
    expect(screen.getByText('It does not exist (it may have been deleted).')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('entity form: optimistic concurrency', () => {
  it('names who saved first, writes nothing, and reloads keeping the typed values', async () => {
    const user = userEvent.setup();
    const country = await newCountry('Oldname');
    await openDrawer(country.id);
    const iso = screen.getByLabelText<HTMLInputElement>('ISO code');
    await waitFor(() => expect(iso.value).toBe(country.iso2));

    // Someone else saves after the form read the row.
    const theirs = await server.callAs<EntityRow>(
      'admin',
      'PUT',
      `/api/general/countries/${country.id}`,
      { body: { name: 'Their name', version: country.version } },
    );
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'My name');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Record changed' });
    const who = String(theirs.updated_by_name);
    expect(who).not.toBe('');
    expect(
      within(dialog).getByText(`Changed by ${who} at ${formatDateTime(String(theirs.updated_at))}`),
    ).toBeTruthy();
    const unchanged = await server.callAs<EntityRow>(
      'admin',
      'GET',
      `/api/general/countries/${country.id}`,
    );
    expect(unchanged.name).toBe('Their name');

    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Record changed' })).toBeNull(),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('My name');
    expect(screen.getByText('Saved meanwhile by someone else')).toBeTruthy();
    expect(screen.getByText('Name: Their name')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Country My name saved');
    const saved = await server.callAs<EntityRow>(
      'admin',
      'GET',
      `/api/general/countries/${country.id}`,
    );
    expect(saved).toMatchObject({ name: 'My name', version: theirs.version + 1 });
  });

  it('cancel leaves the typed values and the other save as they are', async () => {
    const user = userEvent.setup();
    const country = await newCountry('Before');
    await openDrawer(country.id);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Before'),
    );
    await server.callAs('admin', 'PUT', `/api/general/countries/${country.id}`, {
      body: { name: 'Theirs', version: country.version },
    });
    await user.type(screen.getByLabelText('Name'), ' mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record changed' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Record changed' })).toBeNull(),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Before mine');
    const row = await server.callAs<EntityRow>(
      'admin',
      'GET',
      `/api/general/countries/${country.id}`,
    );
    expect(row.name).toBe('Theirs');
  });
});

describe('entity form: unsaved changes in a drawer', () => {
  it('asks before Escape closes a changed form, and Cancel keeps it open', async () => {
    const user = userEvent.setup();
    const country = await newCountry('Guarded');
    await openDrawer(country.id);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Guarded'),
    );
    await user.type(screen.getByLabelText('Name'), ' edit');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('drawer open')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Guarded edit');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(again).getByRole('button', { name: 'Yes' }));
    await screen.findByText('drawer closed');
  });

  it('closes an unchanged form at once', async () => {
    const user = userEvent.setup();
    const country = await newCountry('Calm');
    await openDrawer(country.id);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Calm'));
    await user.keyboard('{Escape}');
    await screen.findByText('drawer closed');
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
  });
});

describe('entity form: delete', () => {
  it('asks first, then deletes and closes', async () => {
    const user = userEvent.setup();
    const country = await newCountry('Goner');
    await openDrawer(country.id);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete' });
    expect(within(ask).getByText('Delete this country?')).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    await screen.findByText('drawer closed');
    expect(await screen.findByText(/^Country .+ deleted$/)).toBeTruthy();
    const options = await server.callAs<unknown[]>(
      'admin',
      'GET',
      `/api/general/countries/options?ids[]=${country.id}`,
    );
    expect(options).toEqual([]);
  });

  it('says other records are related when the row is referenced', async () => {
    const user = userEvent.setup();
    const country = await newCountry('Referenced');
    await server.callAs('admin', 'POST', '/api/general/provinces', {
      body: { country_id: country.id, code: 'RF', name: 'Referencing' },
    });
    await openDrawer(country.id);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    const alert = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(alert).getByText('There are other records related to this item')).toBeTruthy();
    expect(screen.getByText('drawer open')).toBeTruthy();
  });

  it('says the person may not delete when the server refuses their role', async () => {
    const user = userEvent.setup();
    const country = await newCountry('Guarded row');
    // Read as admin; the delete goes out with the token of a user without the general area.
    const adminToken = await tokenFor(server.url, 'admin');
    const inventoryToken = await tokenFor(server.url, 'inventory');
    let token = adminToken;
    const request = server.requestWithToken(() => token);
    renderForm(request, <DrawerHost entity={COUNTRIES} id={country.id} />);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Guarded row'),
    );
    token = inventoryToken;
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    const alert = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(alert).getByText('You are not allowed to delete this record')).toBeTruthy();
  });
});
