import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's realtime connection (X-Socket-Id), excluded from its own broadcasts. */
    socketId: string | undefined;
  }
}

const SOCKET_ID = /^\d+\.\d+$/;

/** Laravel's toOthers(): Echo sends X-Socket-Id; a malformed one is ignored, not trusted. */
export function registerSocketId(app: FastifyInstance): void {
  app.decorateRequest('socketId', undefined);
  app.addHook('onRequest', async (request) => {
    const header = request.headers['x-socket-id'];
    if (typeof header === 'string' && SOCKET_ID.test(header)) request.socketId = header;
  });
}
