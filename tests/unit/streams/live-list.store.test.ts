import { NEVER } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { ChangeSet, ListPage } from '../../../src/api/entity.api.ts';
import {
  liveList$,
  LIVE_POLL_MS,
  RELIST_QUIET_MS,
  type LiveBroadcast,
  type LiveListDeps,
} from '../../../src/streams/live-list.store.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// The live store is driven entirely by RxJS time: the API calls, broadcasts and channel
// resubscriptions are marble observables, and the poll timer runs on the TestScheduler.

const row = (id: number, version: number, name = `row ${id}`): EntityRow => ({
  id,
  version,
  seq: 0,
  name,
});

const page = (rows: EntityRow[], seq = 100, total = rows.length): ListPage => ({
  rows,
  total,
  page: 1,
  per_page: 50,
  seq,
});

/** The first page of a list longer than one page. */
const LONG = 120;

const noChanges = (seq: number): ChangeSet => ({ rows: [], deleted: [], seq, more: 0 });

// Every expectation unsubscribes: the poll timer would otherwise run for ever.
const UNTIL = '^ 50ms !';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

type Partial$ = Partial<Omit<LiveListDeps, 'scheduler'>> & { scheduler: TestScheduler };

function deps(over: Partial$): LiveListDeps {
  return {
    query$: NEVER,
    list: () => NEVER,
    changes: () => NEVER,
    get: () => NEVER,
    broadcasts$: NEVER,
    resubscribed$: NEVER,
    pollMs: 1_000_000,
    ...over,
  };
}

const snapshot = (rows: EntityRow[], seq = 100, total = rows.length) => ({
  type: 'snapshot',
  rows,
  total,
  totalCapped: false,
  seq,
});
const changes = (part: { update?: EntityRow[]; remove?: number[]; outside?: number }) => ({
  type: 'changes',
  update: [],
  remove: [],
  outside: 0,
  ...part,
});

