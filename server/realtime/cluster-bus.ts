import type { Area } from '../../src/domain/access.ts';
import type { SessionBinding, SessionTarget } from './session-watch.ts';

// What one node tells every node (itself included). With one process the bus is a direct
// call; with REDIS_URL it is a Redis pub/sub channel, so the same hub code runs either way.

export type ClusterMessage =
  | {
      type: 'event';
      channels: string[];
      event: string;
      /** Already the wire string. */
      data: string;
      /** The one connection, on whichever node, that must not receive it. */
      exceptSocketId?: string;
      /** Set on client events relayed from presence channels. */
      userId?: string;
      /** Subscribers whose session may not read rows of `area` get `data` from here instead. */
      readers?: { area: Area; data: string };
    }
  | { type: 'terminate'; userId: string }
  /** A channel was authorised for a session; the node holding the socket remembers it. */
  | ({ type: 'session' } & SessionBinding)
  /** Sessions may have ended or lost access: every node checks its sockets of the target. */
  | { type: 'recheck'; target: SessionTarget };

export interface ClusterBus {
  /** Resolves once the message is handed to every node (or to Redis, which guarantees order). */
  broadcast(message: ClusterMessage): Promise<void>;
  /** The hub of this node registers here; publish-only buses never call it. */
  onMessage(handler: (message: ClusterMessage) => void): void;
  close(): Promise<void>;
}

/** Single-process bus: delivery is synchronous, so batches keep their order trivially. */
export function createLocalBus(): ClusterBus {
  const handlers: Array<(message: ClusterMessage) => void> = [];
  return {
    broadcast(message) {
      for (const handler of handlers) handler(message);
      return Promise.resolve();
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    close() {
      handlers.length = 0;
      return Promise.resolve();
    },
  };
}
