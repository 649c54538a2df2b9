import { Redis } from 'ioredis';
import type { ClusterBus, ClusterMessage } from './cluster-bus.ts';
import type { RealtimeLogger } from './realtime-logger.ts';

// The bus across server processes: one Redis pub/sub channel. Every node, the publisher
// included, receives every message and delivers it to its own sockets. One publishing
// connection per node keeps that node's messages (a batch, say) in order.

export interface RedisBusOptions {
  url: string;
  /** Namespaces the pub/sub channel, so two apps can share a Redis. */
  prefix: string;
  logger: RealtimeLogger;
  /** False for publish-only processes (a worker that never holds websockets). */
  subscribe?: boolean;
}

export async function createRedisBus(options: RedisBusOptions): Promise<ClusterBus> {
  const topic = `${options.prefix}bus`;
  const pub = new Redis(options.url, { lazyConnect: true });
  await pub.connect();
  const handlers: Array<(message: ClusterMessage) => void> = [];
  let sub: Redis | undefined;

  if (options.subscribe !== false) {
    sub = pub.duplicate();
    sub.on('message', (channel: string, text: string) => {
      if (channel !== topic) return;
      let message: ClusterMessage;
      try {
        message = JSON.parse(text) as ClusterMessage;
      } catch (error) {
        options.logger.warn({ err: error }, 'unreadable realtime bus message');
        return;
      }
      for (const handler of handlers) handler(message);
    });
    await sub.subscribe(topic);
  }

  return {
    async broadcast(message) {
      await pub.publish(topic, JSON.stringify(message));
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    async close() {
      handlers.length = 0;
      await Promise.all([sub?.quit(), pub.quit()]);
    },
  };
}
