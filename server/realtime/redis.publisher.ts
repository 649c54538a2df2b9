import type { ClusterBus } from './cluster-bus.ts';
import type { Publisher } from './publisher.ts';
import { checkPublishMessage } from './publisher.ts';

// Publishes onto the Redis bus. Every node (this one included) delivers to its own sockets and
// skips the excluded socket_id wherever it lives. Works from processes that hold no sockets.

export function createRedisPublisher(bus: ClusterBus, options: { closeBus?: boolean } = {}): Publisher {
  return {
    async publish(message) {
      const { data, others, socketId } = checkPublishMessage(message, { allowEncrypted: false });
      await bus.broadcast({
        type: 'event',
        channels: message.channels,
        event: message.event,
        data,
        ...(socketId === undefined ? {} : { exceptSocketId: socketId }),
        ...(message.readers === undefined || others === undefined ? {} : { readers: { area: message.readers.area, data: others } }),
      });
    },
    close: () => (options.closeBus ? bus.close() : Promise.resolve()),
  };
}
