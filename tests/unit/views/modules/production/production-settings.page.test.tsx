import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductionSettingRow } from '../../../../../src/domain/entities/production/production-settings.ts';
import { ProductionSettingsPage } from '../../../../../src/views/modules/production/settings/production-settings.page.tsx';
import {
  FORM_SERVER_START_MS,
  type FormServer,
  startFormServer,
} from '../../common/entity-form/form-server.ts';
import { cleanupForm, renderForm } from '../../common/entity-form/render-form.tsx';

// The Production settings screen against a real server with the demo data: each setting is
// saved on its own, a refused value shows the server's message under it and changes nothing.

let server: FormServer;
beforeAll(async () => {
  server = await startFormServer();
}, FORM_SERVER_START_MS);
afterAll(() => server.close());
afterEach(cleanupForm);

const saved = async (key: string) =>
  (
    await server.callAs<{ rows: ProductionSettingRow[] }>(
      'admin',
      'GET',
      '/api/production/settings',
    )
  ).rows.find((r) => r.key === key)!;

describe('the production settings screen', () => {
  it('saves a floor rule with its version and shows a refused value under its input', async () => {
    const user = userEvent.setup();
    renderForm(await server.requestAs('admin'), <ProductionSettingsPage />);
    const card = (await screen.findByText('Bulk tolerance')).closest<HTMLElement>(
      '[data-setting]',
    )!;
    const input = within(card).getByLabelText('Bulk tolerance');
    const before = await saved('production.bulk_tolerance_pct');

    await user.clear(input);
    await user.type(input, '250');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByRole('alert')).toHaveProperty(
      'textContent',
      'Must be 100 or less',
    );
    expect((await saved('production.bulk_tolerance_pct')).version).toBe(before.version);

    await user.clear(input);
    await user.type(input, '3.5');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect(await saved('production.bulk_tolerance_pct')).toMatchObject({
        value: 3.5,
        version: before.version + 1,
      }),
    );
  });

  it('shows a never-saved setting with what the rules use', async () => {
    renderForm(await server.requestAs('admin'), <ProductionSettingsPage />);
    const card = (await screen.findByText('Shifts')).closest<HTMLElement>('[data-setting]')!;
    expect(within(card).getByText(/Never saved/)).toBeTruthy();
    expect(within(card).getByLabelText<HTMLInputElement>('Shift 1 code').value).toBe('day');
  });
});
