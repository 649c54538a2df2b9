import { NEVER, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { MyWork, WorkLive } from '../../../src/domain/my-work.ts';
import { myWork$, type MyWorkState } from '../../../src/streams/my-work.stream.ts';

// "My work" on RxJS time: read at once, again once a burst of broadcasts goes quiet, on a
// refresh and on the poll; a failed read keeps what was read before.

const ORDERS: WorkLive = { channel: 'private-production.orders', event: 'order' };

const work = (count: number, live: WorkLive[] = [ORDERS]): MyWork => ({
  queues: [
    {
      key: 'orders_to_label',
      group: 'floor',
      title: 'Orders to label',
      count,
      href: '/production/production-orders',
      items: [],
    },
  ],
  live,
});

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const ready = (w: MyWork): MyWorkState => ({ status: 'ready', work: w });

describe('myWork$', () => {
  it('reads once per burst of broadcasts on the queues’ channels', () => {
    const heard: (readonly WorkLive[])[] = [];
    scheduler().run(({ cold, hot, expectObservable }) => {
      const answers = [work(1), work(2)];
      let reads = 0;
      const burst = hot('20ms x 2ms x 2ms x');
      const state$ = myWork$({
        read: () => cold('5ms (w|)', { w: answers[reads++]! }),
        changes: (live) => {
          heard.push(live);
          return burst;
        },
        refresh$: NEVER,
        pollMs: 1_000,
        quietMs: 10,
      });
      expectObservable(state$, '^ 100ms !').toBe('5ms a 29ms b', {
        a: ready(work(1)),
        b: ready(work(2)),
      });
    });
    expect(heard).toEqual([[ORDERS]]);
  });

  it('reads again on a refresh and on the poll, and listens to nothing without queues', () => {
    let listened = false;
    scheduler().run(({ cold, hot, expectObservable }) => {
      const none = work(0, []);
      const state$ = myWork$({
        read: () => cold('1ms (w|)', { w: none }),
        changes: () => {
          listened = true;
          return NEVER;
        },
        refresh$: hot('10ms r'),
        pollMs: 50,
        quietMs: 5,
      });
      expectObservable(state$, '^ 60ms !').toBe('1ms a 14ms b 39ms c', {
        a: ready(none),
        b: ready(none),
        c: ready(none),
      });
    });
    expect(listened).toBe(false);
  });

  it('keeps the last work when a read fails, and recovers on the next', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const replies: Observable<MyWork>[] = [
        cold('1ms (w|)', { w: work(3) }),
        cold<MyWork>('1ms #'),
        cold('1ms (w|)', { w: work(4) }),
      ];
      let reads = 0;
      const state$ = myWork$({
        read: () => replies[reads++]!,
        changes: () => NEVER,
        refresh$: hot('10ms r 19ms r'),
        pollMs: 1_000,
        quietMs: 1,
      });
      expectObservable(state$, '^ 50ms !').toBe('1ms a 10ms f 19ms b', {
        a: ready(work(3)),
        f: { status: 'failed', work: work(3) },
        b: ready(work(4)),
      });
    });
  });

  it('says a first read failed with nothing to show', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const state$ = myWork$<MyWork>({
        read: () => cold('1ms #'),
        changes: () => NEVER,
        refresh$: NEVER,
      });
      expectObservable(state$, '^ 5ms !').toBe('1ms f', { f: { status: 'failed', work: null } });
    });
  });

  it('takes an answer without its broadcasts for a failed read, not a crash', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const state$ = myWork$<MyWork>({
        // What a proxy or a server of another version might answer instead.
        read: () => cold('1ms (w|)', { w: { id: 9 } as unknown as MyWork }),
        changes: () => NEVER,
        refresh$: NEVER,
      });
      expectObservable(state$, '^ 5ms !').toBe('1ms f', { f: { status: 'failed', work: null } });
    });
  });
});
