import { Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { ConnectionStatus, RealtimeConnection } from '../../../src/api/echo-client.ts';
import { realtimeConnection$ } from '../../../src/streams/realtime-connection.stream.ts';

// A connection whose status the test drives; it records what the stream asked of it.
function fakeConnection(initial: ConnectionStatus = 'connecting') {
  const statuses = new Subject<ConnectionStatus>();
  let current = initial;
  const calls: string[] = [];
  const connection: RealtimeConnection = {
    status: () => current,
    onStatus: (callback) => {
      const s = statuses.subscribe(callback);
      return () => s.unsubscribe();
    },
    joinPresence: () => () => undefined,
    listen: () => () => undefined,
    socketId: () => undefined,
    disconnect: () => calls.push('disconnect'),
    reconnect: () => calls.push('reconnect'),
  };
  const emit = (status: ConnectionStatus) => {
    current = status;
    statuses.next(status);
  };
  return { connection, emit, calls };
}

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('the realtime connection stream', () => {
  it('reports every status and closes the connection when unsubscribed (logout)', () => {
    const fake = fakeConnection();
    scheduler().run(({ cold, expectObservable }) => {
      cold('-a-b', { a: 'connected', b: 'reconnecting' }).subscribe((s) => fake.emit(s as ConnectionStatus));
      const statuses = realtimeConnection$({ open: () => fake.connection });
      expectObservable(statuses, '^---!').toBe('xa-b', {
        x: { connection: fake.connection, status: 'connecting' },
        a: { connection: fake.connection, status: 'connected' },
        b: { connection: fake.connection, status: 'reconnecting' },
      });
    });
    expect(fake.calls).toEqual(['disconnect']);
  });

  it('disconnects when unavailable, then reconnects after a growing pause', () => {
    const fake = fakeConnection('connected');
    const ts = scheduler();
    ts.run(({ cold, flush }) => {
      // failed at 10 ms; our disconnect shows as 'disconnected' at 11 ms; failed again at 30 ms.
      cold('10ms a 0ms b 18ms c', { a: 'failed', b: 'disconnected', c: 'failed' }).subscribe((s) =>
        fake.emit(s as ConnectionStatus),
      );
      const sub = realtimeConnection$({ open: () => fake.connection, retryDelaysMs: [5, 50], scheduler: ts }).subscribe();
      ts.schedule(() => expect(fake.calls).toEqual(['disconnect']), 12);
      ts.schedule(() => expect(fake.calls).toEqual(['disconnect', 'reconnect']), 16);
      ts.schedule(() => expect(fake.calls).toEqual(['disconnect', 'reconnect', 'disconnect']), 40);
      ts.schedule(() => expect(fake.calls).toEqual(['disconnect', 'reconnect', 'disconnect', 'reconnect']), 90);
      ts.schedule(() => sub.unsubscribe(), 100);
      flush();
    });
    expect(fake.calls.at(-1)).toBe('disconnect');
  });

  it('starts the pauses over once connected again', () => {
    const fake = fakeConnection('connected');
    const ts = scheduler();
    ts.run(({ cold, flush }) => {
      cold('1ms a 9ms b 9ms c', { a: 'failed', b: 'connected', c: 'failed' }).subscribe((s) => fake.emit(s as ConnectionStatus));
      const sub = realtimeConnection$({ open: () => fake.connection, retryDelaysMs: [3, 100], scheduler: ts }).subscribe();
      // First failure at 1 → reconnect at 4; connected at 11; failure at 21 → first pause again → 24.
      ts.schedule(() => expect(fake.calls.filter((c) => c === 'reconnect')).toHaveLength(2), 25);
      ts.schedule(() => sub.unsubscribe(), 30);
      flush();
    });
  });
});
