import type { FastifyRequest } from 'fastify';

// What the log keeps of a request. A `?token=` (docs/product.md §7 lets GET /api/me take one) is a
// live credential: whoever reads the log could replay it, so its value never reaches the log.

const SECRET_PARAMS = /([?&](?:token|access_token)=)[^&#]*/gi;

export function redactedUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

export const requestSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactedUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
