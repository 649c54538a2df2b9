import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settingValueForm } from '../../shared/entities/settings.entity.ts';
import { USERS } from '../../shared/entities/users.entity.ts';
import type { EntityDeclaration } from '../../../../src/domain/entity/entity-declaration.ts';
import { EntityFormDrawer } from '../../../../src/views/common/entity-form/entity-form-drawer.tsx';
import type { FormExtra } from '../../../../src/views/common/entity-form/form-extra.ts';
import { USER_PASSWORD } from '../../web/user-password.extra.tsx';
import { login } from '../../../../tests/support/api-client.ts';
import {
  FORM_SERVER_START_MS,
  type FormServer,
  startFormServer,
} from '../../../../tests/unit/views/common/entity-form/form-server.ts';
import {
  cleanupForm,
  errorUnder,
  renderForm,
} from '../../../../tests/unit/views/common/entity-form/render-form.tsx';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';

// The users drawer (roles and modules pickers, the password pair) and a setting's value
// drawer (an input by the value's type), against a real server with the demo data.

let server: FormServer;
beforeAll(async () => {
  server = await startFormServer();
}, FORM_SERVER_START_MS);
afterAll(() => server.close());
afterEach(cleanupForm);

function DrawerHost(props: { entity: EntityDeclaration; id: number | null; extra?: FormExtra }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <p>{opened ? 'drawer open' : 'drawer closed'}</p>
      <EntityFormDrawer {...props} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

async function openDrawer(entity: EntityDeclaration, id: number | null, extra?: FormExtra) {
  const request = await server.requestAs('admin');
  renderForm(request, <DrawerHost entity={entity} id={id} extra={extra} />);
  await screen.findByRole('button', { name: 'Save' });
}

/** The text input of a picker (its label also names the listbox). */
function pickerInput(label: string): HTMLInputElement {
  const input = screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT');
  if (!input) throw new Error(`no ${label} input`);
  return input as HTMLInputElement;
}

// A new user's password inputs are marked required: their labels end in an asterisk.
const PASSWORD = /^Password/;
const CONFIRMATION = /^Confirm password/;

const openUsersDrawer = (id: number | null) => openDrawer(USERS, id, USER_PASSWORD);

let n = 0;
async function newUser(roles = ['sealer']): Promise<EntityRow> {
  n += 1;
  return server.callAs<EntityRow>('admin', 'POST', USERS.api, {
    body: { username: `form.user${n}`, password: 'first-pass-1', name: `Form User ${n}`, roles },
  });
}

const signsIn = async (username: string, password: string) =>
  (await login(server.url, username, password)).httpStatus === 200;

describe('users form', () => {
  it('asks for roles and a confirmed password, then creates a user who can sign in', async () => {
    const user = userEvent.setup();
    await openUsersDrawer(null);
    await user.type(screen.getByLabelText('Username'), 'r.alvarez');
    await user.type(screen.getByLabelText('Name'), 'Rosa Alvarez');
    await user.type(screen.getByLabelText(PASSWORD), 'short');
    await user.type(screen.getByLabelText(CONFIRMATION), 'other');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(errorUnder(PASSWORD)).toBe('Password must have at least 8 characters'),
    );
    expect(errorUnder(CONFIRMATION)).toBe('The passwords do not match');
    expect(screen.getByText('Roles is required')).toBeTruthy();

    await user.click(pickerInput('Roles'));
    await user.click(await screen.findByRole('option', { name: 'QA Manager' }));
    await user.click(pickerInput('Modules'));
    await user.click(await screen.findByRole('option', { name: 'Lab Receiving' }));
    await user.clear(screen.getByLabelText(PASSWORD));
    await user.type(screen.getByLabelText(PASSWORD), 'lab-bench-7');
    await user.clear(screen.getByLabelText(CONFIRMATION));
    await user.type(screen.getByLabelText(CONFIRMATION), 'lab-bench-7');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(/^User .+ created$/);
    await screen.findByText('drawer closed');
    expect(await signsIn('r.alvarez', 'lab-bench-7')).toBe(true);
    const list = await server.callAs<{ rows: EntityRow[] }>(
      'admin',
      'GET',
      `${USERS.api}?search=r.alvarez`,
    );
    expect(list.rows[0]).toMatchObject({ roles: ['qa_manager'], modules: ['lab'], active: 1 });
  });

  it('keeps the password when its fields stay empty on edit, and sets a new one', async () => {
    const user = userEvent.setup();
    const row = await newUser();
    await openUsersDrawer(row.id);
    const name = screen.getByLabelText<HTMLInputElement>('Name');
    await waitFor(() => expect(name.value).toBe(row.name));
    expect(screen.getByLabelText<HTMLInputElement>(PASSWORD).required).toBe(false);
    await user.type(name, ' Jr');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/^User .+ saved$/);
    expect(await signsIn(String(row.username), 'first-pass-1')).toBe(true);

    cleanupForm();
    await openUsersDrawer(row.id);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe(`${String(row.name)} Jr`),
    );
    await user.type(screen.getByLabelText(PASSWORD), 'second-pass-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorUnder(CONFIRMATION)).toBe('Confirm password is required'));
    await user.type(screen.getByLabelText(CONFIRMATION), 'second-pass-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/^User .+ saved$/);
    expect(await signsIn(String(row.username), 'second-pass-2')).toBe(true);
    expect(await signsIn(String(row.username), 'first-pass-1')).toBe(false);
  });

  it('shows the roles it holds, and the server codes under their fields', async () => {
    const user = userEvent.setup();
    const row = await newUser(['bottler', 'labeler']);
    await openUsersDrawer(row.id);
    const roles = pickerInput('Roles').closest('.mantine-MultiSelect-root');
    if (!(roles instanceof HTMLElement)) throw new Error('no roles picker');
    await waitFor(() => expect(within(roles).getByText('Bottler')).toBeTruthy());
    expect(within(roles).getByText('Labeler')).toBeTruthy();
    const username = screen.getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'batcher');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorUnder('Username')).toBe('This field must be unique'));
    expect(screen.getByText('drawer open')).toBeTruthy();
  });

  it('names who saved first and reloads keeping the typed values', async () => {
    const user = userEvent.setup();
    const row = await newUser();
    await openUsersDrawer(row.id);
    const name = screen.getByLabelText<HTMLInputElement>('Name');
    await waitFor(() => expect(name.value).toBe(row.name));
    await server.callAs('admin', 'PUT', `${USERS.api}/${row.id}`, {
      body: { version: row.version, email: 'theirs@example.com' },
    });
    await user.clear(name);
    await user.type(name, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record changed' });
    expect(within(dialog).getByText(/^Changed by /)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('theirs@example.com'),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/^User .+ saved$/);
  });
});

