import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { tabsMachine } from '../../../src/machines/ui/tabs.machine.ts';
import type { TabVisit } from '../../../src/machines/ui/tabs.views.ts';

// Four views: the pinnable dashboard, two views sharing one component name (so closing one
// must not drop the other's cache) and a no-cache report. The model is an oracle written
// apart from the machine: it keeps only the tab order, the active tab and where to go next.
const VIEWS: Record<string, TabVisit> = {
  '/dashboard': { path: '/dashboard', fullPath: '/dashboard', name: 'Dashboard', title: 'Home' },
  '/orders': { path: '/orders', fullPath: '/orders?page=2', name: 'Orders', title: 'Orders' },
  '/archive': { path: '/archive', fullPath: '/archive', name: 'Orders', title: 'Archive' },
  '/report': {
    path: '/report',
    fullPath: '/report',
    name: 'Report',
    title: 'Report',
    noCache: true,
  },
};
const PATHS = Object.keys(VIEWS);
// Executors receive the step's event typed loosely by xstate/graph; every path event has one.
const pathOf = (event: unknown) => (event as { path: string }).path;
const full = (path: string | null) => (path ? VIEWS[path]!.fullPath : '/dashboard');

type ModelEvent =
  | { type: 'INIT_AFFIX' | 'CLOSE_ALL' | 'REFRESH_ORDERS' }
  | { type: 'VISIT' | 'CLOSE' | 'CLOSE_OTHERS'; path: string };
interface Model {
  tabs: string[];
  active: string | null;
  navigate: string | null;
  pinned: boolean;
  /** 'Orders' was dropped from the cache by a refresh and no view re-added it yet. */
  ordersUncached: boolean;
}

const pinnedHere = (m: Model, path: string) => m.pinned && path === '/dashboard';
/** After closing: the active tab if it survived, else its nearest left survivor, else the last. */
function leave(m: Model, tabs: string[], preferred?: string): Partial<Model> {
  if (m.active === null || tabs.includes(m.active)) return { tabs, navigate: null };
  const left = m.tabs
    .slice(0, m.tabs.indexOf(m.active))
    .reverse()
    .find((p) => tabs.includes(p));
  const active = preferred ?? left ?? tabs.at(-1) ?? null;
  const named = tabs.some((p) => VIEWS[p]!.name === 'Orders');
  return { tabs, active, navigate: full(active), ordersUncached: m.ordersUncached && named };
}

const model = createTestModel(
  setup({
    types: { context: {} as Model, events: {} as ModelEvent },
    guards: {
      canPin: ({ context }) => !context.pinned,
      isOpen: ({ context, event }) => 'path' in event && context.tabs.includes(event.path),
      isClosable: ({ context, event }) =>
        'path' in event && context.tabs.includes(event.path) && !pinnedHere(context, event.path),
      canRefresh: ({ context }) => context.tabs.includes('/orders') && !context.ordersUncached,
    },
  }).createMachine({
    context: { tabs: [], active: null, navigate: null, pinned: false, ordersUncached: false },
    on: {
      INIT_AFFIX: {
        guard: 'canPin',
        actions: assign(({ context: m }) => ({
          pinned: true,
          tabs: m.tabs.includes('/dashboard') ? m.tabs : ['/dashboard', ...m.tabs],
        })),
      },
      VISIT: {
        actions: assign(({ context: m, event }) => ({
          tabs: m.tabs.includes(event.path) ? m.tabs : [...m.tabs, event.path],
          active: event.path,
          navigate: null,
          ordersUncached: m.ordersUncached && VIEWS[event.path]!.name !== 'Orders',
        })),
      },
      CLOSE: {
        guard: 'isClosable',
        actions: assign(({ context: m, event }) =>
          leave(
            m,
            m.tabs.filter((p) => p !== event.path),
          ),
        ),
      },
      CLOSE_OTHERS: {
        guard: 'isOpen',
        actions: assign(({ context: m, event }) =>
          leave(
            m,
            m.tabs.filter((p) => p === event.path || pinnedHere(m, p)),
            event.path,
          ),
        ),
      },
      CLOSE_ALL: {
        actions: assign(({ context: m }) =>
          leave(
            m,
            m.tabs.filter((p) => pinnedHere(m, p)),
          ),
        ),
      },
      REFRESH_ORDERS: { guard: 'canRefresh', actions: assign({ ordersUncached: true }) },
    },
  }),
  {
    events: [
      { type: 'INIT_AFFIX' },
      { type: 'CLOSE_ALL' },
      { type: 'REFRESH_ORDERS' },
      ...PATHS.flatMap((path) =>
        (['VISIT', 'CLOSE', 'CLOSE_OTHERS'] as const).map((type) => ({ type, path })),
      ),
    ],
    filterEvents: (s, e) => s.can(e),
    // States are told apart by their context alone; the reaching transition adds nothing here.
    serializeTransition: () => '',
  },
);

describe('tabs machine, model-based', () => {
  const paths = model.getShortestPaths();

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const actor = createActor(tabsMachine).start();
    const context = () => actor.getSnapshot().context;

    await path.test({
      states: {
        '*': (state) => {
          const m = state.context;
          const visited = context().visited;
          expect(visited.map((v) => v.path)).toEqual(m.tabs);
          expect(context().activePath).toBe(m.active);
          expect(context().navigateTo).toBe(m.navigate);
          // Invariants: pinned tabs stay; no path twice; the cache holds exactly the names
          // of open cacheable views, less the one a refresh dropped; keys only for open tabs.
          if (m.pinned) expect(visited.find((v) => v.path === '/dashboard')?.affix).toBe(true);
          expect(new Set(m.tabs).size).toBe(m.tabs.length);
          const names = new Set(visited.filter((v) => !v.noCache).map((v) => v.name));
          if (m.ordersUncached) names.delete('Orders');
          expect(new Set(context().cached)).toEqual(names);
          expect(context().cached.length).toBe(names.size);
          for (const key of Object.keys(context().refreshKeys)) expect(m.tabs).toContain(key);
        },
      },
      events: {
        INIT_AFFIX: () =>
          void actor.send({
            type: 'tabs.init_affix',
            views: [{ ...VIEWS['/dashboard']!, affix: true }],
          }),
        VISIT: ({ event }: { event: unknown }) =>
          void actor.send({ type: 'tabs.visit', view: VIEWS[pathOf(event)]! }),
        CLOSE: ({ event }: { event: unknown }) =>
          void actor.send({ type: 'tabs.close', path: pathOf(event) }),
        CLOSE_OTHERS: ({ event }: { event: unknown }) =>
          void actor.send({ type: 'tabs.close_others', path: pathOf(event) }),
        CLOSE_ALL: () => void actor.send({ type: 'tabs.close_all' }),
        REFRESH_ORDERS: () => void actor.send({ type: 'tabs.refresh', path: '/orders' }),
      },
    });
  });
});
