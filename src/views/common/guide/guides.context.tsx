import {
  createContext,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { guidesApi } from '../../../api/guides.api.ts';
import { guidesCookie } from './guides-cookie.ts';
import { createGuidesStore, type GuidesStore } from './guides.store.ts';

// Hands the guides store to every <GuideTour> below. The shell passes the server's list from
// /api/me as `serverRead` (`guidesReadOf(user)`); until it is known (null) the cookie decides.

const GuidesContext = createContext<GuidesStore | null>(null);

export interface GuidesProviderProps {
  /** guides_read of /api/me, or null while the user is loading. */
  serverRead: readonly string[] | null;
  /** A store of your own (tests); by default the real API and the `guides` cookie. */
  store?: GuidesStore;
  children: ReactNode;
}

export function GuidesProvider({ serverRead, store: given, children }: GuidesProviderProps) {
  const [store] = useState(
    () => given ?? createGuidesStore({ api: guidesApi, cookie: guidesCookie }),
  );
  // A new array from each /me answer is a new sync; the same contents resync harmlessly.
  useEffect(() => {
    if (serverRead) store.syncFromServer(serverRead);
  }, [serverRead, store]);
  return <GuidesContext value={store}>{children}</GuidesContext>;
}

/** Whether guide `id` is read, and a way to mark it (once, for good). */
export function useGuide(id: string): { read: boolean; markRead: () => void } {
  const store = useContext(GuidesContext);
  if (!store) throw new Error('useGuide needs a <GuidesProvider>');
  const read = useSyncExternalStore(store.subscribe, () => store.getSnapshot().has(id));
  return { read, markRead: () => store.markRead(id) };
}
