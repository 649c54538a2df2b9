import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuideTour, type GuideStep } from '../../../../../src/views/common/guide/guide-tour.tsx';
import type { GuidesCookie } from '../../../../../src/views/common/guide/guides-cookie.ts';
import { GuidesProvider } from '../../../../../src/views/common/guide/guides.context.tsx';
import { createGuidesStore } from '../../../../../src/views/common/guide/guides.store.ts';
import { renderWithMantine } from '../render-with-mantine.tsx';

afterEach(cleanup);

const steps: GuideStep[] = [
  { target: '#search', title: 'Route search', content: 'Type a page name.' },
  { target: '#missing', title: 'Not on this page', content: 'Skipped.' },
  { target: '#errors', title: 'Error log', content: 'What went wrong, and where.' },
];

function setup({ cookie = [] as string[], serverRead = null as string[] | null } = {}) {
  const markRead = vi.fn((id: string) => Promise.resolve([id]));
  const memory: GuidesCookie = { read: () => cookie, write: vi.fn() };
  const store = createGuidesStore({ api: { markRead }, cookie: memory });
  const view = renderWithMantine(
    <GuidesProvider serverRead={serverRead} store={store}>
      <button id="search">Search</button>
      <button id="errors">Errors</button>
      <GuideTour id="shell.tour" steps={steps} />
    </GuidesProvider>,
  );
  return { markRead, store, ...view };
}

const dialog = (name: string) => screen.findByRole('dialog', { name });

describe('GuideTour', () => {
  it('walks the steps on the page with Next and Back, leaving out missing targets', async () => {
    const user = userEvent.setup();
    setup();
    expect((await dialog('Route search')).textContent).toContain('1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await dialog('Error log')).textContent).toContain('2 of 2');
    expect(screen.queryByRole('dialog', { name: 'Not on this page' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await dialog('Route search')).toBeTruthy();
  });

  it('marks the guide read with Done and is gone for good', async () => {
    const user = userEvent.setup();
    const { markRead, store } = setup();
    await dialog('Route search');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(markRead).toHaveBeenCalledExactlyOnceWith('shell.tour');
    expect(store.isRead('shell.tour')).toBe(true);
  });

  it('marks the guide read when skipped', async () => {
    const user = userEvent.setup();
    const { markRead } = setup();
    await dialog('Route search');
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(markRead).toHaveBeenCalledWith('shell.tour');
  });

  it('treats Escape as Skip', async () => {
    const user = userEvent.setup();
    const { markRead } = setup();
    await dialog('Route search');
    screen.getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(markRead).toHaveBeenCalledWith('shell.tour');
  });

  it('moves with the arrow keys', async () => {
    const user = userEvent.setup();
    setup();
    await dialog('Route search');
    screen.getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(await dialog('Error log')).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(await dialog('Route search')).toBeTruthy();
  });

  it('stays hidden when the cookie says it was read', async () => {
    const { markRead } = setup({ cookie: ['shell.tour'] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(markRead).not.toHaveBeenCalled();
  });

  it('hides when /me says it was read on another browser', async () => {
    const { rerender, store } = setup();
    await dialog('Route search');
    rerender(
      <GuidesProvider serverRead={['shell.tour']} store={store}>
        <GuideTour id="shell.tour" steps={steps} />
      </GuidesProvider>,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
