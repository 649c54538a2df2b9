import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { StaleVersionError } from '../db/versioned-update.ts';
import { ApiError } from '../errors/api-error.ts';
import { mapDatabaseError } from './db-errors.ts';
import { envelope } from './envelope.ts';

// Every failure leaves as the envelope with a message code; nothing of a stack trace or SQL
// reaches the client. Unknown failures are logged with the request id for the operator.

const FASTIFY_ERRORS: Record<string, [number, string, Record<string, string>]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'bad_request', { body: 'Malformed JSON' }],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'bad_request', { body: 'Empty JSON body' }],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', { body: 'The request body is too large' }],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', { body: 'Unsupported content type' }],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request', { body: 'Bad Content-Length' }],
};

/** The answer for a path nothing serves: 404 with the `not_found` envelope. */
export function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).send(envelope(null, 'not_found', false));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.status).send(envelope(error.data, error.code, false));
    }
    if (error instanceof StaleVersionError) {
      return reply.code(409).send(envelope({ version: 'other' }, 'stale_version', false));
    }
    const known = FASTIFY_ERRORS[error.code];
    if (known) {
      const [status, code, data] = known;
      return reply.code(status).send(envelope(data, code, false));
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return reply.code(400).send(envelope({ body: 'Malformed request' }, 'bad_request', false));
    }
    if (error.statusCode === 404) return sendNotFound(reply);
    const mapped = mapDatabaseError(error, request.method);
    if (mapped) {
      if (mapped.code === 'db_error') request.log.error({ err: error }, 'database error');
      return reply.code(mapped.status).send(envelope(mapped.data, mapped.code, false));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(envelope(null, 'server_error', false));
  });
}
