import { setup, type SnapshotFrom } from 'xstate';
import { LOADING_AUTO_STOP_MS } from '../../domain/constants.ts';

// The shared loading flag behind the full-screen overlay (docs/product.md §1, §4). It is a flag,
// not a counter: any stop switches it off, and `autoStop` forces it off so a lost stop (a crashed
// request, a view that unmounted) can never lock the whole console behind the overlay.

export type LoadingEvent = { type: 'loading.start' } | { type: 'loading.stop' };

export const loadingMachine = setup({
  types: { events: {} as LoadingEvent },
  delays: { autoStop: LOADING_AUTO_STOP_MS },
}).createMachine({
  id: 'loading',
  initial: 'off',
  states: {
    off: { on: { 'loading.start': 'on' } },
    // A second start while on does not restart the clock: the limit counts from turning on.
    on: {
      after: { autoStop: 'off' },
      on: { 'loading.stop': 'off' },
    },
  },
});

export const selectIsLoading = (s: SnapshotFrom<typeof loadingMachine>): boolean => s.matches('on');
