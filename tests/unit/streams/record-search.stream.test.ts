import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { RecordHit } from '../../../src/api/search.api.ts';
import {
  recordSearch$,
  type RecordSearchState,
} from '../../../src/streams/record-search.stream.ts';

// The records group's stream on RxJS time: marbles for keystrokes and answers, the debounce
// on the TestScheduler.

const hit = (label: string): RecordHit => ({
  entity: 'production_orders',
  title: 'Production order',
  id: 1,
  label,
  detail: '',
  path: '/production/production-orders?open=1',
  match: 'exact',
});

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

const idle = (query: string): RecordSearchState => ({ status: 'idle', query, hits: [] });
const loading = (query: string): RecordSearchState => ({ status: 'loading', query, hits: [] });
const done = (query: string, hits: RecordHit[]): RecordSearchState => ({
  status: 'done',
  query,
  hits,
});

describe('recordSearch$', () => {
  it('asks once typing pauses, and only for the last text', () => {
    const asked: string[] = [];
    scheduler().run(({ cold, hot, expectObservable }) => {
      const query$ = hot('a 9ms b 9ms c', { a: 'MO', b: 'MO-0', c: 'MO-00106' });
      const search = (q: string) => {
        asked.push(q);
        return cold('10ms (r|)', { r: [hit(q)] });
      };
      const state$ = recordSearch$({ query$, search, debounceMs: 50 });
      expectObservable(state$).toBe('a 9ms b 9ms c 49ms - 9ms d', {
        a: loading('MO'),
        b: loading('MO-0'),
        c: loading('MO-00106'),
        d: done('MO-00106', [hit('MO-00106')]),
      });
    });
    expect(asked).toEqual(['MO-00106']);
  });

  it('drops an answer that arrives after newer text, and clears on short text', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const query$ = hot('a 99ms b', { a: 'lot', b: 'l' });
      const search = (q: string) => cold('100ms (r|)', { r: [hit(q)] });
      const state$ = recordSearch$({ query$, search, debounceMs: 20 });
      // The request for 'lot' is still out when 'l' is typed: it is cancelled, never shown.
      expectObservable(state$).toBe('a 99ms b', { a: loading('lot'), b: idle('l') });
    });
  });

  it('says a failed request failed and keeps listening', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const query$ = hot('a 99ms b', { a: 'SKU-1', b: 'SKU-12' });
      let calls = 0;
      const search = (q: string) =>
        calls++ === 0 ? cold<RecordHit[]>('5ms #') : cold('5ms (r|)', { r: [hit(q)] });
      const state$ = recordSearch$({ query$, search, debounceMs: 10 });
      expectObservable(state$).toBe('a 14ms f 84ms b 14ms d', {
        a: loading('SKU-1'),
        f: { status: 'failed', query: 'SKU-1', hits: [] },
        b: loading('SKU-12'),
        d: done('SKU-12', [hit('SKU-12')]),
      });
    });
  });
});
