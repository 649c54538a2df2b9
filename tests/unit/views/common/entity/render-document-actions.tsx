import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { UserInfo } from '../../../../../src/api/auth.types.ts';
import type { Request } from '../../../../../src/api/request.ts';
import type { EntityDeclaration } from '../../../../../src/domain/entity/entity-declaration.ts';
import {
  DocumentActions,
  type AllowedActions,
} from '../../../../../src/views/common/entity/document-actions.tsx';
import { EntityRequestContext } from '../../../../../src/views/common/entity-form/entity-request.context.ts';
import { ServicesContext, type Services } from '../../../../../src/views/services.context.ts';
import { createServices } from '../../../../../src/views/services.ts';
import { theme } from '../../../../../src/views/theme.ts';
import { adminUser, demoConfig } from '../../render-app.tsx';
import type { EntityRow } from '../../../../../src/domain/entities/entity-row.ts';

// A document's action bar for a signed-in person, without a server: the session holds the
// person (a scripted /me), and the request an event would send is recorded, not sent.

export async function servicesFor(user: UserInfo): Promise<Services> {
  const services = createServices({
    auth: {
      config: () => Promise.resolve(demoConfig),
      login: () => Promise.resolve({ access_token: 't', token_type: 'Bearer' }),
      me: () => Promise.resolve(user),
      logout: () => Promise.resolve(),
    },
    token: { get: () => 'Bearer t', set: () => undefined, remove: () => undefined },
    loadRealtime: () => new Promise(() => undefined),
  });
  await waitFor(() => {
    if (!services.session.getSnapshot().matches('ready')) throw new Error('session not ready');
  });
  return services;
}

export function inTheApp(services: Services | null, request: Request, ui: ReactNode) {
  const app = (
    <MantineProvider theme={theme} env="test">
      <ModalsProvider>
        <EntityRequestContext value={request}>{ui}</EntityRequestContext>
      </ModalsProvider>
    </MantineProvider>
  );
  return services ? <ServicesContext value={services}>{app}</ServicesContext> : app;
}

/** The bar of `doc` as `who` sees it; `request` records what an event would send. */
export async function renderDocumentActions(
  entity: EntityDeclaration,
  read: Record<string, unknown> & { id: number; version: number },
  allowed: AllowedActions,
  who: { id: number; roles: string[] },
  extra?: (doc: EntityRow) => ReactNode,
) {
  const doc: EntityRow = { seq: 1, ...read };
  const services = await servicesFor({ ...adminUser, ...who });
  const request = vi.fn(() => Promise.resolve({ data: doc })) as unknown as Request;
  render(
    inTheApp(
      services,
      request,
      <DocumentActions
        entity={entity}
        doc={doc}
        allowed={allowed}
        extra={extra}
        onDone={() => undefined}
      />,
    ),
  );
  const bar = await screen.findByRole('group', { name: 'Document actions' });
  return { bar, request: request as unknown as ReturnType<typeof vi.fn> };
}

/** The bar's buttons as `label:consequence:variant`, in the order shown. */
export function buttonsOf(bar: HTMLElement): string[] {
  return within(bar)
    .queryAllByRole('button')
    .map(
      (b) =>
        `${b.textContent}:${b.getAttribute('data-consequence')}:${b.getAttribute('data-variant')}`,
    );
}