describe('the live list store', () => {
  it('polls every 30 s by default', () => {
    expect(LIVE_POLL_MS).toBe(30_000);
  });

  it('applies a newer broadcast version and ignores an older or equal one', () => {
    const ts = scheduler();
    ts.run(({ cold, hot, expectObservable }) => {
      const broadcasts$ = hot<LiveBroadcast>('---a-b-c', {
        a: { verb: 'updated', delta: { id: 1, seq: 101, version: 3, data: row(1, 3, 'new') } },
        b: { verb: 'updated', delta: { id: 1, seq: 99, version: 2, data: row(1, 2, 'old') } },
        c: { verb: 'updated', delta: { id: 1, seq: 102, version: 3, data: row(1, 3, 'dup') } },
      });
      const events = liveList$(
        deps({
          scheduler: ts,
          query$: cold('q', { q: {} }),
          list: () => cold('-(p|)', { p: page([row(1, 2), row(2, 1)]) }),
          broadcasts$,
        }),
      );
      expectObservable(events, UNTIL).toBe('-s-u', {
        s: snapshot([row(1, 2), row(2, 1)]),
        u: changes({ update: [row(1, 3, 'new')] }),
      });
    });
  });

  it('refetches a row whose broadcast carries no data, and removes a deleted row', () => {
    const ts = scheduler();
    ts.run(({ cold, hot, expectObservable }) => {
      const broadcasts$ = hot<LiveBroadcast>('--a---d', {
        a: { verb: 'updated', delta: { id: 2, seq: 101, version: 5, data: null } },
        d: { verb: 'deleted', delta: { id: 1, seq: 102, version: 2, data: null } },
      });
      const fetched: number[] = [];
      const events = liveList$(
        deps({
          scheduler: ts,
          query$: cold('q', { q: {} }),
          list: () => cold('(p|)', { p: page([row(1, 2), row(2, 1)]) }),
          get: (id) => {
            fetched.push(id);
            return cold('-(r|)', { r: row(id, 5, 'big') });
          },
          broadcasts$,
        }),
      );
      expectObservable(events, UNTIL).toBe('s--u--d', {
        s: snapshot([row(1, 2), row(2, 1)]),
        u: changes({ update: [row(2, 5, 'big')] }),
        d: changes({ remove: [1] }),
      });
      ts.flush();
      expect(fetched).toEqual([2]);
    });
  });

  it('counts a row created elsewhere once in a long list, whether the broadcast or the poll brings it', () => {
    const ts = scheduler();
    ts.run(({ cold, hot, expectObservable }) => {
      const broadcasts$ = hot<LiveBroadcast>('-a', {
        a: { verb: 'created', delta: { id: 9, seq: 101, version: 1, data: row(9, 1) } },
      });
      const events = liveList$(
        deps({
          scheduler: ts,
          query$: cold('q', { q: {} }),
          list: () => cold('(p|)', { p: page([row(1, 1)], 100, LONG) }),
          changes: (since) =>
            cold('(c|)', { c: { rows: [row(9, 1)], deleted: [], seq: since + 1, more: 0 } }),
          broadcasts$,
          resubscribed$: hot('---r'),
        }),
      );
      expectObservable(events, UNTIL).toBe('sa', {
        s: snapshot([row(1, 1)], 100, LONG),
        a: changes({ outside: 1 }),
      });
    });
  });

  it('puts the row the view just created on top, as a row of the page, not news from elsewhere', () => {
    const ts = scheduler();
    ts.run(({ cold, hot, expectObservable }) => {
      // Its own broadcast (equal version) changes nothing; a later edit updates it in place.
      const broadcasts$ = hot<LiveBroadcast>('-a-b', {
        a: { verb: 'created', delta: { id: 9, seq: 101, version: 1, data: row(9, 1) } },
        b: { verb: 'updated', delta: { id: 9, seq: 102, version: 2, data: row(9, 2, 'x') } },
      });
      const events = liveList$(
        deps({
          scheduler: ts,
          query$: cold('q', { q: {} }),
          list: () => cold('(p|)', { p: page([row(1, 1)], 101, LONG) }),
          broadcasts$,
          pinned: () => row(9, 1),
        }),
      );
      expectObservable(events, UNTIL).toBe('s--b', {
        s: snapshot([row(9, 1), row(1, 1)], 101, LONG),
        b: changes({ update: [row(9, 2, 'x')] }),
      });
    });
  });

  it('does not repeat the pinned row when the page holds it already', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      const events = liveList$(
        deps({
          scheduler: ts,
          query$: cold('q', { q: {} }),
          list: () => cold('(p|)', { p: page([row(1, 1), row(9, 1)]) }),
          pinned: () => row(9, 1),
        }),
      );
      expectObservable(events, UNTIL).toBe('s', { s: snapshot([row(1, 1), row(9, 1)]) });
    });
  });

  it('polls changes since the page seq on its timer and after every resubscription', () => {
    const ts = scheduler();
    ts.run(({ cold, hot, expectObservable }) => {
      const asked: number[] = [];
      const answers: Record<number, ChangeSet> = {
        100: { rows: [row(1, 2, 'polled')], deleted: [], seq: 105, more: 0 },
        105: { rows: [], deleted: [2], seq: 107, more: 0 },
        107: noChanges(107),
      };
      const events = liveList$(
        deps({
          scheduler: ts,
          query$: cold('q', { q: {} }),
          list: () => cold('(p|)', { p: page([row(1, 1), row(2, 1)]) }),
          changes: (since) => {
            asked.push(since);
            return cold('(c|)', { c: answers[since] ?? noChanges(since) });
          },
          resubscribed$: hot('--r'),
          pollMs: 10,
        }),
      );
      expectObservable(events, '^ 25ms !').toBe('s-u-------d', {
        s: snapshot([row(1, 1), row(2, 1)]),
        u: changes({ update: [row(1, 2, 'polled')] }),
        d: changes({ remove: [2] }),
      });
      ts.flush();
      // The resubscription at 2 ms, then the timer at 10 ms and 20 ms, each from the last seq.
      expect(asked).toEqual([100, 105, 107]);
    });
  });

  it('follows `more` until the server has sent every change', () => {
    const ts = scheduler();
    ts.run(({ cold, hot, expectObservable }) => {
      const asked: number[] = [];
      const answers: Record<number, ChangeSet> = {
        100: { rows: [row(1, 2)], deleted: [], seq: 101, more: 1 },
        101: { rows: [row(2, 2)], deleted: [], seq: 102, more: 0 },
      };
      const events = liveList$(
        deps({
          scheduler: ts,
          query$: cold('q', { q: {} }),
          list: () => cold('(p|)', { p: page([row(1, 1), row(2, 1)]) }),
          changes: (since) => {
            asked.push(since);
            return cold('(c|)', { c: answers[since] ?? noChanges(since) });
          },
          resubscribed$: hot('-r'),
        }),
      );
      expectObservable(events, UNTIL).toBe('s(ab)', {
        s: snapshot([row(1, 1), row(2, 1)]),
        a: changes({ update: [row(1, 2)] }),
        b: changes({ update: [row(2, 2)] }),
      });
      ts.flush();
      expect(asked).toEqual([100, 101]);
    });
  });

  it('reads a new snapshot for every query and drops the live part of the old one', () => {
    const ts = scheduler();
    ts.run(({ cold, hot, expectObservable }) => {
      const broadcasts$ = hot<LiveBroadcast>('----a', {
        a: { verb: 'updated', delta: { id: 1, seq: 101, version: 9, data: row(1, 9) } },
      });
      const events = liveList$(
        deps({
          scheduler: ts,
          query$: hot('q--r', { q: { page: 1 }, r: { page: 2 } }),
          list: (query) =>
            cold('(p|)', { p: page(query.page === 1 ? [row(1, 1)] : [row(3, 1)], 100, LONG) }),
          broadcasts$,
        }),
      );
      expectObservable(events, UNTIL).toBe('s--t5', {
        s: snapshot([row(1, 1)], 100, LONG),
        t: snapshot([row(3, 1)], 100, LONG),
        5: changes({ outside: 1 }),
      });
    });
  });

  it('re-reads a list that fits on its page once after a burst of rows from elsewhere', () => {
    const ts = scheduler();
    ts.run(({ cold, hot, expectObservable }) => {
      const created = (id: number): LiveBroadcast => ({
        verb: 'created',
        delta: { id, seq: 100 + id, version: 1, data: null },
      });
      const broadcasts$ = hot<LiveBroadcast>('-ab', { a: created(7), b: created(8) });
      let reads = 0;
      const events = liveList$(
        deps({
          scheduler: ts,
          query$: cold('q', { q: {} }),
          list: () =>
            cold('(p|)', { p: reads++ === 0 ? page([row(1, 1)]) : page([row(1, 1), row(7, 1)]) }),
          broadcasts$,
        }),
      );
      // Row 8 did not match the filter: the second page read simply leaves it out.
      expectObservable(events, '^ 400ms !').toBe(`s ${RELIST_QUIET_MS}ms t`, {
        s: snapshot([row(1, 1)]),
        t: snapshot([row(1, 1), row(7, 1)]),
      });
      ts.flush();
      expect(reads).toBe(2);
    });
  });

  it('reports a failed snapshot and keeps listening for the next query', () => {
    const ts = scheduler();
    ts.run(({ cold, hot, expectObservable }) => {
      let calls = 0;
      const events = liveList$(
        deps({
          scheduler: ts,
          query$: hot('q-r', { q: {}, r: {} }),
          list: () => (calls++ === 0 ? cold('#', {}, 'offline') : cold('(p|)', { p: page([]) })),
        }),
      );
      expectObservable(events, UNTIL).toBe('f-s', {
        f: { type: 'failed', error: 'offline' },
        s: snapshot([]),
      });
    });
  });
});
