import type { GuidesApi } from '../../../api/guides.api.ts';
import type { GuidesCookie } from './guides-cookie.ts';

// Which guides the user has read. Three sources, in the order they arrive: the cookie (at
// once), a guide finished on this page (optimistic), and the server (/api/me, then each
// mark-read answer). The server is authoritative for the signed-in user, so its list replaces
// the cookie's, which also drops a previous user's guides on a shared browser. A guide marked
// here but not yet confirmed is kept and sent again on the next sync, so a failed POST heals
// and a guide once read is never shown again.

export interface GuidesStoreDeps {
  api: Pick<GuidesApi, 'markRead'>;
  cookie: GuidesCookie;
}

export type GuidesStore = ReturnType<typeof createGuidesStore>;

export function createGuidesStore({ api, cookie }: GuidesStoreDeps) {
  let read: ReadonlySet<string> = new Set(cookie.read());
  /** Marked here, not yet in a server answer. */
  const pending = new Set<string>();
  const inFlight = new Set<string>();
  const listeners = new Set<() => void>();

  const publish = (next: Iterable<string>) => {
    read = new Set(next);
    cookie.write([...read]);
    listeners.forEach((listener) => listener());
  };

  const send = (id: string) => {
    if (inFlight.has(id)) return;
    inFlight.add(id);
    api
      .markRead(id)
      .then((serverIds) => {
        pending.delete(id);
        publish([...serverIds, ...pending]);
      })
      // Kept in `pending`: the next syncFromServer sends it again.
      .catch(() => undefined)
      .finally(() => inFlight.delete(id));
  };

  return {
    getSnapshot: (): ReadonlySet<string> => read,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isRead: (id: string): boolean => read.has(id),

    /** Marks `id` read now and on the server; a second call does nothing. */
    markRead: (id: string): void => {
      if (read.has(id)) return;
      pending.add(id);
      publish([...read, id]);
      send(id);
    },

    /** The server's list (from /api/me): replaces the cookie's, keeps unconfirmed marks. */
    syncFromServer: (serverIds: readonly string[]): void => {
      const confirmed = new Set(serverIds);
      for (const id of pending) {
        if (confirmed.has(id)) pending.delete(id);
        else send(id);
      }
      publish([...serverIds, ...pending]);
    },
  };
}
