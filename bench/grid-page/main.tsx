import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import Pusher from 'pusher-js';
import { createRoot } from 'react-dom/client';
import { map, NEVER, Observable, of, scan, tap } from 'rxjs';
import type { ListPage } from '../../src/api/entity.api.ts';
import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import type { TableQueryInput } from '../../src/domain/table-filter/table-query.types.ts';
import {
  liveList$,
  type LiveBroadcast,
  type LiveListEvent,
} from '../../src/streams/live-list.store.ts';
import { defaultLayout } from '../../src/views/common/grid/column-layout.ts';
import { EntityGrid } from '../../src/views/common/grid/entity-grid.tsx';
import type { GridQueryState } from '../../src/views/common/grid/grid-query.context.ts';
import { theme } from '../../src/views/theme.ts';
import { rowOf } from './grid-rows.ts';
import type { EntityRow } from '../../src/domain/entities/entity-row.ts';

// The grid benchmark's page (bench/grid.bench.ts): the app's EntityGrid over the production
// orders declaration, fed by the app's live store (liveList$) whose broadcasts come through
// real pusher-js from the Plantline server the benchmark publishes on. The list query is sorted
// and filtered, as the server would answer it; the page holds all ROWS rows. mode=transactions
// is the app as it is (deltas → applyTransactionAsync); mode=rowData replaces the whole rowData
// for every update (the same stream, each change folded into a new array sent as a snapshot).

declare global {
  interface Window {
    __grid: {
      ready: boolean;
      /** Why the page cannot take part (sign-in or subscription refused), for the bench to say. */
      error?: string;
      applied: number;
      frames: number[];
      longTasks: number[];
      collecting: boolean;
      start(): void;
      stop(): { applied: number; frames: number[]; longTasks: number[] };
    };
  }
}

const params = new URLSearchParams(location.search);
const ROWS = Number(params.get('rows') ?? 50_000);
const mode = params.get('mode') ?? 'transactions';
const fields = PRODUCTION_ORDERS.fields;

const state: Window['__grid'] = {
  ready: false,
  applied: 0,
  frames: [],
  longTasks: [],
  collecting: false,
  start() {
    state.applied = 0;
    state.frames = [];
    state.longTasks = [];
    state.collecting = true;
  },
  stop() {
    state.collecting = false;
    return { applied: state.applied, frames: state.frames, longTasks: state.longTasks };
  },
};
window.__grid = state;

let last = performance.now();
const frame = (now: number) => {
  if (state.collecting) state.frames.push(now - last);
  last = now;
  requestAnimationFrame(frame);
};
requestAnimationFrame(frame);
new PerformanceObserver((list) => {
  if (!state.collecting) return;
  for (const entry of list.getEntries()) state.longTasks.push(entry.duration);
}).observe({ type: 'longtask', buffered: false });

const query: TableQueryInput = {
  sort: { field: 'number', direction: 'desc' },
  filter: [
    { field: 'status', field_type: 'enum', filters: [{ operator: 'in', value: ['in_progress'] }] },
  ],
};
// The page the server would answer: every row matches the filter, sorted by number desc.
const page: ListPage = {
  rows: Array.from({ length: ROWS }, (_, i) => rowOf(ROWS - i, 1)),
  total: ROWS,
  page: 1,
  per_page: ROWS,
  seq: 1,
};

const pusher = new Pusher(params.get('key') ?? '', {
  cluster: '',
  wsHost: params.get('host') ?? '127.0.0.1',
  wsPort: Number(params.get('port')),
  forceTLS: false,
  enabledTransports: ['ws'],
  // The server lets only a signed-in socket onto a public channel; the bench's page server
  // signs the socket in, as the app's backend would.
  userAuthentication: {
    customHandler: ({ socketId }, callback) => {
      fetch(`./user-auth?socket_id=${encodeURIComponent(socketId)}`)
        .then(async (res) => {
          if (!res.ok) throw new Error(`user-auth answered ${res.status}`);
          return (await res.json()) as { auth: string; user_data: string };
        })
        .then(
          (answer) => callback(null, answer),
          (error: unknown) => {
            state.error = `sign-in failed: ${String(error)}`;
            callback(error instanceof Error ? error : new Error(String(error)), null);
          },
        );
    },
  },
});
pusher.signin();
const broadcasts$ = new Observable<LiveBroadcast>((subscriber) => {
  const handler = (delta: LiveBroadcast['delta']) => subscriber.next({ verb: 'updated', delta });
  let channel: ReturnType<Pusher['subscribe']> | undefined;
  // A subscription sent before the sign-in is done would be refused.
  void pusher.user.signinDonePromise.then(() => {
    channel = pusher.subscribe(params.get('channel') ?? 'bench-grid');
    channel.bind('order.updated', handler);
    channel.bind('pusher:subscription_succeeded', () => {
      state.ready = true;
    });
    channel.bind('pusher:subscription_error', (error: unknown) => {
      state.error = `subscription refused: ${JSON.stringify(error)}`;
    });
  });
  return () => channel?.unbind('order.updated', handler);
});

const live$ = liveList$({
  query$: of(query),
  list: () => of(page),
  changes: () => of({ rows: [], deleted: [], seq: 1, more: 0 as const }),
  get: () => NEVER,
  broadcasts$,
  resubscribed$: NEVER,
  pollMs: 24 * 3600 * 1000,
}).pipe(
  tap((event) => {
    if (event.type === 'changes') state.applied += event.update.length;
  }),
);

/** Each change folded into a new full array, handed to the grid as a snapshot. */
type Folded = { rows: EntityRow[]; index: Map<number, number>; out: LiveListEvent };
const wholeRowData$ = live$.pipe(
  scan(
    (acc: Folded, event: LiveListEvent): Folded => {
      if (event.type === 'snapshot') {
        return {
          rows: event.rows,
          index: new Map(event.rows.map((r, i) => [r.id, i])),
          out: event,
        };
      }
      if (event.type !== 'changes') return { ...acc, out: event };
      const rows = acc.rows.slice();
      for (const row of event.update) {
        const at = acc.index.get(row.id);
        if (at !== undefined) rows[at] = row;
      }
      return {
        rows,
        index: acc.index,
        out: { type: 'snapshot', rows, total: rows.length, seq: 0 },
      };
    },
    {
      rows: [],
      index: new Map(),
      out: { type: 'changes', update: [], remove: [], outside: 0 },
    } as Folded,
  ),
  map((acc) => acc.out),
);

const gridQuery: GridQueryState = {
  fields,
  filterable: [],
  sort: query.sort ?? null,
  onSort: () => {},
  filters: new Map((query.filter ?? []).map((f) => [f.field, f])),
  onFilter: () => {},
  loadOptions: async () => [],
};

createRoot(document.getElementById('root')!).render(
  <MantineProvider theme={theme} defaultColorScheme="light">
    <EntityGrid
      query={gridQuery}
      layout={defaultLayout(PRODUCTION_ORDERS)}
      onLayout={() => {}}
      events$={mode === 'rowData' ? wholeRowData$ : live$}
      height="100vh"
    />
  </MantineProvider>,
);
