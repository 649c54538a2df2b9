import { merge, Observable } from 'rxjs';
import type { RealtimeConnection } from '../../../api/echo-client.ts';
import type { WorkLive } from '../../../domain/my-work.ts';

// What refreshes a live answer of the work queues ("My work", the approval inbox and its
// top-bar count): a broadcast on one of its channels, or the connection coming back.

const VERBS = ['created', 'updated', 'deleted'] as const;

/** Every broadcast of the queues' channels, on the session's connection. */
export function broadcastsOf(connection: RealtimeConnection, live: readonly WorkLive[]) {
  // RealtimeConnection.listen adds the `private-` prefix itself.
  return merge(
    ...live.flatMap(({ channel, event }) =>
      VERBS.map(
        (verb) =>
          new Observable<void>((subscriber) =>
            connection.listen(channel.replace(/^private-/, ''), `${event}.${verb}`, () =>
              subscriber.next(),
            ),
          ),
      ),
    ),
  );
}

/** Emits each time the connection is back after being away. */
export function reconnectsOf(connection: RealtimeConnection) {
  return new Observable<void>((subscriber) => {
    let last = connection.status();
    return connection.onStatus((status) => {
      if (status === 'connected' && last !== 'connected') subscriber.next();
      last = status;
    });
  });
}
