import { assign, setup, type SnapshotFrom } from 'xstate';
import {
  nextAfterClosing,
  pruneKeys,
  recache,
  toTabView,
  upsert,
  upsertReplacing,
  type TabView,
  type TabVisit,
} from './tabs.views.ts';

// Visited-view tabs and the view cache of docs/product.md §2 and §4. The machine only keeps the
// lists; the view renders them, navigates to `navigateTo` after a close, and sends `tabs.visit` on
// every route change (which clears `navigateTo` and re-caches a refreshed view).

export type TabsEvent =
  /** `replacing`: the path the router replaced with this one, whose tab the view takes. */
  | { type: 'tabs.visit'; view: TabVisit; replacing?: string }
  /** Remount the view at `path`: out of the cache, and a new key for its outlet. */
  | { type: 'tabs.refresh'; path: string }
  | { type: 'tabs.close'; path: string }
  | { type: 'tabs.close_others'; path: string }
  | { type: 'tabs.close_all' }
  /** Pin the views marked affix in the route map, e.g. the dashboard, once routes are built. */
  | { type: 'tabs.init_affix'; views: readonly TabVisit[] };

export interface TabsContext {
  visited: TabView[];
  /** Names of the views kept alive when their tab is not shown. */
  cached: string[];
  /** Bumped by refresh; the view keys the outlet of `path` with it so React remounts it. */
  refreshKeys: Record<string, number>;
  activePath: string | null;
  /** Set when the active tab was closed: the full path the view must navigate to. */
  navigateTo: string | null;
}

type Closing = { context: TabsContext; keep: (view: TabView) => boolean; preferred?: TabView };

/** Every close ends here so cache, keys and the next location always agree with the list. */
function close({ context, keep, preferred }: Closing): Partial<TabsContext> {
  const visited = context.visited.filter((v) => v.affix || keep(v));
  const next = nextAfterClosing(context.visited, visited, context.activePath, preferred);
  return {
    visited,
    cached: recache(context.cached, visited),
    refreshKeys: pruneKeys(context.refreshKeys, visited),
    activePath: next ? next.path : context.activePath,
    navigateTo: next ? next.fullPath : null,
  };
}

const find = (context: TabsContext, path: string) => context.visited.find((v) => v.path === path);

export const tabsMachine = setup({
  types: { context: {} as TabsContext, events: {} as TabsEvent },
  actions: {
    visit: assign(({ context }, params: { view: TabVisit; replacing?: string }) => {
      const view = toTabView(params.view);
      const visited = upsertReplacing(context.visited, view, params.replacing);
      return {
        visited,
        cached: recache(context.cached, visited, view),
        refreshKeys: pruneKeys(context.refreshKeys, visited),
        activePath: view.path,
        navigateTo: null,
      };
    }),
    initAffix: assign(({ context }, params: { views: readonly TabVisit[] }) => {
      const pinned = params.views.map((v) => toTabView({ ...v, affix: true }));
      const fresh = pinned.filter(
        (v, i) => !find(context, v.path) && pinned.findIndex((p) => p.path === v.path) === i,
      );
      const visited = pinned.reduce(upsert, [...fresh, ...context.visited]);
      return { visited, cached: pinned.reduce((c, v) => recache(c, visited, v), context.cached) };
    }),
    refresh: assign(({ context }, params: { path: string }) => {
      const name = find(context, params.path)?.name;
      return {
        cached: context.cached.filter((n) => n !== name),
        refreshKeys: {
          ...context.refreshKeys,
          [params.path]: (context.refreshKeys[params.path] ?? 0) + 1,
        },
      };
    }),
    close: assign(({ context }, params: { path: string }) =>
      close({ context, keep: (v) => v.path !== params.path }),
    ),
    closeOthers: assign(({ context }, params: { path: string }) =>
      close({
        context,
        keep: (v) => v.path === params.path,
        preferred: find(context, params.path),
      }),
    ),
    closeAll: assign(({ context }) => close({ context, keep: () => false })),
  },
  guards: {
    isOpen: ({ context }, params: { path: string }) => find(context, params.path) !== undefined,
    isClosable: ({ context }, params: { path: string }) =>
      find(context, params.path)?.affix === false,
  },
}).createMachine({
  id: 'tabs',
  context: { visited: [], cached: [], refreshKeys: {}, activePath: null, navigateTo: null },
  initial: 'tracking',
  states: {
    tracking: {
      on: {
        'tabs.visit': {
          actions: {
            type: 'visit',
            params: ({ event }) => ({ view: event.view, replacing: event.replacing }),
          },
        },
        'tabs.init_affix': {
          actions: { type: 'initAffix', params: ({ event }) => ({ views: event.views }) },
        },
        'tabs.refresh': {
          guard: { type: 'isOpen', params: ({ event }) => ({ path: event.path }) },
          actions: { type: 'refresh', params: ({ event }) => ({ path: event.path }) },
        },
        'tabs.close': {
          guard: { type: 'isClosable', params: ({ event }) => ({ path: event.path }) },
          actions: { type: 'close', params: ({ event }) => ({ path: event.path }) },
        },
        'tabs.close_others': {
          guard: { type: 'isOpen', params: ({ event }) => ({ path: event.path }) },
          actions: { type: 'closeOthers', params: ({ event }) => ({ path: event.path }) },
        },
        'tabs.close_all': { actions: 'closeAll' },
      },
    },
  },
});

export const selectVisited = (s: SnapshotFrom<typeof tabsMachine>): TabView[] => s.context.visited;
export const selectCached = (s: SnapshotFrom<typeof tabsMachine>): string[] => s.context.cached;
export const selectNavigateTo = (s: SnapshotFrom<typeof tabsMachine>): string | null =>
  s.context.navigateTo;
export const selectRefreshKey =
  (path: string) =>
  (s: SnapshotFrom<typeof tabsMachine>): number =>
    s.context.refreshKeys[path] ?? 0;
