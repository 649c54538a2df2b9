import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { envelope } from './envelope.ts';

// Requests Node refuses before Fastify sees them (an address or headers past 16 KB, a
// malformed request line) still answer in the API envelope, so a client reads one shape.

export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, data] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', { url: 'The address or the headers are too long' }]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', null]
        : [400, 'bad_request', { body: 'Malformed request' }];
  const body = JSON.stringify(envelope(data, code, false));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
