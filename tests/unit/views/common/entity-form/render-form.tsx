import { MantineProvider } from '@mantine/core';
import { ModalsProvider, modals } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createAuthApi } from '../../../../../src/api/auth.api.ts';
import type { Request } from '../../../../../src/api/request.ts';
import { ServicesContext, type Services } from '../../../../../src/views/services.context.ts';
import { createServices } from '../../../../../src/views/services.ts';
import { EntityRequestContext } from '../../../../../src/views/common/entity-form/entity-request.context.ts';
import { ApiErrorPresenter } from '../../../../../src/views/shell/api-error-presenter.tsx';
import { theme } from '../../../../../src/views/theme.ts';

// The form as the app hosts it: Mantine (test env: no transitions, no portals), modals,
// notifications and the shell's error presenter, under a memory data router (the unsaved
// guard needs one), talking to a real server through `request`.

configure({ asyncUtilTimeout: 5_000 });

export function renderForm(
  request: Request,
  routes: RouteObject[] | ReactElement,
  initialEntries: string[] = ['/'],
  /** For screens that read the signed-in user (workflow actions): see signedInServices. */
  services?: Services,
) {
  const table = Array.isArray(routes) ? routes : [{ path: '/', element: routes }];
  const router = createMemoryRouter(table, { initialEntries });
  const app = (
    <MantineProvider theme={theme} env="test">
      <ModalsProvider>
        <Notifications />
        <ApiErrorPresenter />
        <EntityRequestContext value={request}>
          <RouterProvider router={router} />
        </EntityRequestContext>
      </ModalsProvider>
    </MantineProvider>
  );
  const view = render(services ? <ServicesContext value={services}>{app}</ServicesContext> : app);
  return { ...view, router };
}

/**
 * Services whose session holds the user `request` signs in as (the real /me), once it is
 * ready; realtime never connects.
 */
export async function signedInServices(request: Request): Promise<Services> {
  const services = createServices({
    auth: createAuthApi(request),
    // Any token: the session only needs one to ask /me, which `request` answers for real.
    token: { get: () => 'Bearer test', set: () => undefined, remove: () => undefined },
    loadRealtime: () => new Promise(() => undefined),
  });
  await waitFor(() => {
    if (!services.session.getSnapshot().matches('ready')) throw new Error('session not ready');
  });
  return services;
}

/** Unmounts and forgets notifications, which live in a module store that outlives a render. */
export function cleanupForm() {
  // Closing runs the modals' onClose, so notify's "already asking" memory is cleared too.
  act(() => modals.closeAll());
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
}

/** The error text shown under the input labelled `label` ('' when none). */
export function errorUnder(label: string | RegExp): string {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => document.getElementById(id))
    .filter((el) => el?.className.includes('error'))
    .map((el) => el?.textContent ?? '')
    .join(' ');
}
