import type { Publisher } from './publisher.ts';
import { checkPublishMessage } from './publisher.ts';
import type { RealtimeHub } from './realtime-hub.ts';

// Publishes straight into this process's hub. With a local bus the event reaches local sockets
// synchronously; the hub is also what the Redis setup uses, so this stays correct there too.

export function createInProcessPublisher(hub: Pick<RealtimeHub, 'publish'>): Publisher {
  return {
    async publish(message) {
      const { data, others, socketId } = checkPublishMessage(message, { allowEncrypted: false });
      const event: Parameters<RealtimeHub['publish']>[0] = { channels: message.channels, event: message.event, data };
      if (socketId !== undefined) event.socketId = socketId;
      if (message.readers !== undefined && others !== undefined) event.readers = { area: message.readers.area, data: others };
      await hub.publish(event);
    },
    close: () => Promise.resolve(),
  };
}
