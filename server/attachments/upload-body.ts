import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.ts';

// An upload's body, refused as soon as it is known to be too large: from its Content-Length
// before a byte is read, else (a chunked upload) the moment the bytes read pass the limit.
// Nothing past the limit is kept in memory. Fastify answers a parser's error with
// `Connection: close`, so a client still sending is cut off rather than read to its end.

/** 413 naming the limit: `{file: 'size', max_bytes}` (ATTACHMENTS_MAX_BYTES). */
export function uploadTooLarge(max: number): ApiError {
  return new ApiError('payload_too_large', { file: 'size', max_bytes: max }, 413);
}

export function bodyUpTo(max: number) {
  return (
    request: FastifyRequest,
    payload: NodeJS.ReadableStream,
    done: (err: Error | null, body?: Buffer) => void,
  ) => {
    const announced = Number(request.headers['content-length']);
    if (announced > max) {
      done(uploadTooLarge(max));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) {
        chunks.push(chunk);
        return;
      }
      stop();
      done(uploadTooLarge(max));
    };
    const onError = (error: Error) => {
      stop();
      done(error);
    };
    const onEnd = () => {
      stop();
      done(null, Buffer.concat(chunks));
    };
    function stop() {
      payload.removeListener('data', onData);
      payload.removeListener('error', onError);
      payload.removeListener('end', onEnd);
    }
    payload.on('data', onData);
    payload.on('error', onError);
    payload.on('end', onEnd);
  };
}
