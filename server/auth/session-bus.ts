import { Redis } from 'ioredis';
import type { SessionTarget } from '../realtime/session-watch.ts';

// How one server process tells the others that sessions changed, so their session caches
// forget them: one Redis pub/sub channel, as the realtime bus does (redis-cluster-bus.ts), with
// a connection of its own for publishing and one for listening. Redis pub/sub delivers at
// most once: while the listening connection is down an announcement would be lost, so the
// cache trusts nothing it holds until the connection is back and subscribed again.

export interface SessionBus {
  publish(target: SessionTarget): Promise<void>;
  onChange(handler: (target: SessionTarget) => void): void;
  /** Called when announcements may have been missed (the connection dropped). */
  onTrustLost(handler: () => void): void;
  /** Whether every announcement since the last onTrustLost has been heard. */
  trusted(): boolean;
  close(): Promise<void>;
}

export async function createRedisSessionBus(options: {
  url: string;
  /** The app id, so two apps sharing a Redis do not hear each other. */
  appId: string;
  onError?: (error: Error) => void;
}): Promise<SessionBus> {
  const topic = `plantline:sessions:${options.appId}:changed`;
  const pub = new Redis(options.url, { lazyConnect: true });
  // Subscribed again by hand after a reconnect, so the moment it is heard again is known.
  const sub = pub.duplicate({ autoResubscribe: false });
  const changeHandlers: Array<(target: SessionTarget) => void> = [];
  const trustHandlers: Array<() => void> = [];
  let subscribed = false;
  const lose = () => {
    if (!subscribed) return;
    subscribed = false;
    for (const handler of trustHandlers) handler();
  };
  let started = false;
  let closing = false;
  const listen = async () => {
    await sub.subscribe(topic);
    subscribed = true;
    // Whatever was kept before the gap may have changed during it.
    for (const handler of trustHandlers) handler();
  };
  sub.on('close', lose);
  sub.on('ready', () => {
    if (started && !closing && !subscribed)
      listen().catch((error: Error) => options.onError?.(error));
  });
  sub.on('error', (error: Error) => options.onError?.(error));
  pub.on('error', (error: Error) => options.onError?.(error));
  sub.on('message', (channel: string, text: string) => {
    if (channel !== topic) return;
    let target: SessionTarget;
    try {
      target = JSON.parse(text) as SessionTarget;
    } catch {
      return;
    }
    for (const handler of changeHandlers) handler(target);
  });
  await pub.connect();
  await sub.connect();
  await listen();
  started = true;

  return {
    async publish(target) {
      await pub.publish(topic, JSON.stringify(target));
    },
    onChange: (handler) => void changeHandlers.push(handler),
    onTrustLost: (handler) => void trustHandlers.push(handler),
    trusted: () => subscribed,
    async close() {
      closing = true;
      changeHandlers.length = 0;
      trustHandlers.length = 0;
      await Promise.all([sub.quit(), pub.quit()]);
    },
  };
}