type Setting = EntityRow & { key: string; value_text: string };

async function setting(key: string): Promise<Setting> {
  const list = await server.callAs<{ rows: Setting[] }>(
    'admin',
    'GET',
    `/api/general/settings?filter[0][field]=key&filter[0][field_type]=text&filter[0][filters][0][operator]=equals&filter[0][filters][0][value]=${key}`,
  );
  const row = list.rows[0];
  if (!row) throw new Error(`no setting ${key}`);
  return row;
}

const openSetting = (row: Setting) => openDrawer(settingValueForm(row.key, row.value_text), row.id);

describe('setting value form', () => {
  it('edits a flag with a switch and keeps it a flag', async () => {
    const user = userEvent.setup();
    const flag = await setting('inventory.allow_negative');
    await openSetting(flag);
    const toggle = await screen.findByRole('switch', { name: 'inventory.allow_negative' });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/^Setting .+ saved$/);
    expect((await setting('inventory.allow_negative')).value_text).toBe('true');
  });

  it('edits a number within its bounds and shows a stale version', async () => {
    const user = userEvent.setup();
    const pct = await setting('purchase.over_receipt_pct');
    await openSetting(pct);
    const input = screen.getByLabelText<HTMLInputElement>('purchase.over_receipt_pct');
    await waitFor(() => expect(input.value).toBe('5'));
    await user.clear(input);
    await user.type(input, '250');
    await user.tab();
    // The bounds code relies on (0-100) hold in the input already.
    await waitFor(() => expect(input.value).toBe('100'));
    await server.callAs('admin', 'PUT', `/api/general/settings/${pct.id}`, {
      body: { value: 7, version: pct.version },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record changed' });
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Record changed' })).toBeNull(),
    );
    expect(screen.getByText('purchase.over_receipt_pct: 7')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/^Setting .+ saved$/);
    expect((await setting('purchase.over_receipt_pct')).value_text).toBe('100');
  });

  it('edits an object as JSON text and refuses text that is not JSON', async () => {
    const user = userEvent.setup();
    const company = await setting('general.company');
    await openSetting(company);
    const text = screen.getByLabelText<HTMLTextAreaElement>('general.company');
    await waitFor(() => expect(text.value).toContain('"business_number"'));
    await user.clear(text);
    await user.type(text, '{{"name": "Plantline Labs"');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(errorUnder('general.company')).toBe('general.company must be valid JSON'),
    );
    await user.type(text, '}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/^Setting .+ saved$/);
    // The server keeps the company's value in its declared shape: fields left out read null.
    expect(JSON.parse((await setting('general.company')).value_text)).toEqual({
      name: 'Plantline Labs',
      address: null,
      phone: null,
      province_id: null,
      business_number: null,
      excise_licence: null,
    });
  });
});
