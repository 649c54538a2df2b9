import { describe, expect, it, vi } from 'vitest';
import type { GuidesCookie } from '../../../../../src/views/common/guide/guides-cookie.ts';
import { createGuidesStore } from '../../../../../src/views/common/guide/guides.store.ts';

function memoryCookie(initial: string[] = []): GuidesCookie & { value: string[] } {
  const cookie = {
    value: initial,
    read: () => cookie.value,
    write: (ids: readonly string[]) => {
      cookie.value = [...ids];
    },
  };
  return cookie;
}

/** An api whose answers the test releases, so the order of events is explicit. */
function controlledApi() {
  const calls: { id: string; resolve: (ids: string[]) => void; reject: (e: Error) => void }[] = [];
  const markRead = vi.fn(
    (id: string) =>
      new Promise<string[]>((resolve, reject) => {
        calls.push({ id, resolve, reject });
      }),
  );
  return { api: { markRead }, calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('guides store', () => {
  it('knows the cookie’s guides at once, before the server answers', () => {
    const store = createGuidesStore({
      api: controlledApi().api,
      cookie: memoryCookie(['shell.tour']),
    });
    expect(store.isRead('shell.tour')).toBe(true);
    expect(store.isRead('inventory.intro')).toBe(false);
  });

  it('marks read at once, mirrors the cookie and posts once', () => {
    const cookie = memoryCookie();
    const { api } = controlledApi();
    const store = createGuidesStore({ api, cookie });
    const listener = vi.fn();
    store.subscribe(listener);
    store.markRead('shell.tour');
    store.markRead('shell.tour');
    expect(store.isRead('shell.tour')).toBe(true);
    expect(cookie.value).toEqual(['shell.tour']);
    expect(api.markRead).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('takes the server answer as the whole list', async () => {
    const cookie = memoryCookie();
    const { api, calls } = controlledApi();
    const store = createGuidesStore({ api, cookie });
    store.markRead('shell.tour');
    calls[0]?.resolve(['older.guide', 'shell.tour']);
    await flush();
    expect([...store.getSnapshot()]).toEqual(['older.guide', 'shell.tour']);
    expect(cookie.value).toEqual(['older.guide', 'shell.tour']);
  });

  it("replaces the cookie's list with /me's, dropping another user's guides", () => {
    const cookie = memoryCookie(['previous.user.guide']);
    const store = createGuidesStore({ api: controlledApi().api, cookie });
    store.syncFromServer(['shell.tour']);
    expect(store.isRead('previous.user.guide')).toBe(false);
    expect(cookie.value).toEqual(['shell.tour']);
  });

  it('never unmarks a guide whose post failed, and sends it again on the next sync', async () => {
    const { api, calls } = controlledApi();
    const store = createGuidesStore({ api, cookie: memoryCookie() });
    store.markRead('shell.tour');
    calls[0]?.reject(new Error('offline'));
    await flush();
    expect(store.isRead('shell.tour')).toBe(true);

    store.syncFromServer([]);
    expect(store.isRead('shell.tour')).toBe(true);
    expect(calls.map((c) => c.id)).toEqual(['shell.tour', 'shell.tour']);

    calls[1]?.resolve(['shell.tour']);
    await flush();
    store.syncFromServer(['shell.tour']);
    expect(api.markRead).toHaveBeenCalledTimes(2);
  });

  it('does not post twice while a post is on its way', () => {
    const { api } = controlledApi();
    const store = createGuidesStore({ api, cookie: memoryCookie() });
    store.markRead('shell.tour');
    store.syncFromServer([]);
    expect(api.markRead).toHaveBeenCalledTimes(1);
  });
});
