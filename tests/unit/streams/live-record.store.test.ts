import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { LiveBroadcast } from '../../../src/streams/live-list.store.ts';
import { liveRecord$ } from '../../../src/streams/live-record.store.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// One open record kept live: its channel's broadcasts for its id, each re-read in full; a
// resubscription and the poll period re-read too; only versions newer than the page's pass.

const row = (version: number): EntityRow => ({ id: 7, version, seq: version, status: 's' });
const updated = (id: number, version: number): LiveBroadcast => ({
  verb: 'updated',
  delta: { id, seq: version, version, data: null },
});

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('liveRecord$', () => {
  it('re-reads the record on its own newer broadcast and passes the newer row', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const broadcasts$ = hot<LiveBroadcast>('--a--b--c', {
        a: updated(8, 9), // another record
        b: updated(7, 2), // the version the page holds
        c: updated(7, 3),
      });
      const reads = { x: row(3) };
      const events$ = liveRecord$({
        id: 7,
        known: () => 2,
        get: () => cold('-x|', reads),
        broadcasts$,
        resubscribed$: hot(''),
        pollMs: 1000,
      });
      expectObservable(events$, '^ 20ms !').toBe('---------y', { y: { type: 'row', row: row(3) } });
    });
  });

  it('re-reads after a resubscription, passing only what is newer than the page', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const reads = [row(2), row(4)];
      const events$ = liveRecord$({
        id: 7,
        known: () => 2,
        get: () => cold('x|', { x: reads.shift()! }),
        broadcasts$: hot(''),
        resubscribed$: hot('-r---r', { r: 1 }),
        pollMs: 1000,
      });
      expectObservable(events$, '^ 20ms !').toBe('-----y', { y: { type: 'row', row: row(4) } });
    });
  });

  it('says when the record is deleted', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const events$ = liveRecord$({
        id: 7,
        known: () => 2,
        get: () => {
          throw new Error('not read');
        },
        broadcasts$: hot('--d', {
          d: { verb: 'deleted', delta: { id: 7, seq: 3, version: 2, data: null } },
        }),
        resubscribed$: hot(''),
        pollMs: 1000,
      });
      expectObservable(events$, '^ 20ms !').toBe('--x', { x: { type: 'deleted' } });
    });
  });

  it('polls on the period, so a missed broadcast heals', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const events$ = liveRecord$({
        id: 7,
        known: () => 2,
        get: () => cold('x|', { x: row(5) }),
        broadcasts$: hot(''),
        resubscribed$: hot(''),
        pollMs: 10,
      });
      expectObservable(events$, '^ 15ms !').toBe('10ms y', { y: { type: 'row', row: row(5) } });
    });
  });
});
